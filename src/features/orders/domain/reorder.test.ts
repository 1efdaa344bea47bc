import { describe, expect, it } from 'vitest';

import type { MenuItem } from '../../../shared/schemas/menu';
import { planReorder } from './reorder';
import { makeItem } from '../../../../tests/fixtures/orders';

function menuItem(overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    id: 1,
    categoryId: 1,
    name: 'Mici',
    sku: 'SKU-1',
    description: null,
    unit: 'Buc',
    priceBani: 600,
    image: '/img/mici.webp',
    isFeatured: false,
    isStandalone: true,
    soldOut: false,
    sortOrder: 0,
    modifierGroups: [],
    allergens: [],
    mayContain: null,
    dietaryTags: [],
    availability: [],
    photo: null,
    ...overrides,
  };
}

const sauceGroup = {
  id: 7,
  name: 'Sos',
  description: null,
  isRequired: true,
  minSelections: 1,
  maxSelections: 1,
  allowMultiple: false,
  sortOrder: 0,
  options: [
    { id: 70, name: 'Muștar', sku: 'MOD-70', priceBani: 0, isDefault: true, soldOut: false, sortOrder: 0, allergens: [] },
    { id: 71, name: 'Usturoi', sku: 'MOD-71', priceBani: 200, isDefault: false, soldOut: true, sortOrder: 1, allergens: [] },
  ],
};

describe('reorder at today’s prices', () => {
  it('uses today’s item and option prices, names and the old quantity and note', () => {
    const plan = planReorder(
      [
        makeItem({
          menuItemId: 2,
          itemName: 'Old name',
          basePriceBani: 100,
          quantity: 3,
          specialInstructions: 'bine făcut',
          selectedModifiers: [{ modifierId: 70, name: 'Muștar', sku: 'MOD-70', priceBani: 50 }],
        }),
      ],
      { items: [menuItem({ id: 2, name: 'Ceafă', sku: 'SKU-2', priceBani: 1290, modifierGroups: [sauceGroup] })] },
    );
    expect(plan.skipped).toEqual([]);
    expect(plan.additions).toEqual([
      {
        menuItemId: 2,
        name: 'Ceafă',
        sku: 'SKU-2',
        unitPriceBani: 1290,
        quantity: 3,
        selectedModifiers: [{ modifierId: 70, modifierGroupId: 7, name: 'Muștar', sku: 'MOD-70', priceBani: 0 }],
        specialInstructions: 'bine făcut',
        imageUrl: '/img/mici.webp',
      },
    ]);
  });

  it('skips and names items that are gone or sold out, and lines whose option is sold out', () => {
    const plan = planReorder(
      [
        makeItem({ menuItemId: 1, itemName: 'Mici' }),
        makeItem({ menuItemId: 404, itemName: 'Papanași' }),
        makeItem({ menuItemId: 3, itemName: 'Salată' }),
        makeItem({
          menuItemId: 2,
          itemName: 'Ceafă',
          selectedModifiers: [{ modifierId: 71, name: 'Usturoi', sku: 'MOD-71', priceBani: 200 }],
        }),
      ],
      {
        items: [
          menuItem(),
          menuItem({ id: 3, name: 'Salată', soldOut: true }),
          menuItem({ id: 2, name: 'Ceafă', modifierGroups: [sauceGroup] }),
        ],
      },
    );
    expect(plan.additions.map((a) => a.menuItemId)).toEqual([1]);
    expect(plan.skipped).toEqual(['Papanași', 'Salată', 'Ceafă (Usturoi)']);
  });

  it('brings a per-kg dish back in the same portion, and names it when that portion is no longer sold (issue 27)', () => {
    const ceafa = menuItem({ id: 3, name: 'Ceafă', unit: 'Kg', priceBani: 12_900 });
    const plan = planReorder(
      [makeItem({ menuItemId: 3, itemName: 'Ceafă', weightGrams: 750 }), makeItem({ menuItemId: 3, itemName: 'Ceafă', weightGrams: null })],
      { items: [ceafa] },
    );
    expect(plan.additions.map((a) => a.weightGrams)).toEqual([750, 1_000]);
    const stepped = planReorder([makeItem({ menuItemId: 3, itemName: 'Ceafă', weightGrams: 750 })], {
      items: [{ ...ceafa, weightStepGrams: 500, weightMinGrams: 500 }],
    });
    expect(stepped).toEqual({ additions: [], skipped: ['Ceafă (750 g)'] });
  });

  it('skips a line that no longer satisfies a required group', () => {
    const plan = planReorder([makeItem({ menuItemId: 2, itemName: 'Ceafă', selectedModifiers: [] })], {
      items: [menuItem({ id: 2, modifierGroups: [sauceGroup] })],
    });
    expect(plan).toEqual({ additions: [], skipped: ['Ceafă'] });
  });
});
