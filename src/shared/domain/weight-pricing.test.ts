import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { asBani } from '../money';
import { linePriceBani } from './pricing';
import { formatWeight, MAX_WEIGHT_GRAMS, nextWeight, portionPriceBani, weighingOf, weightProblem } from './weight-pricing';

const DEFAULT = { stepGrams: 250, minGrams: 250 };

describe('weight pricing', () => {
  it('prices 750 g of a 129 lei/kg dish at 96.75 lei, and rounds half up to the ban', () => {
    expect(portionPriceBani(asBani(12_900), 750)).toBe(9_675);
    expect(portionPriceBani(asBani(12_900), 1_000)).toBe(12_900);
    // 55.55 lei x 0.25 = 13.8875 -> 13.89; 0.02 lei x 0.25 = 0.005 -> 0.01 (half up); 0.01 x 0.25 -> 0.
    expect(portionPriceBani(asBani(5_555), 250)).toBe(1_389);
    expect(portionPriceBani(asBani(2), 250)).toBe(1);
    expect(portionPriceBani(asBani(1), 250)).toBe(0);
    expect(portionPriceBani(asBani(1), 499)).toBe(0);
    expect(portionPriceBani(asBani(1), 500)).toBe(1);
  });

  it('is the exact product rounded half up, never more than half a ban off (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: MAX_WEIGHT_GRAMS }), (price, grams) => {
        const priced = portionPriceBani(asBani(price), grams);
        expect(Number.isSafeInteger(priced)).toBe(true);
        // Half up: 1000 x priced lies in (exact - 500, exact + 500]; a tie (exactly half a ban) goes up.
        const diff = priced * 1000 - price * grams;
        expect(diff).toBeGreaterThan(-500);
        expect(diff).toBeLessThanOrEqual(500);
      }),
    );
  });

  it('never charges less for more, and a whole kilogram is the kilogram price (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: MAX_WEIGHT_GRAMS - 1 }), (price, grams) => {
        expect(portionPriceBani(asBani(price), grams + 1)).toBeGreaterThanOrEqual(portionPriceBani(asBani(price), grams));
        expect(portionPriceBani(asBani(price), 1_000)).toBe(price);
        expect(portionPriceBani(asBani(price), 2_000)).toBe(2 * price);
      }),
    );
  });

  it('accepts only the steps from the minimum, up to the maximum', () => {
    expect(weightProblem(DEFAULT, 250)).toBeNull();
    expect(weightProblem(DEFAULT, 750)).toBeNull();
    expect(weightProblem(DEFAULT, 1_000)).toBeNull();
    expect(weightProblem(DEFAULT, 0)).toBe('below_minimum');
    expect(weightProblem(DEFAULT, 200)).toBe('below_minimum');
    expect(weightProblem(DEFAULT, 300)).toBe('off_step');
    expect(weightProblem(DEFAULT, 750.5)).toBe('not_whole_grams');
    expect(weightProblem(DEFAULT, MAX_WEIGHT_GRAMS + 250)).toBe('above_maximum');
    const fromHalfKilo = { stepGrams: 100, minGrams: 500 };
    expect(weightProblem(fromHalfKilo, 400)).toBe('below_minimum');
    expect(weightProblem(fromHalfKilo, 600)).toBeNull();
    expect(weightProblem(fromHalfKilo, 650)).toBe('off_step');
  });

  it('steps up and down within the valid portions (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom<1 | -1>(1, -1),
        (stepGrams, minGrams, steps, direction) => {
          const weighing = { stepGrams, minGrams };
          const start = Math.min(minGrams + steps * stepGrams, nextWeight(weighing, MAX_WEIGHT_GRAMS, 1));
          const next = nextWeight(weighing, start, direction);
          expect(weightProblem(weighing, next)).toBeNull();
          expect(Math.abs(next - start) === stepGrams || next === start).toBe(true);
        },
      ),
    );
  });

  it('reads the weighing of a dish: per-kg dishes only, defaults 250 g from 250 g', () => {
    expect(weighingOf({ unit: 'Buc' })).toBeNull();
    expect(weighingOf({ unit: 'Kg' })).toEqual(DEFAULT);
    expect(weighingOf({ unit: 'Kg', weightStepGrams: 100 })).toEqual({ stepGrams: 100, minGrams: 100 });
    expect(weighingOf({ unit: 'Kg', weightStepGrams: 100, weightMinGrams: 300 })).toEqual({ stepGrams: 100, minGrams: 300 });
  });

  it('prices a weighed line as (portion + options) x quantity', () => {
    expect(linePriceBani({ unitPriceBani: asBani(12_900), modifierPricesBani: [asBani(500)], quantity: 2, weightGrams: 750 })).toBe(
      2 * (9_675 + 500),
    );
    expect(linePriceBani({ unitPriceBani: asBani(12_900), modifierPricesBani: [], quantity: 1, weightGrams: null })).toBe(12_900);
  });

  it('writes weights as people read them', () => {
    expect(formatWeight(250)).toBe('250 g');
    expect(formatWeight(750)).toBe('750 g');
    expect(formatWeight(1_000)).toBe('1 kg');
    expect(formatWeight(1_250)).toBe('1.25 kg');
    expect(formatWeight(1_250, 'ro')).toBe('1,25 kg');
    expect(formatWeight(750, 'ro')).toBe('750 g');
    expect(formatWeight(2_500)).toBe('2.5 kg');
  });
});
