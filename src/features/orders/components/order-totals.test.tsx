import { renderToStaticMarkup as renderMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';

import { makeOrder } from '../../../../tests/fixtures/orders';
import { OrderTotals } from './order-totals';
import { inLanguage } from '../../../../tests/fixtures/language';

let InEnglish: (props: { children: ReactNode }) => ReactNode;
beforeAll(async () => {
  InEnglish = await inLanguage();
});
/** The server's render of the totals, in English. */
const renderToStaticMarkup = (ui: ReactNode) => renderMarkup(<InEnglish>{ui}</InEnglish>);

describe('order totals', () => {
  it('shows the Taxes row only when taxes are above 0 (spec §9)', () => {
    const withTax = renderToStaticMarkup(<OrderTotals order={makeOrder({ taxBani: 123 })} />);
    expect(withTax).toContain('<dt>Taxes</dt>');
    expect(withTax).toMatch(/<dt>Taxes<\/dt><dd>1[.,]23 lei<\/dd>/);
    expect(renderToStaticMarkup(<OrderTotals order={makeOrder({ taxBani: 0 })} />)).not.toContain('Taxes');
  });

  it('shows the refunded amount and the new total once a refund is confirmed (issue 19)', () => {
    const refunded = renderToStaticMarkup(<OrderTotals order={makeOrder({ totalBani: 4500, refundedBani: 1200 })} />);
    expect(refunded).toMatch(/<dt>Refunded<\/dt><dd>−12[.,]00 lei<\/dd>/);
    expect(refunded).toMatch(/<dt>New total<\/dt><dd>33[.,]00 lei<\/dd>/);
    expect(renderToStaticMarkup(<OrderTotals order={makeOrder({ refundedBani: 0 })} />)).not.toContain('Refunded');
  });
});
