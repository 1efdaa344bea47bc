import { describe, expect, it } from 'vitest';

import type { Menu, MenuItem } from '../../shared/schemas/menu';
import { cartChangesAgainstMenu } from './cart-price-changes';

const dish = (id: number, name: string, priceBani: number, soldOut = false): MenuItem => ({
  id,
  categoryId: 1,
  name,
  sku: `SKU-${id}`,
  description: null,
  unit: 'Buc',
  priceBani,
  image: null,
  isFeatured: false,
  isStandalone: true,
  soldOut,
  sortOrder: 0,
  modifierGroups: [],
  allergens: [],
  mayContain: null,
  dietaryTags: [],
  availability: [],
  photo: null,
});

const menu: Menu = {
  version: 'v1',
  generatedAt: '2026-11-22T12:00:00.000Z',
  categories: [
    { id: 1, slug: 'produse-la-jar', name: 'Produse la jar', shortLabel: 'La jar', description: null, icon: '🔥', sortOrder: 0 },
  ],
  items: [dish(7, 'Mici', 550), dish(8, 'Ceafă', 2500), dish(9, 'Cartofi', 1200, true)],
};

describe('cartChangesAgainstMenu', () => {
  it('names cart lines whose price changed, that disappeared or that are sold out, and leaves the others', () => {
    const changes = cartChangesAgainstMenu(
      [
        { menuItemId: 7, name: 'Mici', unitPriceBani: 500 },
        { menuItemId: 8, name: 'Ceafă', unitPriceBani: 2500 },
        { menuItemId: 9, name: 'Cartofi', unitPriceBani: 1200 },
        { menuItemId: 99, name: 'Gone', unitPriceBani: 1000 },
      ],
      menu,
    );
    expect(changes).toEqual([
      { menuItemId: 7, name: 'Mici', kind: 'price', beforeBani: 500, afterBani: 550 },
      { menuItemId: 9, name: 'Cartofi', kind: 'unavailable', beforeBani: 1200, afterBani: null },
      { menuItemId: 99, name: 'Gone', kind: 'unavailable', beforeBani: 1000, afterBani: null },
    ]);
  });
});
