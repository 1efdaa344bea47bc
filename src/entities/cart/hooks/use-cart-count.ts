/** The header badge's number: cart units, 0 until the (lazily loaded) IndexedDB read answers. */
import { useEffect, useState } from 'react';

import { takeEarlyCartLines } from '../../../db/early-read';
import { cartItemCount } from '../../../shared/domain/cart-count';

export function useCartCount(): number {
  // Until Dexie has loaded, the count read at start-up (the cart is on screen with the
  // menu, from the first render when that read has answered by then).
  const [early] = useState(takeEarlyCartLines);
  const [count, setCount] = useState(() => (early.ready ? cartItemCount(early.ready) : 0));
  useEffect(() => {
    let cancelled = false;
    let subscription: { unsubscribe(): void } | null = null;
    let live = false;
    if (!early.ready)
      void early.pending?.then((lines) => {
        if (!cancelled && !live && lines) setCount(cartItemCount(lines));
      });
    void import('../cart-live').then(({ observeCart }) => {
      if (cancelled) return;
      subscription = observeCart('count', (next) => {
        live = true;
        setCount(next);
      });
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }, [early]);
  return count;
}
