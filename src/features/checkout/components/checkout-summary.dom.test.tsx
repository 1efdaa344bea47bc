// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartLine } from '../../../../tests/fixtures/checkout-cart-lines';
import { checkoutTotals } from '../domain/checkout-rules';
import { CheckoutSummary } from './checkout-summary';
import { inLanguage } from '../../../../tests/fixtures/language';

let inEnglish: (props: { children: ReactNode }) => ReactNode;
beforeAll(async () => {
  inEnglish = await inLanguage();
});

const ribs = cartLine();

describe('CheckoutSummary (DOM)', () => {
  it('lists each line and shows the delivery fee and the shortfall below the minimum order', () => {
    const totals = checkoutTotals([ribs], { deliveryFeeBani: 1000, minimumOrderBani: 10000 }, 'delivery');
    render(<CheckoutSummary lines={[ribs]} totals={totals} fulfilment="delivery" />, { wrapper: inEnglish });

    const summary = screen.getByRole('region', { name: 'Order summary' });
    const line = within(summary).getByRole('listitem');
    expect(line.textContent).toContain('2 ×');
    expect(line.textContent).toContain('Pork ribs');
    expect(line.textContent).toContain('Extra sauce');
    expect(line.textContent).toContain('Note: No onion');
    expect(line.textContent).toContain('90.00 lei');
    expect(within(summary).getByText('Delivery fee').nextElementSibling?.textContent).toBe('10.00 lei');
    expect(within(summary).getByText('Total').nextElementSibling?.textContent).toBe('100.00 lei');
    expect(within(summary).getByText(/Minimum order: 100\.00 lei/).textContent).toBe(
      'Minimum order: 100.00 lei. Add 10.00 lei more to place this order.',
    );
  });

  it('shows no delivery fee row for pickup', () => {
    const totals = checkoutTotals([ribs], { deliveryFeeBani: 1000, minimumOrderBani: 0 }, 'pickup');
    render(<CheckoutSummary lines={[ribs]} totals={totals} fulfilment="pickup" />, { wrapper: inEnglish });
    expect(screen.queryByText('Delivery fee')).toBeNull();
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('90.00 lei');
  });
});
