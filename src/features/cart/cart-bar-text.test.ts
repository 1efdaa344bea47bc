import { describe, expect, it } from 'vitest';

import { cartBarSummaryText, itemCountText } from './cart-bar-text';

describe('cart bar text', () => {
  it('reads as the issue asks: units · total in lei', () => {
    expect(cartBarSummaryText(3, 7180)).toBe('3 items · 71.80 lei');
    expect(cartBarSummaryText(1, 550)).toBe('1 item · 5.50 lei');
    expect(cartBarSummaryText(12, 100_000)).toBe('12 items · 1000.00 lei');
  });

  it('counts one item in the singular', () => {
    expect(itemCountText(1)).toBe('1 item');
    expect(itemCountText(2)).toBe('2 items');
  });
});
