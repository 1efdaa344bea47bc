import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { db } from '../../db/db';
import { cartLine } from '../../../tests/fixtures/checkout-cart-lines';
import { observeCart } from './cart-live';

// No cart left by the old site on this device: the legacy migration beside the read finds nothing.
vi.stubGlobal('window', { localStorage: { getItem: () => null, removeItem: () => undefined } });

const subscriptions: { unsubscribe(): void }[] = [];
afterEach(async () => {
  for (const subscription of subscriptions.splice(0)) subscription.unsubscribe();
  await db.cartLines.clear();
});

function watch<T>(start: (onChange: (data: T) => void) => { unsubscribe(): void }): T[] {
  const seen: T[] = [];
  subscriptions.push(start((data) => seen.push(data)));
  return seen;
}

describe('the cart’s live read', () => {
  it('answers each view now and again on every change', async () => {
    await db.cartLines.put(cartLine({ id: 'a', menuItemId: 7, quantity: 2, unitPriceBani: 4500 }));
    const counts = watch<number>((onChange) => observeCart('count', onChange));
    const quantities = watch<ReadonlyMap<number, number>>((onChange) => observeCart('quantities', onChange));
    const summaries = watch<{ count: number; totalBani: number }>((onChange) => observeCart('summary', onChange));
    await vi.waitFor(() => expect(counts.at(-1)).toBe(2));
    await db.cartLines.put(cartLine({ id: 'b', menuItemId: 3, quantity: 1, unitPriceBani: 690, selectedModifiers: [] }));
    await vi.waitFor(() => expect(counts.at(-1)).toBe(3));
    await vi.waitFor(() =>
      expect([...(quantities.at(-1) ?? [])]).toEqual([
        [7, 2],
        [3, 1],
      ]),
    );
    await vi.waitFor(() => expect(summaries.at(-1)).toEqual({ count: 3, totalBani: 2 * 4500 + 690 }));
  });
});
