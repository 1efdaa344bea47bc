/**
 * The cart's lines in the order they were added, live (any tab), for the screens that show them
 * (the cart drawer, checkout): `undefined` while IndexedDB answers for the first time, so a screen
 * can tell "still loading" from "empty". Works offline: the cart is local data. Imports Dexie: for
 * screens loaded after the first paint only.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import type { CartLine } from '../../../shared/domain/cart';
import { readCartLines } from '../cart-repo';

export function useCartLines(): CartLine[] | undefined {
  return useLiveQuery(readCartLines, []);
}
