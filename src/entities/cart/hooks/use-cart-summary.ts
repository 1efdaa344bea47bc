/**
 * The cart's units and total for the menu's bottom bar, from the lazily loaded cart reader (IndexedDB
 * and the pricing rules stay out of the first paint's bundle); null until it answers.
 */
import { useEffect, useState } from 'react';

import type { CartSummary } from '../cart-live';

export function useCartSummary(): CartSummary | null {
  const [summary, setSummary] = useState<CartSummary | null>(null);
  useEffect(() => {
    let cancelled = false;
    let subscription: { unsubscribe(): void } | null = null;
    void import('../cart-live').then(({ observeCartSummary }) => {
      if (!cancelled) subscription = observeCartSummary(setSummary);
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }, []);
  return summary;
}
