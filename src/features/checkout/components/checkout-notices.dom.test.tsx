// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useReducer } from 'react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';

import { asBani } from '../../../shared/money';
import type { PriceChange } from '../../../shared/schemas/order';
import { checkoutReducer, initialCheckoutState } from '../domain/checkout-state';
import { CheckoutBar, CheckoutLoadState, PriceChangeNotice } from './checkout-notices';
import { inLanguage } from '../../../../tests/fixtures/language';

let inEnglish: (props: { children: ReactNode }) => ReactNode;
beforeAll(async () => {
  inEnglish = await inLanguage();
});

const priceChange: PriceChange = {
  expectedTotalBani: asBani(9000),
  totalBani: asBani(5200),
  changes: [
    { menuItemId: 7, name: 'Pork ribs', kind: 'price', beforeBani: asBani(4500), afterBani: asBani(5200) },
    { menuItemId: 8, name: 'Mici', kind: 'unavailable', beforeBani: asBani(3000), afterBani: null },
  ],
};

/** The price-change notice and the bar as the screen wires them: both render from the reducer's state. */
function PriceChangeHarness({ computedTotalBani }: { computedTotalBani: number }) {
  const [state, dispatch] = useReducer(checkoutReducer, { ...initialCheckoutState, submitted: true, priceChange });
  return (
    <form>
      {state.priceChange ? (
        <PriceChangeNotice priceChange={state.priceChange} onAccept={() => dispatch({ type: 'acceptedNewTotal' })} />
      ) : null}
      <CheckoutBar totalBani={state.acceptedTotalBani ?? computedTotalBani} label="Place Order" hint={null} blocked={false} />
    </form>
  );
}

describe('checkout notices (DOM)', () => {
  it('lists what changed and, once accepted, hides the notice and shows the new total in the bar', () => {
    render(<PriceChangeHarness computedTotalBani={9000} />, { wrapper: inEnglish });
    const notice = screen.getByRole('alert', { name: 'Prices have changed' });
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pork ribs: 45.00 lei → 52.00 lei', 'Mici is no longer available.']);
    expect(within(notice).getByText('52.00 lei').tagName).toBe('STRONG');
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('90.00 lei');

    fireEvent.click(within(notice).getByRole('button', { name: 'Accept new total' }));

    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('52.00 lei');
  });

  it('marks a blocked action button aria-disabled but leaves it pressable, and shows the hint', () => {
    render(<CheckoutBar totalBani={4500} label="Restaurant closed" hint="Card payment needs an internet connection." blocked />, {
      wrapper: inEnglish,
    });
    const button = screen.getByRole('button', { name: 'Restaurant closed' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(screen.getByText('Card payment needs an internet connection.')).toBeTruthy();
  });

  it('offers a retry when the checkout data could not be loaded', () => {
    let retried = 0;
    render(<CheckoutLoadState failed onRetry={() => retried++} />, { wrapper: inEnglish });
    expect(screen.getByRole('alert').textContent).toContain('Failed to load checkout data. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toBe(1);
  });
});
