/**
 * The cart as checkout reads it: straight from IndexedDB (features never import each other, so not
 * through the cart feature), live across tabs. `undefined` while IndexedDB answers for the first
 * time, so the screen can tell "still loading" from "empty". Works offline: it is local data.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import type { CartLineRow } from '../../../db/app-db';
import { db } from '../../../db/db';

export function useCheckoutCart(): CartLineRow[] | undefined {
  return useLiveQuery(() => db.cartLines.orderBy('addedAt').toArray(), []);
}

/** Empty the cart once the order no longer needs it. Local only; works offline. */
export async function clearCheckoutCart(): Promise<void> {
  await db.cartLines.clear();
}
