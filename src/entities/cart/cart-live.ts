/**
 * The cart noun's live read, loaded lazily by its hooks (hooks/) so IndexedDB code (Dexie, ~30 KiB
 * gzip) stays out of the first paint's bundle of `/` and `/menu`. One read (the repository's
 * readCartLines), re-run by Dexie on every change in any tab; a reader names the view it shows.
 * The read only reads: the one-time legacy cart migration starts beside it, before the first
 * subscription, and the lines it brings reach the readers as a change like any other.
 */
import { liveQuery } from 'dexie';

import type { CartLine } from '../../shared/domain/cart';
import { cartItemCount, cartTotalBani, quantitiesByMenuItem } from '../../shared/domain/cart';
import { migrateLegacyCart, readCartLines } from './cart-repo';

const views = {
  /** The cart's units (the header badge). */
  count: cartItemCount,
  /** Units per menu item id (menu card badges). */
  quantities: quantitiesByMenuItem,
  /** Units and the lines' total in bani at the device's prices (the menu's bottom cart bar). */
  summary: (lines: readonly CartLine[]) => ({ count: cartItemCount(lines), totalBani: cartTotalBani(lines) }),
};

export type CartView = keyof typeof views;
export type CartViewData<V extends CartView> = ReturnType<(typeof views)[V]>;
export type CartSummary = CartViewData<'summary'>;

let migration: Promise<void> | null = null;

/** Reports the view of the cart now and on every change (any tab) until unsubscribed. */
export function observeCart<V extends CartView>(view: V, onChange: (data: CartViewData<V>) => void): { unsubscribe(): void } {
  migration ??= migrateLegacyCart().catch((error: unknown) => console.warn('legacy cart migration failed', error));
  const pick = views[view] as (lines: readonly CartLine[]) => CartViewData<V>;
  return liveQuery(readCartLines).subscribe({
    next: (lines) => onChange(pick(lines)),
    error: (error: unknown) => console.warn(`cart ${view} unavailable`, error),
  });
}
