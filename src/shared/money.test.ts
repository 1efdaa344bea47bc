import { describe, expect, it } from 'vitest';

import { asBani, formatLei } from './money';

describe('formatLei', () => {
  it('writes lei with two decimals, a point in English and a comma in Romanian', () => {
    expect(formatLei(asBani(6400))).toBe('64.00 lei');
    expect(formatLei(asBani(6400), 'ro')).toBe('64,00 lei');
    expect(formatLei(asBani(50), 'ro')).toBe('0,50 lei');
    expect(formatLei(asBani(7180), 'en')).toBe('71.80 lei');
  });

  it('groups thousands only from five digits on, with each language its separator', () => {
    expect(formatLei(asBani(123450))).toBe('1234.50 lei');
    expect(formatLei(asBani(123450), 'ro')).toBe('1234,50 lei');
    expect(formatLei(asBani(1234560))).toBe('12,345.60 lei');
    expect(formatLei(asBani(1234560), 'ro')).toBe('12.345,60 lei');
  });
});
