import { describe, expect, it } from 'vitest';

import { bulkPriceChanges } from './bulk-price';

const DISHES = [
  { id: 1, name: 'Mici', priceBani: 450 },
  { id: 2, name: 'Ceafă', priceBani: 1990 },
  { id: 3, name: 'Pâine', priceBani: 100 },
];

describe('bulkPriceChanges', () => {
  it('raises by a percentage, rounding half up to whole bani', () => {
    expect(bulkPriceChanges(DISHES, { mode: 'percent', value: 7.5 })).toEqual({
      ok: true,
      changes: [
        { dishId: 1, name: 'Mici', beforeBani: 450, afterBani: 484 }, // 483.75
        { dishId: 2, name: 'Ceafă', beforeBani: 1990, afterBani: 2139 }, // 2139.25
        { dishId: 3, name: 'Pâine', beforeBani: 100, afterBani: 108 }, // 107.5
      ],
    });
  });

  it('cuts by a percentage and leaves out dishes whose price does not move', () => {
    const result = bulkPriceChanges([{ id: 9, name: 'Apă', priceBani: 1 }, ...DISHES], { mode: 'percent', value: -10 });
    expect(result).toEqual({
      ok: true,
      changes: [
        { dishId: 1, name: 'Mici', beforeBani: 450, afterBani: 405 },
        { dishId: 2, name: 'Ceafă', beforeBani: 1990, afterBani: 1791 },
        { dishId: 3, name: 'Pâine', beforeBani: 100, afterBani: 90 },
      ],
    });
  });

  it('adds or removes an amount in bani', () => {
    const result = bulkPriceChanges(DISHES, { mode: 'amount', value: -50 });
    expect(result.ok && result.changes.map((c) => c.afterBani)).toEqual([400, 1940, 50]);
  });

  it('refuses a price of 0 or less, naming the dish, and changes nothing', () => {
    expect(bulkPriceChanges(DISHES, { mode: 'amount', value: -100 })).toEqual({
      ok: false,
      field: 'value',
      message: 'Pâine would cost 0.00 lei: a price must stay above 0.',
      dish: { id: 3, name: 'Pâine', afterBani: 0 },
    });
  });

  it('refuses percentages out of range or finer than a tenth, and amounts that are not whole bani', () => {
    expect(bulkPriceChanges(DISHES, { mode: 'percent', value: -95 }).ok).toBe(false);
    expect(bulkPriceChanges(DISHES, { mode: 'percent', value: 501 }).ok).toBe(false);
    expect(bulkPriceChanges(DISHES, { mode: 'percent', value: 2.55 }).ok).toBe(false);
    expect(bulkPriceChanges(DISHES, { mode: 'amount', value: 10.5 }).ok).toBe(false);
    expect(bulkPriceChanges(DISHES, { mode: 'percent', value: 0 })).toEqual({ ok: true, changes: [] });
  });
});
