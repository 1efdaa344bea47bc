import { everyWordOf } from '../../../../tests/fixtures/every-word';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Translate } from '../../../lib/i18n';
import type { Words } from '../../../lib/screen-words';
import { wordsText } from '../../../lib/screen-words';

import type { Refund } from '../../../shared/schemas/order';
import {
  canCustomerCancel,
  cancellationText,
  followsLive,
  isConfirmationLate,
  lifecycleTimeline,
  msUntilConfirmationLate,
  promiseText,
  refundText,
} from './order-lifecycle';
import { makeOrder } from '../../../../tests/fixtures/orders';

/** The English the screen shows (the catalogue's own runtime): the spec's texts are a contract. */
let t: Translate;
beforeAll(async () => {
  const english = everyWordOf('en');
  t = (id, values) => english._(id, values);
});
const english = (words: Words | null) => (words === null ? null : wordsText(t, words));

// 22 Nov 2026 is winter time: Bucharest is UTC+2.
const PLACED = '2026-11-22T17:30:00.000Z'; // 19:30 in Bucharest
const ACCEPTED = '2026-11-22T17:32:00.000Z'; // 19:32
const READY = '2026-11-22T17:45:00.000Z'; // 19:45

const refund = (over: Partial<Refund>): Refund => ({
  id: 1,
  kind: 'full',
  amountBani: 4500,
  status: 'pending',
  lines: [],
  failureMessage: null,
  createdAt: ACCEPTED,
  updatedAt: ACCEPTED,
  ...over,
});

describe('the promised time', () => {
  it('reads the ready time for pickup and the arrival window for delivery, in Bucharest time', () => {
    expect(english(promiseText(makeOrder({ status: 'confirmed', fulfilment: 'pickup', readyAt: READY })))).toBe(
      'Confirmed — ready at 19:45',
    );
    const delivery = makeOrder({
      status: 'preparing',
      fulfilment: 'delivery',
      readyAt: READY,
      arrivalWindow: { from: READY, to: '2026-11-22T18:00:00.000Z' },
    });
    expect(english(promiseText(delivery))).toBe('Confirmed — arrives around 19:45-20:00');
    expect(english(promiseText({ ...delivery, status: 'out for delivery' }))).toBe('On its way — arrives around 19:45-20:00');
    // Summer time: UTC+3.
    expect(english(promiseText(makeOrder({ status: 'confirmed', fulfilment: 'pickup', readyAt: '2026-07-01T16:45:00.000Z' })))).toBe(
      'Confirmed — ready at 19:45',
    );
  });

  it('promises nothing before acceptance, once finished, or without a ready time', () => {
    expect(promiseText(makeOrder({ status: 'received' }))).toBeNull();
    expect(promiseText(makeOrder({ status: 'delivered', readyAt: READY }))).toBeNull();
    expect(promiseText(makeOrder({ status: 'cancelled', readyAt: READY }))).toBeNull();
    expect(promiseText(makeOrder({ status: 'confirmed', readyAt: null }))).toBeNull();
    expect(promiseText(makeOrder({ status: 'out for delivery', fulfilment: 'pickup', readyAt: READY }))).toBeNull();
  });
});

