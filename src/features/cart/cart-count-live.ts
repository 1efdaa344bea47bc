/**
 * Loaded lazily by useCartCount so IndexedDB code stays out of the first paint's bundle: runs the
 * one-time legacy cart migration, then reports the cart's unit count on every change (any tab).
 */
import { liveQuery } from 'dexie';

import { cartItemCount } from '../../shared/domain/cart';
import { db } from '../../db/db';
import { migrateLegacyCart } from './cart-repo';

let migration: Promise<void> | null = null;

export function observeCartCount(onCount: (count: number) => void): { unsubscribe(): void } {
  migration ??= migrateLegacyCart().catch((error: unknown) => console.warn('legacy cart migration failed', error));
  return liveQuery(() => db.cartLines.toArray()).subscribe({
    next: (lines) => onCount(cartItemCount(lines)),
    error: (error: unknown) => console.warn('cart count unavailable', error),
  });
}
