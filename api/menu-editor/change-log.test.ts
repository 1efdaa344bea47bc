import { describe, expect, it } from 'vitest';

import { availabilityText, fieldChanges, leiText, listText } from './change-log';

describe('change log text', () => {
  it('writes money, lists and windows as a manager reads them', () => {
    expect(leiText(2450)).toBe('24.50 lei');
    expect(leiText(5)).toBe('0.05 lei');
    expect(listText([])).toBe('none');
    expect(listText(['gluten', 'milk'])).toBe('gluten, milk');
    expect(availabilityText([])).toBe('always');
    expect(
      availabilityText([
        { days: [5, 1, 2], from: '11:00', to: '15:00' },
        { days: [6], from: '12:00', to: '14:00' },
      ]),
    ).toBe('Mon, Tue, Fri 11:00-15:00; Sat 12:00-14:00');
  });

  it('keeps only the fields that changed, before -> after', () => {
    expect(fieldChanges({ name: 'Mici', price: '4.50 lei', hidden: 'no' }, { name: 'Mici', price: '5.00 lei', hidden: 'yes' })).toEqual([
      { field: 'price', before: '4.50 lei', after: '5.00 lei' },
      { field: 'hidden', before: 'no', after: 'yes' },
    ]);
  });

  it('records a created row as every field from nothing, a deleted one as every field to nothing', () => {
    expect(fieldChanges(null, { name: 'Mici', description: null })).toEqual([{ field: 'name', before: null, after: 'Mici' }]);
    expect(fieldChanges({ name: 'Mici' }, null)).toEqual([{ field: 'name', before: 'Mici', after: null }]);
  });
});
