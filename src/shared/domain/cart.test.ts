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
    note: fc.constantFrom('', 'fără ceapă', 'Fără ceapă ', 'bine făcut'),
  })
  // Prices follow from ids, as in a real catalogue: the same configuration always costs the same.
  .map(({ menuItemId, modifierIds, quantity, note }) => ({
    ...addition(
      menuItemId,
      modifierIds.map((id) => modifier(id, id * 50)),
      quantity,
      menuItemId * 1_000,
    ),
    specialInstructions: note,
  }));

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

  it('keeps each portion of a per-kg dish on its own line and prices it by weight (issue 27)', () => {
    const ceafa = (weightGrams: number, quantity = 1) => ({ ...addition(5, [], quantity, 12_900), weightGrams });
    const lines = addAll([ceafa(750), ceafa(500), ceafa(750, 2)]);
    expect(lines.map((l) => [l.weightGrams, l.quantity])).toEqual([
      [750, 3],
      [500, 1],
    ]);
    expect(cartLineTotalBani(lines[0]!)).toBe(3 * 9_675);
    expect(cartTotalBani(lines)).toBe(3 * 9_675 + 6_450);
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

  it('keeps a different note on its own line, so no note is lost or put on the wrong portions', () => {
    const plain = addition(1, [], 2);
    const noOnion = { ...addition(1, []), specialInstructions: 'fără ceapă' };
    const wellDone = { ...addition(1, []), specialInstructions: 'bine făcut' };
    const lines = addAll([plain, noOnion, wellDone]);
    expect(lines.map((l) => [l.specialInstructions, l.quantity])).toEqual([
      ['', 2],
      ['fără ceapă', 1],
      ['bine făcut', 1],
    ]);
  });

  it('merges the same note, ignoring case and spacing, and keeps the first wording', () => {
    const first = { ...addition(1, [modifier(2)]), specialInstructions: 'Fără ceapă' };
    const again = { ...addition(1, [modifier(2)], 2), specialInstructions: '  fără   CEAPĂ ' };
    const lines = addAll([first, again]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 3, specialInstructions: 'Fără ceapă' });
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

  it('property: no two lines share a configuration, and no unit or note is lost', () => {
    fc.assert(
      // At most 19 additions of at most 5 units: no line can reach the quantity cap.
      fc.property(fc.array(additionArb, { maxLength: 19 }), (additions) => {
        const lines = addAll(additions);
        expect(new Set(lines.map(cartLineKey)).size).toBe(lines.length);
        expect(cartItemCount(lines)).toBe(additions.reduce((sum, a) => sum + a.quantity, 0));
        const notes = (items: readonly { specialInstructions: string }[]) =>
          new Set(items.map((i) => i.specialInstructions.trim().toLocaleLowerCase('ro')));
        expect(notes(lines)).toEqual(notes(additions));
      }),
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
