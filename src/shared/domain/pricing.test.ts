import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { asBani } from '../money';
import { linePriceBani, subtotalBani } from './pricing';

const baniArb = fc.integer({ min: 0, max: 50_000 }).map(asBani);
const lineArb = fc.record({
  unitPriceBani: baniArb,
  modifierPricesBani: fc.array(baniArb, { maxLength: 5 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});

describe('pricing', () => {
  it('prices a line as (base + modifiers) x quantity', () => {
    expect(linePriceBani({ unitPriceBani: asBani(550), modifierPricesBani: [asBani(300), asBani(0)], quantity: 4 })).toBe(3400);
  });

  it('sums lines to the subtotal (property)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => {
        const expected = lines.reduce(
          (sum, l) => sum + (l.unitPriceBani + l.modifierPricesBani.reduce((a, b) => a + b, 0)) * l.quantity,
          0,
        );
        expect(subtotalBani(lines)).toBe(expected);
      }),
    );
  });

  it('refuses fractional quantities', () => {
    expect(() => linePriceBani({ unitPriceBani: asBani(100), modifierPricesBani: [], quantity: 1.5 })).toThrow(RangeError);
  });
});
