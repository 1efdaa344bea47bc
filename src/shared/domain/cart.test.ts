import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MAX_ITEM_QUANTITY } from '../schemas/menu';
import type { CartAddition, CartLine, CartModifier } from './cart';
import {
  addToCartLines,
  cartItemCount,
  cartLineKey,
  cartLineTotalBani,
  cartTotalBani,
  quantitiesByMenuItem,
  setLineQuantity,
} from './cart';

const modifier = (modifierId: number, priceBani = 0): CartModifier => ({
  modifierId,
  modifierGroupId: 1,
  name: `M${modifierId}`,
  sku: `MOD-${modifierId}`,
  priceBani,
});

const addition = (menuItemId: number, modifiers: CartModifier[], quantity = 1, unitPriceBani = 550): CartAddition => ({
  menuItemId,
  name: `Item ${menuItemId}`,
  sku: `SKU-${menuItemId}`,
  unitPriceBani,
  quantity,
  selectedModifiers: modifiers,
  specialInstructions: '',
  imageUrl: null,
});

function addAll(additions: readonly CartAddition[]): CartLine[] {
  return additions.reduce<CartLine[]>((lines, a, i) => addToCartLines(lines, a, `line-${i}`, '2026-11-22T12:00:00.000Z'), []);
}

const modifierArb = fc.record({
  modifierId: fc.integer({ min: 1, max: 6 }),
  modifierGroupId: fc.constant(1),
  name: fc.constant('m'),
  sku: fc.constant('MOD'),
  priceBani: fc.integer({ min: 0, max: 1_000 }),
});
const additionArb = fc
  .record({
    menuItemId: fc.integer({ min: 1, max: 4 }),
    modifierIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
    quantity: fc.integer({ min: 1, max: 5 }),
  })
  // Prices follow from ids, as in a real catalogue: the same configuration always costs the same.
  .map(({ menuItemId, modifierIds, quantity }) =>
    addition(
      menuItemId,
      modifierIds.map((id) => modifier(id, id * 50)),
      quantity,
      menuItemId * 1_000,
    ),
  );

describe('cart rules', () => {
  it('merges the same item with the same set of modifiers, whatever the order they were chosen in', () => {
    const lines = addAll([addition(1, [modifier(2), modifier(3)]), addition(1, [modifier(3), modifier(2)], 2)]);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(3);
  });

  it('keeps different modifiers on separate lines', () => {
    const lines = addAll([addition(1, [modifier(2)]), addition(1, [modifier(3)]), addition(1, [])]);
    expect(lines).toHaveLength(3);
  });

  it('prices a line as (base + modifiers) x quantity in bani', () => {
    const [line] = addAll([addition(1, [modifier(2, 250), modifier(3, 300)], 3, 550)]);
    expect(cartLineTotalBani(line!)).toBe((550 + 250 + 300) * 3);
  });

  it('removes a line whose quantity drops to 0 or below', () => {
    const lines = addAll([addition(1, []), addition(2, [])]);
    expect(setLineQuantity(lines, 'line-0', 0).map((l) => l.id)).toEqual(['line-1']);
    expect(setLineQuantity(lines, 'line-1', -3).map((l) => l.id)).toEqual(['line-0']);
    expect(setLineQuantity(lines, 'line-1', 4).find((l) => l.id === 'line-1')?.quantity).toBe(4);
  });

  it('caps quantities at the maximum', () => {
    const lines = addAll([addition(1, [], MAX_ITEM_QUANTITY), addition(1, [], 5)]);
    expect(lines[0]?.quantity).toBe(MAX_ITEM_QUANTITY);
  });

  it('keeps the first note when merging, or takes the new one when there was none', () => {
    const withNote = { ...addition(1, []), specialInstructions: 'fără ceapă' };
    expect(addAll([addition(1, []), withNote])[0]?.specialInstructions).toBe('fără ceapă');
    expect(addAll([withNote, { ...withNote, specialInstructions: 'altceva' }])[0]?.specialInstructions).toBe('fără ceapă');
  });

  it('counts units for the badge and per menu item', () => {
    const lines = addAll([addition(1, [], 2), addition(1, [modifier(1)], 3), addition(2, [], 1)]);
    expect(cartItemCount(lines)).toBe(6);
    expect(quantitiesByMenuItem(lines).get(1)).toBe(5);
  });

  it('property: the total always equals the sum of its lines', () => {
    fc.assert(
      fc.property(fc.array(additionArb, { maxLength: 25 }), (additions) => {
        const lines = addAll(additions);
        const sum = lines.reduce((total, line) => total + cartLineTotalBani(line), 0);
        expect(cartTotalBani(lines)).toBe(sum);
      }),
    );
  });

  it('property: merging is order-independent (same lines, quantities and total in any order)', () => {
    fc.assert(
      fc.property(
        fc
          .array(additionArb, { maxLength: 25 })
          .chain((additions) => fc.tuple(fc.constant(additions), fc.shuffledSubarray(additions, { minLength: additions.length }))),
        ([additions, shuffled]) => {
          const summary = (lines: CartLine[]) =>
            lines
              .map((l) => `${cartLineKey(l)}x${l.quantity}`)
              .sort()
              .join('|');
          const a = addAll(additions);
          const b = addAll(shuffled);
          expect(summary(b)).toBe(summary(a));
          expect(cartTotalBani(b)).toBe(cartTotalBani(a));
        },
      ),
    );
  });

  it('property: modifier keys ignore the order of choice', () => {
    fc.assert(
      fc.property(fc.uniqueArray(modifierArb, { selector: (m) => m.modifierId, maxLength: 5 }), (mods) => {
        expect(cartLineKey({ menuItemId: 1, selectedModifiers: [...mods].reverse() })).toBe(
          cartLineKey({ menuItemId: 1, selectedModifiers: mods }),
        );
      }),
    );
  });
});
