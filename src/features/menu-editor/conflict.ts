/**
 * A 409 menu_conflict (issue 18): another tablet saved the same row after this one read it. The
 * manager sees both versions, field by field, and chooses "Keep theirs" or "Apply mine again"
 * (the same change re-sent on top of their revision). See docs/decisions/0120-menu-editor-conflicts.md.
 */
import type { z } from 'zod/mini';

import type { menuConflictDetailsSchema } from '../../shared/schemas/menu-editor';
import { ALLERGEN_LABELS, DIETARY_TAG_LABELS, describeWindow } from './labels';
import { baniToLeiText } from './price';

export type ConflictDetails = z.infer<typeof menuConflictDetailsSchema>;

export interface ConflictRow {
  field: string;
  label: string;
  mine: string;
  theirs: string;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  shortLabel: 'Short label',
  description: 'Description',
  hidden: 'Hidden',
  categoryId: 'Category',
  unit: 'Unit',
  priceBani: 'Price',
  photoId: 'Photo',
  soldOut: 'Sold out',
  allergens: 'Allergens',
  mayContain: 'May contain',
  dietaryTags: 'Dietary tags',
  availability: 'Availability',
  groupIds: 'Option groups',
  isRequired: 'Required',
  minSelections: 'Minimum',
  maxSelections: 'Maximum',
  options: 'Options',
};

/** A field's value as a person reads it. */
export function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'priceBani' && typeof value === 'number') return `${baniToLeiText(value)} lei`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'allergens' && Array.isArray(value))
    return value.length === 0
      ? 'None'
      : value.map((code) => ALLERGEN_LABELS[code as keyof typeof ALLERGEN_LABELS] ?? String(code)).join(', ');
  if (field === 'dietaryTags' && Array.isArray(value))
    return value.length === 0
      ? 'None'
      : value.map((tag) => DIETARY_TAG_LABELS[tag as keyof typeof DIETARY_TAG_LABELS] ?? String(tag)).join(', ');
  if (field === 'availability' && Array.isArray(value))
    return value.length === 0 ? 'Always' : (value as { days: number[]; from: string; to: string }[]).map(describeWindow).join('; ');
  if (field === 'options' && Array.isArray(value))
    return (value as { name: string; priceBani: number }[])
      .map((option) => `${option.name} (${baniToLeiText(option.priceBani)})`)
      .join(', ');
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}

/** The stored row's value for a field the manager sent (a photo is compared by its id). */
function theirValue(current: Record<string, unknown>, field: string): unknown {
  if (field === 'photoId') return (current.photo as { id?: string } | null | undefined)?.id ?? null;
  return current[field];
}

/** Rows for the fields the manager changed: what they sent against what is stored now. */
export function conflictRows(sent: Record<string, unknown>, details: ConflictDetails): ConflictRow[] {
  const current = details.current as Record<string, unknown>;
  // A group is sent whole ({ baseRevision, group }): compare its fields.
  const values = typeof sent.group === 'object' && sent.group !== null ? (sent.group as Record<string, unknown>) : sent;
  const fields = Object.keys(values).filter((field) => field !== 'baseRevision' && field !== 'id');
  return fields.map((field) => ({
    field,
    label: FIELD_LABELS[field] ?? field,
    mine: showValue(field, values[field]),
    theirs: showValue(field, theirValue(current, field)),
  }));
}

/** The body to send again on top of their revision ("Apply mine again"). */
export function reapplyBody(sent: Record<string, unknown>, details: ConflictDetails): Record<string, unknown> {
  return { ...sent, baseRevision: details.current.revision };
}
