/**
 * Loaded lazily by the cart hooks (hooks/) so IndexedDB code (Dexie, ~30 KiB gzip) stays out of
 * the first paint's bundle of `/` and `/menu`: runs the one-time legacy cart migration,
 * then reports the cart's unit count, or its units per menu item, on every change (any tab).
 */
import { liveQuery } from 'dexie';

import { cartItemCount, cartTotalBani, quantitiesByMenuItem } from '../../shared/domain/cart';
import { db } from '../../db/db';
import { migrateLegacyCart } from './cart-repo';

let migration: Promise<void> | null = null;

function migrateOnce(): void {
  migration ??= migrateLegacyCart().catch((error: unknown) => console.warn('legacy cart migration failed', error));
}

export function observeCartCount(onCount: (count: number) => void): { unsubscribe(): void } {
  migrateOnce();
  return liveQuery(() => db.cartLines.toArray()).subscribe({
    next: (lines) => onCount(cartItemCount(lines)),
    error: (error: unknown) => console.warn('cart count unavailable', error),
  });
}

/** Units in the cart per menu item id (menu card badges), on every change (any tab). */
export function observeCartQuantities(onQuantities: (quantities: Map<number, number>) => void): { unsubscribe(): void } {
  migrateOnce();
  return liveQuery(() => db.cartLines.toArray()).subscribe({
    next: (lines) => onQuantities(quantitiesByMenuItem(lines)),
    error: (error: unknown) => console.warn('cart quantities unavailable', error),
  });
}

/** What the menu's bottom cart bar shows: units and the lines' total in bani (the device's prices). */
export interface CartSummary {
  count: number;
  totalBani: number;
}

/** The cart's units and total, on every change (any tab). */
export function observeCartSummary(onSummary: (summary: CartSummary) => void): { unsubscribe(): void } {
  migrateOnce();
  return liveQuery(() => db.cartLines.toArray()).subscribe({
    next: (lines) => onSummary({ count: cartItemCount(lines), totalBani: cartTotalBani(lines) }),
    error: (error: unknown) => console.warn('cart summary unavailable', error),
  });
}