describe('cancelling and the late confirmation', () => {
  it('lets the customer cancel only before acceptance', () => {
    expect(canCustomerCancel({ status: 'received' })).toBe(true);
    for (const status of ['confirmed', 'preparing', 'sent to kitchen', 'out for delivery', 'delivered', 'cancelled'] as const)
      expect(canCustomerCancel({ status })).toBe(false);
  });

  it('is late from the accept deadline on, by the given (server) time', () => {
    const deadline = '2026-11-22T17:35:00.000Z';
    const order = makeOrder({ status: 'received', acceptDeadlineAt: deadline });
    expect(isConfirmationLate(order, Date.parse(deadline) - 1)).toBe(false);
    expect(isConfirmationLate(order, Date.parse(deadline))).toBe(true);
    expect(msUntilConfirmationLate(order, Date.parse(deadline) - 1_000)).toBe(1_000);
    expect(msUntilConfirmationLate(order, Date.parse(deadline))).toBeNull();
    expect(isConfirmationLate({ ...order, status: 'confirmed' }, Date.parse(deadline) + 60_000)).toBe(false);
    // No deadline: an unpaid card order is not on the board yet.
    expect(isConfirmationLate({ ...order, acceptDeadlineAt: null }, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it("shows the restaurant's reason, its note for 'other', or the customer's own cancel", () => {
    const cancelled = makeOrder({ status: 'cancelled', cancelledBy: 'restaurant', cancelReasonCode: 'sold_out', cancelReason: 'Sold out' });
    expect(english(cancellationText(cancelled))).toBe('The restaurant cancelled this order: Sold out');
    expect(english(cancellationText({ ...cancelled, cancelReason: null }))).toBe('The restaurant cancelled this order: Sold out');
    expect(english(cancellationText({ ...cancelled, cancelReasonCode: 'other', cancelReason: 'Grill broke down' }))).toBe(
      'The restaurant cancelled this order: Grill broke down',
    );
    expect(english(cancellationText({ ...cancelled, cancelledBy: 'customer', cancelReasonCode: 'customer_request' }))).toBe(
      'You cancelled this order.',
    );
    expect(cancellationText(makeOrder({ status: 'received' }))).toBeNull();
  });

  it("words the restaurant's preset in the screen's language and keeps the manager's note as written", () => {
    const romanian = everyWordOf('ro');
    const inRomanian = (words: Words | null) => (words === null ? null : wordsText((id, values) => romanian._(id, values), words));
    const soldOut = romanian._('orders.cancelled.reason.soldOut');
    expect(soldOut).not.toBe('Sold out');
    const cancelled = makeOrder({
      status: 'cancelled',
      cancelledBy: 'restaurant',
      cancelReasonCode: 'sold_out',
      cancelReason: 'Sold out: no more mici today',
    });
    expect(english(cancellationText(cancelled))).toBe('The restaurant cancelled this order: Sold out: no more mici today');
    expect(inRomanian(cancellationText(cancelled))).toBe(`Restaurantul a anulat această comandă: ${soldOut}: no more mici today`);
    expect(inRomanian(cancellationText({ ...cancelled, cancelReason: 'Sold out' }))).toBe(
      `Restaurantul a anulat această comandă: ${soldOut}`,
    );
  });
});

describe('refunds', () => {
  it('says a refund is on its way, done, or partial with the new total', () => {
    const paid = makeOrder({ paymentMethod: 'card', paymentStatus: 'paid', totalBani: 4500 });
    expect(refundText(paid)).toBeNull();
    expect(english(refundText({ ...paid, refunds: [refund({})] }))).toBe('Refund of 45.00 lei on its way to your card.');
    expect(
      english(refundText({ ...paid, paymentStatus: 'refunded', refundedBani: 4500, refunds: [refund({ status: 'succeeded' })] })),
    ).toBe('Refunded 45.00 lei to your card.');
    expect(
      english(refundText({ ...paid, refundedBani: 1200, refunds: [refund({ kind: 'partial', amountBani: 1200, status: 'succeeded' })] })),
    ).toBe('Refunded 12.00 lei to your card; new total 33.00 lei.');
    // A failed refund is the restaurant's to retry; the customer is not told a refund happened.
    expect(refundText({ ...paid, refunds: [refund({ status: 'failed', failureMessage: 'card_declined' })] })).toBeNull();
  });
});

describe('the timeline', () => {
  it('ticks only the steps that happened, each with its Bucharest time', () => {
    const steps = lifecycleTimeline(
      makeOrder({
        status: 'confirmed',
        fulfilment: 'delivery',
        statusHistory: [
          { status: 'received', at: PLACED },
          { status: 'confirmed', at: ACCEPTED },
        ],
      }),
    );
    expect(steps.map((s) => [t(s.label), s.state, s.time])).toEqual([
      ['Received', 'done', '19:30'],
      ['Confirmed', 'current', '19:32'],
      ['Preparing', 'upcoming', null],
      ['In Kitchen', 'upcoming', null],
      ['Out for Delivery', 'upcoming', null],
      ['Delivered', 'upcoming', null],
    ]);
  });

  it('leaves a step that was skipped unticked and reads pickup words', () => {
    const steps = lifecycleTimeline(
      makeOrder({
        status: 'delivered',
        fulfilment: 'pickup',
        statusHistory: [
          { status: 'received', at: PLACED },
          { status: 'confirmed', at: ACCEPTED },
          { status: 'out for delivery', at: READY },
          { status: 'delivered', at: '2026-11-22T17:50:00.000Z' },
        ],
      }),
    );
    expect(steps.map((s) => [t(s.label), s.state])).toEqual([
      ['Received', 'done'],
      ['Confirmed', 'done'],
      ['Preparing', 'upcoming'],
      ['In Kitchen', 'upcoming'],
      ['Ready for Pickup', 'done'],
      ['Picked Up', 'done'],
    ]);
  });

  it('a new order ticks nothing past Received; a cancelled one lists what happened, then Cancelled', () => {
    const fresh = lifecycleTimeline(makeOrder({ status: 'received', statusHistory: [{ status: 'received', at: PLACED }] }));
    expect(fresh.filter((s) => s.state !== 'upcoming').map((s) => t(s.label))).toEqual(['Received']);
    const cancelled = lifecycleTimeline(
      makeOrder({
        status: 'cancelled',
        statusHistory: [
          { status: 'received', at: PLACED },
          { status: 'cancelled', at: ACCEPTED },
        ],
      }),
    );
    expect(cancelled.map((s) => [t(s.label), s.state, s.time])).toEqual([
      ['Received', 'done', '19:30'],
      ['Cancelled', 'current', '19:32'],
    ]);
  });

  it('an order stored before the history existed ticks Received from its creation time', () => {
    const steps = lifecycleTimeline(makeOrder({ status: 'received', createdAt: PLACED, statusHistory: [] }));
    expect({ ...steps[0], label: t(steps[0]!.label) }).toMatchObject({ label: 'Received', state: 'current', time: '19:30' });
  });
});

describe('the live stream', () => {
  it('stays open until the order is finished and no payment or refund is still moving', () => {
    expect(followsLive(makeOrder({ status: 'received' }))).toBe(true);
    expect(followsLive(makeOrder({ status: 'delivered', paymentStatus: 'paid' }))).toBe(false);
    expect(followsLive(makeOrder({ status: 'cancelled', paymentMethod: 'cash', paymentStatus: 'failed' }))).toBe(false);
    // A rejected paid card order waits for the provider to confirm its refund.
    const rejected = makeOrder({ status: 'cancelled', paymentMethod: 'card', paymentStatus: 'paid', refunds: [refund({})] });
    expect(followsLive(rejected)).toBe(true);
    expect(followsLive({ ...rejected, paymentStatus: 'refunded', refunds: [refund({ status: 'succeeded' })] })).toBe(false);
  });
});
