import { describe, expect, it } from 'vitest';

import type { Translate } from '../../lib/i18n';
import { loadLanguage } from '../../lib/i18n';
import { cartBarSummaryText } from './cart-bar-text';

const english = await loadLanguage('en');
const romanian = await loadLanguage('ro');
const inEnglish: Translate = (id, values) => english._(id, values);
const inRomanian: Translate = (id, values) => romanian._(id, values);

describe('cart bar text', () => {
  it('reads as the issue asks: units · total in lei', () => {
    expect(cartBarSummaryText(inEnglish, 'en', 3, 7180)).toBe('3 items · 71.80 lei');
    expect(cartBarSummaryText(inEnglish, 'en', 1, 550)).toBe('1 item · 5.50 lei');
    expect(cartBarSummaryText(inEnglish, 'en', 12, 100_000)).toBe('12 items · 1000.00 lei');
  });

  it('counts one item in the singular', () => {
    expect(inEnglish('cart.items', { count: 1 })).toBe('1 item');
    expect(inEnglish('cart.items', { count: 2 })).toBe('2 items');
  });

  it('in Romanian: one, few (0, 2-19, x01-x19) and "de" from 20 on; the amount with a decimal comma', () => {
    const forms: [number, string][] = [
      [0, '0 produse'],
      [1, '1 produs'],
      [2, '2 produse'],
      [19, '19 produse'],
      [20, '20 de produse'],
      [21, '21 de produse'],
      [100, '100 de produse'],
      [101, '101 produse'],
      [119, '119 produse'],
      [120, '120 de produse'],
    ];
    for (const [count, text] of forms) expect(inRomanian('cart.items', { count })).toBe(text);
    expect(cartBarSummaryText(inRomanian, 'ro', 20, 123_450)).toBe('20 de produse · 1234,50 lei');
    expect(cartBarSummaryText(inRomanian, 'ro', 1, 550)).toBe('1 produs · 5,50 lei');
  });
});
