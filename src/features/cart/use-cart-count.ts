/** The header badge's number: cart units, 0 until the (lazily loaded) IndexedDB read answers. */
import { useEffect, useState } from 'react';

export function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let cancelled = false;
    let subscription: { unsubscribe(): void } | null = null;
    void import('./cart-count-live').then(({ observeCartCount }) => {
      if (!cancelled) subscription = observeCartCount(setCount);
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }, []);
  return count;
}
