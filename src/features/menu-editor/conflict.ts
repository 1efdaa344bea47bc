/**
 * A 409 menu_conflict (issue 18): another tablet saved the same row after this one read it. The
 * manager sees both versions, field by field, and chooses "Keep theirs" or "Apply mine again"
 * (the same change re-sent on top of their revision). See docs/decisions/0120-menu-editor-conflicts.md.
 */
import type { z } from 'zod/mini';

import type { menuConflictDetailsSchema } from '../../shared/schemas/menu-editor';
import type { Bani } from '../../shared/money';
import { formatLei } from '../../shared/money';
import { ALLERGEN_LABELS, DIETARY_TAG_LABELS, describeWindow } from './labels';
import { baniToLeiText } from './price';
import type { EditorMessageId, Words } from './words';
import { ENGLISH_WORDS } from './words';

export type ConflictDetails = z.infer<typeof menuConflictDetailsSchema>;

export interface ConflictRow {
  field: string;
  label: string;
  mine: string;
  theirs: string;
}

const FIELD_LABELS: Record<string, EditorMessageId> = {
  name: 'menu-editor.field.name',
  shortLabel: 'menu-editor.conflict.shortLabel',
  description: 'menu-editor.field.description',
  nameEn: 'menu-editor.english.name',
  shortLabelEn: 'menu-editor.english.shortLabel',
  descriptionEn: 'menu-editor.english.description',
  hidden: 'menu-editor.conflict.hidden',
  categoryId: 'menu-editor.field.category',
  unit: 'menu-editor.dish.unit',
  priceBani: 'menu-editor.conflict.price',
  photoId: 'menu-editor.conflict.photo',
  soldOut: 'menu-editor.field.soldOut',
  allergens: 'menu-editor.conflict.allergens',
  mayContain: 'menu-editor.dish.mayContain',
  dietaryTags: 'menu-editor.dish.dietaryTags',
  availability: 'menu-editor.conflict.availability',
  groupIds: 'menu-editor.dish.groups',
  isRequired: 'menu-editor.conflict.required',
  minSelections: 'menu-editor.conflict.minimum',
  maxSelections: 'menu-editor.conflict.maximum',
  options: 'menu-editor.conflict.options',
};

/** A field's value as a person reads it, in `words`' language. */
export function showValue(field: string, value: unknown, words: Words = ENGLISH_WORDS): string {
  const { t, locale } = words;
  const names = (labels: Record<string, EditorMessageId>, list: unknown[]) =>
    list.length === 0
      ? t('menu-editor.conflict.none')
      : list.map((code) => (labels[String(code)] ? t(labels[String(code)]!) : String(code))).join(', ');
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'priceBani' && typeof value === 'number') return formatLei(value as Bani, locale);
  if (typeof value === 'boolean') return value ? t('menu-editor.conflict.yes') : t('menu-editor.conflict.no');
  if (field === 'allergens' && Array.isArray(value)) return names(ALLERGEN_LABELS, value);
  if (field === 'dietaryTags' && Array.isArray(value)) return names(DIETARY_TAG_LABELS, value);
  if (field === 'availability' && Array.isArray(value))
    return value.length === 0
      ? t('menu-editor.conflict.always')
      : (value as { days: number[]; from: string; to: string }[]).map((window) => describeWindow(window, words)).join('; ');
  if (field === 'options' && Array.isArray(value))
    return (value as { name: string; priceBani: number }[])
      .map((option) => `${option.name} (${baniToLeiText(option.priceBani, locale)})`)
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

/** Rows for the fields the manager changed: what they sent against what is stored now, in `words`' language. */
export function conflictRows(sent: Record<string, unknown>, details: ConflictDetails, words: Words = ENGLISH_WORDS): ConflictRow[] {
  const current = details.current as Record<string, unknown>;
  // A group is sent whole ({ baseRevision, group }): compare its fields.
  const values = typeof sent.group === 'object' && sent.group !== null ? (sent.group as Record<string, unknown>) : sent;
  const fields = Object.keys(values).filter((field) => field !== 'baseRevision' && field !== 'id');
  return fields.map((field) => ({
    field,
    label: FIELD_LABELS[field] ? words.t(FIELD_LABELS[field]) : field,
    mine: showValue(field, values[field], words),
    theirs: showValue(field, theirValue(current, field), words),
  }));
}

/** The body to send again on top of their revision ("Apply mine again"). */
export function reapplyBody(sent: Record<string, unknown>, details: ConflictDetails): Record<string, unknown> {
  return { ...sent, baseRevision: details.current.revision };
}
