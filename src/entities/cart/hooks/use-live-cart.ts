/**
 * Views of the cart (../cart-live.ts) as React state, with IndexedDB code loaded after the first
 * paint (Dexie would otherwise be part of `/menu`'s initial JS): the initial value until the lazy
 * read answers, then every change (any tab). Offline: the same, the cart is on the device.
 */
import { useEffect, useState } from 'react';

import type { CartSummary, CartView, CartViewData } from '../cart-live';

export function useLiveCart<V extends CartView, I>(view: V, initial: I): CartViewData<V> | I {
  const [data, setData] = useState<CartViewData<V> | I>(initial);
  useEffect(() => {
    let cancelled = false;
    let subscription: { unsubscribe(): void } | null = null;
    void import('../cart-live').then(({ observeCart }) => {
      if (!cancelled) subscription = observeCart(view, setData);
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }, [view]);
  return data;
}

const NO_QUANTITIES: ReadonlyMap<number, number> = new Map();

/** Units in the cart per menu item id (menu card badges); empty until IndexedDB answers. */
export function useCartQuantities(): ReadonlyMap<number, number> {
  return useLiveCart('quantities', NO_QUANTITIES);
}

/** The cart's units and total (the menu's bottom bar); null until IndexedDB answers. */
export function useCartSummary(): CartSummary | null {
  return useLiveCart('summary', null);
}
