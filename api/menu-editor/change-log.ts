/**
 * The menu change log's "before -> after" (issue 18): each edited field as readable text, so the
 * manager's log says "price: 24.00 lei -> 26.50 lei" and not a JSON diff. Pure: the service
 * (./service.ts) writes what these compute.
 */
import type { AvailabilityWindow } from '../../src/shared/schemas/menu';

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

const DAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const BANI_PER_LEU = 100;

/** "24.50 lei": the log's money, whole bani shown with two decimals. */
export function leiText(bani: number): string {
  return `${(bani / BANI_PER_LEU).toFixed(2)} lei`;
}

export function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

/** "none" for an empty list, else the codes in the order given. */
export function listText(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.join(', ');
}

/** "Mon, Tue 11:00-15:00; Sat 12:00-14:00"; "always" without windows. */
export function availabilityText(windows: readonly AvailabilityWindow[]): string {
  if (windows.length === 0) return 'always';
  return windows
    .map(
      (window) =>
        `${[...window.days]
          .sort((a, b) => a - b)
          .map((day) => DAY_LABELS[day - 1] ?? String(day))
          .join(', ')} ${window.from}-${window.to}`,
    )
    .join('; ');
}

/**
 * The fields whose text differs between two readings of a row, in the order of `after`'s keys;
 * a key only `after` has (a created row) changes from null.
 */
export function fieldChanges(before: Record<string, string | null> | null, after: Record<string, string | null> | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return fields
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => change.before !== change.after);
}
