import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { inLanguage } from '../../../../tests/fixtures/language';
import { nextStatuses } from '../../../shared/domain/order-status';
import type { Order, Refund } from '../../../shared/schemas/order';
import { orderSchema } from '../../../shared/schemas/order';
import type { OrderCardProps } from './order-card';
import { KitchenTicket, OrderCard } from './order-card';

const order = (over: Partial<Order> = {}): Order => ({
  ...orderSchema.parse({
    id: 1,
    orderNumber: 'ORD-1795348800000ABCDEFGHI',
    status: 'received',
    paymentStatus: 'pending',
    paymentMethod: 'cash',
    fulfilment: 'pickup',
    pickupLocation: null,
    subtotalBani: 4500,
    deliveryFeeBani: 0,
    taxBani: 0,
    discountBani: 0,
    totalBani: 4500,
    createdAt: '2026-11-22T12:00:00.000Z',
    updatedAt: '2026-11-22T12:00:00.000Z',
    estimatedDeliveryTime: null,
    deliveredAt: null,
    customerName: 'Ana Pop',
    customerEmail: 'ana@example.ro',
    customerPhone: '0722000000',
    deliveryAddress: null,
    deliveryInstructions: null,
    customerNotes: null,
    deliveryZoneName: null,
    deliveryLatitude: null,
    deliveryLongitude: null,
    posInjectionStatus: 'pending',
    cancelReason: null,
    orderItems: [],
  }),
  ...over,
});

const refund = (over: Partial<Refund>): Refund => ({
  id: 3,
  kind: 'full',
  amountBani: 4500,
  status: 'pending',
  lines: [],
  failureMessage: null,
  createdAt: '2026-11-22T12:10:00.000Z',
  updatedAt: '2026-11-22T12:10:00.000Z',
  ...over,
});

const noop = () => undefined;
const InEnglish = await inLanguage();
function render(o: Order, flags: Partial<Pick<OrderCardProps, 'ringing' | 'late'>> = {}): string {
  return renderToStaticMarkup(
    <InEnglish>
      <OrderCard
        order={o}
        ringing={flags.ringing ?? false}
        late={flags.late ?? false}
        busy={false}
        nextStatuses={nextStatuses(o.status, o.fulfilment)}
        onAccept={noop}
        onCancel={noop}
        onMove={noop}
        onResend={noop}
        onPrint={noop}
        onRefundLines={noop}
        onRetryRefund={noop}
      />
    </InEnglish>,
  );
}
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe('order card', () => {
  it('a new order offers Accept and Reject, never a forward move; an unpaid card order only Reject', () => {
    const cash = render(order(), { ringing: true });
    expect(buttons(cash)).toEqual(['Accept', 'Reject', 'Print ticket']);
    expect(cash).toContain('admin-order--fresh');
    expect(cash).toContain('>New<');
    expect(cash).toContain('Waiting for acceptance');
    const unpaid = render(order({ paymentMethod: 'card' }));
    expect(buttons(unpaid)).toEqual(['Reject', 'Print ticket']);
    expect(unpaid).toContain('Waiting for the card payment');
  });

  it('past the deadline the card is flagged', () => {
    const late = render(order(), { ringing: true, late: true });
    expect(late).toContain('admin-order--late');
    expect(late).toContain('Not accepted in time');
    expect(late).not.toContain('admin-order--fresh');
  });

  it('an accepted order shows its ready time, forward moves and Cancel; a paid card order can refund items', () => {
    const accepted = render(
      order({ status: 'confirmed', paymentMethod: 'card', paymentStatus: 'paid', readyAt: '2026-11-22T12:30:00.000Z' }),
    );
    expect(accepted).toContain('Ready at 14:30');
    expect(buttons(accepted)).toEqual(['Move to Preparing', 'Cancel', 'Refund items', 'Print ticket']);
  });

  it('lists refunds; a failed one with Retry, and the new total', () => {
    const html = render(
      order({
        status: 'confirmed',
        paymentMethod: 'card',
        paymentStatus: 'paid',
        refundedBani: 1200,
        refunds: [
          refund({ id: 1, kind: 'partial', amountBani: 1200, status: 'succeeded' }),
          refund({ id: 2, kind: 'partial', amountBani: 800, status: 'failed', failureMessage: 'card_expired' }),
        ],
      }),
    );
    expect(html).toContain('Partial refund · 12.00 lei · refunded');
    expect(html).toContain('Partial refund · 8.00 lei · failed: card_expired');
    expect(buttons(html).filter((b) => b === 'Retry refund')).toHaveLength(1);
    expect(html).toContain('refunded 12.00 lei · now 33.00 lei');
  });
});

describe('kitchen ticket', () => {
  const mici = {
    id: 7,
    menuItemId: 3,
    sku: 'MICI',
    itemName: 'Mici',
    quantity: 2,
    basePriceBani: 1250,
    weightGrams: null,
    itemTotalBani: 2500,
    selectedModifiers: [{ modifierId: 1, name: 'Muștar', sku: 'MUS', priceBani: 0 }],
    specialInstructions: 'Bine făcuți',
  };
  const ticket = async (locale: 'en' | 'ro') => {
    const Words = await inLanguage(locale);
    const html = renderToStaticMarkup(
      <Words>
        <KitchenTicket order={order({ fulfilment: 'delivery', orderItems: [mici], totalBani: 4500 })} />
      </Words>,
    );
    return html
      .replace(/<[^>]+>/g, '\n')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  };

  it('prints in the language of the screen that prints it; the dishes keep the Romanian names the kitchen calls them by', async () => {
    expect(await ticket('ro')).toEqual(
      expect.arrayContaining([
        'LIVRARE',
        '22.11.2026, 14:00',
        '2 × Mici',
        '+ Muștar',
        '! Bine făcuți',
        'Total: 45,00 lei · Numerar (în așteptare)',
      ]),
    );
    expect(await ticket('en')).toEqual(
      expect.arrayContaining([
        'DELIVERY',
        '22/11/2026, 14:00',
        '2 × Mici',
        '+ Muștar',
        '! Bine făcuți',
        'Total: 45.00 lei · Cash (pending)',
      ]),
    );
  });
});
