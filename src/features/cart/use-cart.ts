/** React reads of the cart (IndexedDB through useLiveQuery: instant, offline, in step across tabs). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';

import type { CartLine } from '../../shared/domain/cart';
import { quantitiesByMenuItem } from '../../shared/domain/cart';
import { db } from '../../db/db';

const NO_LINES: CartLine[] = [];

/** The cart's lines in the order they were added; [] until IndexedDB answers. */
export function useCartLines(): { lines: CartLine[]; loaded: boolean } {
  const lines = useLiveQuery(() => db.cartLines.orderBy('addedAt').toArray(), []);
  return { lines: lines ?? NO_LINES, loaded: lines !== undefined };
}

/** Units in the cart per menu item id (menu card badges). */
export function useCartQuantities(): Map<number, number> {
  const { lines } = useCartLines();
  return useMemo(() => quantitiesByMenuItem(lines), [lines]);
}
