// @vitest-environment happy-dom
/** The checkout in Romanian (issue 23): the summary, the action bar and a slot refusal, as a Romanian customer reads them. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { cartLine } from '../../../../tests/fixtures/checkout-cart-lines';
import { inLanguage } from '../../../../tests/fixtures/language';
import { checkoutTotals } from '../domain/checkout-rules';
import { whenView } from '../domain/order-timing';
import { CheckoutBar } from './checkout-notices';
import { CheckoutSummary } from './checkout-summary';
import { WhenSection } from './when-section';

describe('checkout in Romanian (DOM)', () => {
  it('reads the summary with Romanian amounts and the minimum order', async () => {
    const line = cartLine({ unitPriceBani: 3200 });
    const totals = checkoutTotals([line], { deliveryFeeBani: 1000, minimumOrderBani: 8000 }, 'delivery');
    render(<CheckoutSummary lines={[line]} totals={totals} fulfilment="delivery" />, { wrapper: await inLanguage('ro') });

    const summary = screen.getByRole('region', { name: 'Sumarul comenzii' });
    expect(within(summary).getByRole('listitem').textContent).toContain('64,00 lei');
    expect(within(summary).getByRole('listitem').textContent).toContain('Mențiune: No onion');
    expect(within(summary).getByText('Taxă de livrare').nextElementSibling?.textContent).toBe('10,00 lei');
    expect(within(summary).getByText('Total').nextElementSibling?.textContent).toBe('74,00 lei');
    expect(within(summary).getByText(/^Comandă minimă/).textContent).toBe(
      'Comandă minimă: 80,00 lei. Mai adaugă 16,00 lei ca să poți trimite comanda.',
    );
  });

  it('says the total in the bar and, with no slot left, the days in Romanian plural form', async () => {
    const wrapper = await inLanguage('ro');
    render(<CheckoutBar totalBani={6400} label="Trimite comanda · 64,00 lei" hint={null} blocked={false} />, { wrapper });
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('64,00 lei');

    const view = whenView({ type: 'slot', date: null, slotStart: null }, undefined, '2026-11-22', false, 'ro');
    render(
      <WhenSection
        view={view}
        slotsState="offline"
        refusal={{ code: 'slot_full', message: 'checkout.when.slotUnavailable', nextSlots: [] }}
        onChange={() => undefined}
        onPickRefusalSlot={() => undefined}
      />,
      { wrapper },
    );
    const refusal = screen.getByRole('alert');
    expect(refusal.textContent).toContain('Intervalul ales nu mai este disponibil. Alege altul.');
    expect(refusal.textContent).toContain('Nu mai e nicio oră liberă în următoarele 7 zile.');
    expect(screen.getByRole('radiogroup', { name: 'Când' })).toBeTruthy();
    expect(screen.getByText('Programează pentru mai târziu')).toBeTruthy();
  });
});
