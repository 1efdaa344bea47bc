import { describe, expect, it } from 'vitest';

import { baniToLeiText, parseLeiToBani, parseSignedLeiToBani } from './price';

describe('parseLeiToBani', () => {
  it('reads lei with up to two decimals, dot or comma', () => {
    expect(parseLeiToBani('37.50')).toBe(3750);
    expect(parseLeiToBani('37,5')).toBe(3750);
    expect(parseLeiToBani(' 37 ')).toBe(3700);
    expect(parseLeiToBani('0.29')).toBe(29);
    expect(parseLeiToBani('1.1')).toBe(110);
    expect(parseLeiToBani('12.')).toBe(1200);
  });

  it('refuses what is not a price', () => {
    for (const text of ['', 'abc', '-5', '1.234', '1e3', '1.2.3', '12 lei', '99999999']) expect(parseLeiToBani(text)).toBeNull();
  });
});

describe('baniToLeiText', () => {
  it('shows two decimals', () => {
    expect(baniToLeiText(3750)).toBe('37.50');
    expect(baniToLeiText(5)).toBe('0.05');
  });

  it('round-trips with the parser', () => {
    for (const bani of [1, 29, 100, 3799, 123456]) expect(parseLeiToBani(baniToLeiText(bani))).toBe(bani);
  });
});

describe('parseSignedLeiToBani', () => {
  it('keeps the sign', () => {
    expect(parseSignedLeiToBani('-2.5')).toBe(-250);
    expect(parseSignedLeiToBani('+3')).toBe(300);
    expect(parseSignedLeiToBani('3')).toBe(300);
    expect(parseSignedLeiToBani('--3')).toBeNull();
  });
});
