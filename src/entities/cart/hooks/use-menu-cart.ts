/**
 * The cart as the menu screen needs it, with IndexedDB code loaded after the first paint
 * (Dexie would otherwise be part of `/menu`'s initial JS): card quantity badges, empty until the
 * lazy read answers, and adding a configuration. Offline: both work, local only (see cart-repo).
 */
import { useEffect, useState } from 'react';

import type { CartAddition } from '../../../shared/domain/cart';

const NO_QUANTITIES: ReadonlyMap<number, number> = new Map();

/** Units in the cart per menu item id; empty until IndexedDB answers. */
export function useMenuCartQuantities(): ReadonlyMap<number, number> {
  const [quantities, setQuantities] = useState(NO_QUANTITIES);
  useEffect(() => {
    let cancelled = false;
    let subscription: { unsubscribe(): void } | null = null;
    void import('../cart-live').then(({ observeCartQuantities }) => {
      if (!cancelled) subscription = observeCartQuantities(setQuantities);
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }, []);
  return quantities;
}

/** Add a configuration to the cart (merging with an identical line), loading the cart code on first use. */
export async function addToCartLazily(addition: CartAddition): Promise<void> {
  const { addToCart } = await import('../cart-repo');
  await addToCart(addition);
}
