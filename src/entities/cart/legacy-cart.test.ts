import { describe, expect, it } from 'vitest';

import { parseLegacyCart } from './legacy-cart';

describe('parseLegacyCart', () => {
  it('reads the zustand persist shape with prices in lei', () => {
    const raw = JSON.stringify({
      state: {
        items: [
          {
            id: '1732270000000',
            menuItemId: 2,
            name: 'Mici',
            sku: 'SKU-2',
            price: 5.5,
            quantity: 4,
            selectedModifiers: [{ modifierId: 4, name: 'Sos barbecue', sku: 'MOD-4', price: '2.50', modifierGroupId: 1 }],
            specialInstructions: 'bine făcuți',
            imageUrl: '/images/menu/produse-la-jar.svg',
          },
          { id: 'x', menuItemId: 3, name: 'Pâine', price: '6.90', quantity: 1 },
        ],
      },
      version: 0,
    });
    expect(parseLegacyCart(raw)).toEqual([
      {
        menuItemId: 2,
        name: 'Mici',
        sku: 'SKU-2',
        unitPriceBani: 550,
        quantity: 4,
        selectedModifiers: [{ modifierId: 4, modifierGroupId: 1, name: 'Sos barbecue', sku: 'MOD-4', priceBani: 250 }],
        specialInstructions: 'bine făcuți',
        imageUrl: '/images/menu/produse-la-jar.svg',
      },
      {
        menuItemId: 3,
        name: 'Pâine',
        sku: 'SKU-3',
        unitPriceBani: 690,
        quantity: 1,
        selectedModifiers: [],
        specialInstructions: '',
        imageUrl: null,
      },
    ]);
  });

  it('drops broken lines and ignores unreadable values', () => {
    expect(parseLegacyCart(null)).toEqual([]);
    expect(parseLegacyCart('{not json')).toEqual([]);
    expect(parseLegacyCart(JSON.stringify({ items: [] }))).toEqual([]);
    const raw = JSON.stringify({
      state: {
        items: [
          { name: 'no id', price: 1, quantity: 1 },
          { menuItemId: 1, name: 'Zero', price: 1, quantity: 0 },
        ],
      },
    });
    expect(parseLegacyCart(raw)).toEqual([]);
  });
});
