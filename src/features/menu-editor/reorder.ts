/**
 * Reordering (categories, dishes, options): one pure move used by the drag gesture and by the
 * keyboard's Move up / Move down, so both paths give the same order.
 */
import type { Words } from './words';
import { ENGLISH_WORDS } from './words';

/** The list with `id` moved to `toIndex` (clamped); the same array when nothing moves. */
export function moveToIndex<T>(ids: readonly T[], id: T, toIndex: number): T[] {
  const from = ids.indexOf(id);
  if (from === -1) return [...ids];
  const target = Math.max(0, Math.min(ids.length - 1, toIndex));
  if (target === from) return [...ids];
  const next = ids.filter((other) => other !== id);
  next.splice(target, 0, id);
  return next;
}

/** One step up (-1) or down (+1). */
export function moveBy<T>(ids: readonly T[], id: T, delta: -1 | 1): T[] {
  return moveToIndex(ids, id, ids.indexOf(id) + delta);
}

/**
 * Where a dragged row lands: the number of other rows whose middle lies above the pointer.
 * `middles` are the vertical centres of every row but the dragged one, in list order.
 */
export function dropIndex(middles: readonly number[], pointerY: number): number {
  let index = 0;
  for (const middle of middles) if (pointerY > middle) index += 1;
  return index;
}

/** What the live region says after a move ("Grill moved to position 2 of 5"). */
export function movedAnnouncement(name: string, index: number, count: number, { t }: Words = ENGLISH_WORDS): string {
  return t('menu-editor.reorder.moved', { name, position: index + 1, count });
}

export function sameOrder<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
