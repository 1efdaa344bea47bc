import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { makeOrder } from '../domain/test-orders';
import { OrderTotals } from './order-totals';

describe('order totals', () => {
  it('shows the Taxes row only when taxes are above 0 (spec §9)', () => {
    const withTax = renderToStaticMarkup(<OrderTotals order={makeOrder({ taxBani: 123 })} />);
    expect(withTax).toContain('<dt>Taxes</dt>');
    expect(withTax).toMatch(/<dt>Taxes<\/dt><dd>1[.,]23 lei<\/dd>/);
    expect(renderToStaticMarkup(<OrderTotals order={makeOrder({ taxBani: 0 })} />)).not.toContain('Taxes');
  });
});
