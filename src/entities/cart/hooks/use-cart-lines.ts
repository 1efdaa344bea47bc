/** React reads of the cart (IndexedDB through useLiveQuery: instant, offline, in step across tabs). */
import { useLiveQuery } from 'dexie-react-hooks';

import type { CartLine } from '../../../shared/domain/cart';
import { db } from '../../../db/db';

const NO_LINES: CartLine[] = [];

/** The cart's lines in the order they were added; [] until IndexedDB answers. */
export function useCartLines(): { lines: CartLine[]; loaded: boolean } {
  const lines = useLiveQuery(() => db.cartLines.orderBy('addedAt').toArray(), []);
  return { lines: lines ?? NO_LINES, loaded: lines !== undefined };
}
