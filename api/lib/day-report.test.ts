/**
 * The day report's pure parts: the local day and its hours across clock changes, the preparation
 * averages, and CSV fields (quoting, and no formula a spreadsheet would run). The figures themselves
 * against a generated day: api/routes/admin-reports.test.ts.
 */
import { describe, expect, it } from 'vitest';

import { bucharestDateBounds, categoryFiguresOf, csvField, hourStartsOf, prepFigures } from './day-report';

describe('the Bucharest day', () => {
  it('is 24 hours in winter and summer, 23 on the last Sunday of March, 25 on the last Sunday of October', () => {
    expect(bucharestDateBounds('2026-11-22')).toEqual({ from: '2026-11-21T22:00:00.000Z', to: '2026-11-22T22:00:00.000Z' });
    expect(bucharestDateBounds('2026-07-01')).toEqual({ from: '2026-06-30T21:00:00.000Z', to: '2026-07-01T21:00:00.000Z' });
    expect(hourStartsOf(bucharestDateBounds('2026-11-22')).length).toBe(24);
    expect(hourStartsOf(bucharestDateBounds('2026-03-29')).length).toBe(23);
    expect(hourStartsOf(bucharestDateBounds('2026-10-25')).length).toBe(25);
    // The year's last day ends at the next year's first midnight.
    expect(bucharestDateBounds('2026-12-31').to).toBe('2026-12-31T22:00:00.000Z');
  });
});

describe('preparation figures', () => {
  it('averages accepted-to-ready against the promise, to a tenth of a minute, and counts the late ones', () => {
    expect(prepFigures([])).toEqual({ timedOrders: 0, averageActualMinutes: null, averagePromisedMinutes: null, lateOrders: 0 });
    const rows = [
      { acceptedAt: '2026-11-22T10:00:00.000Z', prepMinutes: 30, readyAt: '2026-11-22T10:25:00.000Z' },
      { acceptedAt: '2026-11-22T11:00:00.000Z', prepMinutes: 15, readyAt: '2026-11-22T11:22:20.000Z' },
      { acceptedAt: '2026-11-22T12:00:00.000Z', prepMinutes: 45, readyAt: '2026-11-22T12:45:00.000Z' },
    ];
    // (25 + 22.333 + 45) / 3 = 30.78; (30 + 15 + 45) / 3 = 30; only the 22:20 against 15 is late (45 on 45 is on time).
    expect(prepFigures(rows)).toEqual({ timedOrders: 3, averageActualMinutes: 30.8, averagePromisedMinutes: 30, lateOrders: 1 });
  });
});

describe('category figures', () => {
  it('sum the dish figures per category (a dish sold under two names counts once per line), in category order, no category last', () => {
    const dish = (menuItemId: number, dish: string, categoryId: number | null, quantity: number, revenueBani: number) => ({
      menuItemId,
      dish,
      categoryId,
      category: categoryId === null ? null : `C${categoryId}`,
      quantity,
      revenueBani,
    });
    expect(
      categoryFiguresOf([
        dish(1, 'Mici', 3, 4, 1800),
        dish(1, 'Mici (vechi)', 3, 1, 400),
        dish(2, 'Ceafă', 1, 2, 5000),
        dish(9, 'Șters din meniu', null, 1, 700),
        dish(5, 'Cartofi', 3, 3, 1500),
      ]),
    ).toEqual([
      { categoryId: 1, category: 'C1', quantity: 2, revenueBani: 5000 },
      { categoryId: 3, category: 'C3', quantity: 8, revenueBani: 3700 },
      { categoryId: null, category: null, quantity: 1, revenueBani: 700 },
    ]);
    expect(categoryFiguresOf([])).toEqual([]);
  });
});

describe('CSV fields', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('Mici')).toBe('Mici');
    expect(csvField(12)).toBe('12');
    expect(csvField(null)).toBe('');
    expect(csvField('Ciorbă, de burtă')).toBe('"Ciorbă, de burtă"');
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+40 722')).toBe("'+40 722");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});
