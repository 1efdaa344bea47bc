import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it } from 'vitest';

import { db } from '../../db/db';
import type { CartAddition } from '../../shared/domain/cart';
import { cartLine } from '../../../tests/fixtures/checkout-cart-lines';
import { addAllToCart, addToCart, clearCart, migrateLegacyCart, readCartLines, restoreCartLines, setCartLineQuantity } from './cart-repo';
import { LEGACY_CART_STORAGE_KEY } from './legacy-cart';

function addition(overrides: Partial<CartAddition> = {}): CartAddition {
  const { id: _id, addedAt: _addedAt, ...rest } = cartLine(overrides);
  return rest;
}
const RIBS = addition();
const BREAD = addition({
  menuItemId: 3,
  name: 'Bread',
  sku: 'BREAD',
  unitPriceBani: 690,
  quantity: 1,
  selectedModifiers: [],
  specialInstructions: '',
});
const summary = async () => (await readCartLines()).map((line) => [line.menuItemId, line.quantity]);

afterEach(async () => {
  await Promise.all([db.cartLines.clear(), db.meta.clear()]);
});

describe('the cart repository', () => {
  it('adds in order and merges an identical configuration into its line', async () => {
    await addToCart(RIBS);
    await addToCart(BREAD);
    await addToCart({ ...RIBS, quantity: 1 });
    expect(await summary()).toEqual([
      [7, 3],
      [3, 1],
    ]);
  });

  it('adds several configurations in their order, merging as one add each', async () => {
    await addToCart(BREAD);
    await addAllToCart([RIBS, { ...BREAD, quantity: 2 }, { ...RIBS, specialInstructions: 'Extra crispy' }]);
    const lines = await readCartLines();
    expect(lines.map((line) => [line.menuItemId, line.quantity, line.specialInstructions])).toEqual([
      [3, 3, ''],
      [7, 2, 'No onion'],
      [7, 2, 'Extra crispy'],
    ]);
  });

  it('a quantity of 0 removes the line', async () => {
    await addAllToCart([RIBS, BREAD]);
    const [ribs] = await readCartLines();
    await setCartLineQuantity(ribs!.id, 0);
    expect(await summary()).toEqual([[3, 1]]);
  });

  it('undoing a clear brings the lines back, merged with what was added meanwhile', async () => {
    await addAllToCart([RIBS, BREAD]);
    const removed = await clearCart();
    expect(await readCartLines()).toEqual([]);
    await addToCart(BREAD);
    await restoreCartLines(removed);
    expect((await summary()).sort()).toEqual([
      [3, 2],
      [7, 2],
    ]);
  });

  it('brings the old site’s cart in once per device and deletes it', async () => {
    const legacy = JSON.stringify({
      state: { items: [{ id: 'x', menuItemId: 3, name: 'Pâine', price: '6.90', quantity: 1 }] },
      version: 0,
    });
    const storage = new Map([[LEGACY_CART_STORAGE_KEY, legacy]]);
    const local = { getItem: (key: string) => storage.get(key) ?? null, removeItem: (key: string) => void storage.delete(key) };
    await migrateLegacyCart(local);
    expect(await summary()).toEqual([[3, 1]]);
    expect(storage.has(LEGACY_CART_STORAGE_KEY)).toBe(false);
    // A copy written back by an old tab is not migrated twice.
    storage.set(LEGACY_CART_STORAGE_KEY, legacy);
    await migrateLegacyCart(local);
    expect(await summary()).toEqual([[3, 1]]);
  });
});
