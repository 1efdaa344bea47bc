// @vitest-environment happy-dom
/** The order screens in Romanian (issue 23): status and payment names, totals in Romanian money, the feedback stars in Romanian plural forms. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { inLanguage } from '../../../../tests/fixtures/language';
import { serverClockKeys } from '../../../entities/restaurant/api/server-clock';
import { makeOrder } from '../../../../tests/fixtures/orders';
import { FeedbackDialog } from './feedback-dialog';
import { OrderProgress } from './order-progress';
import { PaymentBadge, StatusBadge } from './order-states';
import { OrderTotals } from './order-totals';

describe('order screens in Romanian (DOM)', () => {
  it('names the status and payment and words the totals and a refund in Romanian', async () => {
    const order = makeOrder({
      status: 'out for delivery',
      fulfilment: 'pickup',
      paymentMethod: 'card',
      paymentStatus: 'paid',
      subtotalBani: 6400,
      deliveryFeeBani: 0,
      totalBani: 6400,
      refundedBani: 1200,
    });
    const wrapper = await inLanguage('ro');
    render(
      <>
        <StatusBadge order={order} />
        <PaymentBadge order={order} />
        <OrderTotals order={order} />
      </>,
      { wrapper },
    );
    expect(screen.getByText('Gata de ridicare')).toBeTruthy();
    expect(screen.getByText('Plătită')).toBeTruthy();
    expect(screen.getByText('Subtotal').nextElementSibling?.textContent).toBe('64,00 lei');
    expect(screen.getByText('Rambursat').nextElementSibling?.textContent).toBe('−12,00 lei');
    expect(screen.getByText('Total nou').nextElementSibling?.textContent).toBe('52,00 lei');
  });

  it("says the restaurant's cancellation and the refund in Romanian", async () => {
    const order = makeOrder({
      status: 'cancelled',
      cancelledBy: 'restaurant',
      cancelReason: null,
      cancelReasonCode: 'sold_out',
      paymentMethod: 'card',
      paymentStatus: 'refunded',
      totalBani: 6400,
      refundedBani: 6400,
    });
    // The server's clock already measured: the page asks nothing of the network.
    const client = new QueryClient();
    client.setQueryData(serverClockKeys.all, { offsetMs: 0 });
    render(
      <QueryClientProvider client={client}>
        <OrderProgress order={order} restaurantPhone={undefined} />
      </QueryClientProvider>,
      { wrapper: await inLanguage('ro') },
    );
    expect(screen.getByText('Restaurantul a anulat această comandă: Stoc epuizat')).toBeTruthy();
    expect(screen.getByText('Ți-am rambursat 64,00 lei pe card.')).toBeTruthy();
  });

  it('counts the feedback stars with Romanian plural forms', async () => {
    render(<FeedbackDialog orderNumber="ORD-1" onClose={() => undefined} />, { wrapper: await inLanguage('ro') });
    expect(screen.getByRole('dialog', { name: 'Trimite o părere' })).toBeTruthy();
    expect(screen.getByLabelText('1 stea')).toBeTruthy();
    expect(screen.getByLabelText('2 stele')).toBeTruthy();
    expect(screen.getByLabelText('5 stele')).toBeTruthy();
  });
});
