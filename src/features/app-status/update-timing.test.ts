import { describe, expect, it } from 'vitest';

import { isCheckoutPath } from './update-timing';

describe('isCheckoutPath', () => {
  it('holds the update prompt back on the checkout and payment retry screens', () => {
    expect(isCheckoutPath('/checkout')).toBe(true);
    expect(isCheckoutPath('/checkout/')).toBe(true);
    expect(isCheckoutPath('/retry-payment/ORD-1A2B')).toBe(true);
  });

  it('lets it show everywhere else', () => {
    for (const pathname of ['/', '/menu', '/meniul-complet', '/order-history', '/checkouts', '/order-confirmation/cash/ORD-1']) {
      expect(isCheckoutPath(pathname)).toBe(false);
    }
  });
});
