/**
 * The header badge's number: cart units, 0 until the (lazily loaded) IndexedDB read answers. 0 is
 * also what the server renders (it has no cart), so the first render hydrates the server's header
 * and the count arrives after it.
 */
import { useEffect, useState } from 'react';

export function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let cancelled = false;
    let subscription: { unsubscribe(): void } | null = null;
    void import('../cart-live').then(({ observeCart }) => {
      if (!cancelled) subscription = observeCart('count', setCount);
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }, []);
  return count;
}
