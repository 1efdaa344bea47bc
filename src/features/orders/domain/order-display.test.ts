import { everyWordOf } from '../../../../tests/fixtures/every-word';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Translate } from '../../../lib/i18n';
import type { Words } from '../../../lib/screen-words';
import { wordsText } from '../../../lib/screen-words';

import {
  canGetReceipt,
  canPay,
  formatOrderDate,
  kitchenName,
  PAYMENT_FAILED_DEFAULT_TEXT,
  paymentFailureText,
  posStatusText,
  scheduledForText,
  showsPosStatus,
  statusLabel,
} from './order-display';
import { makeOrder } from '../../../../tests/fixtures/orders';

/** The English the screen shows (the catalogue's own runtime): the spec's texts are a contract. */
let t: Translate;
beforeAll(async () => {
  const english = everyWordOf('en');
  t = (id, values) => english._(id, values);
});
const english = (words: Words | null) => (words === null ? null : wordsText(t, words));

describe('order display rules', () => {
  it('offers Pay / Retry Payment only for pending or failed payments, the receipt only when paid', () => {
    const live = { status: 'received' } as const;
    expect(canPay({ ...live, paymentStatus: 'pending', paymentMethod: 'card' })).toBe(true);
    expect(canPay({ ...live, paymentStatus: 'failed', paymentMethod: 'card' })).toBe(true);
    expect(canPay({ ...live, paymentStatus: 'paid', paymentMethod: 'card' })).toBe(false);
    expect(canPay({ ...live, paymentStatus: 'refunded', paymentMethod: 'card' })).toBe(false);
    expect(canPay({ ...live, paymentStatus: 'pending', paymentMethod: 'cash' })).toBe(false);
    // A cancelled unpaid card order offers no payment (the server refuses it).
    expect(canPay({ status: 'cancelled', paymentStatus: 'pending', paymentMethod: 'card' })).toBe(false);
    expect(canPay({ status: 'cancelled', paymentStatus: 'failed', paymentMethod: 'card' })).toBe(false);
    expect(canGetReceipt({ paymentStatus: 'paid' })).toBe(true);
    expect(canGetReceipt({ paymentStatus: 'pending' })).toBe(false);
  });

  it('shows the POS texts verbatim, for accepted cash orders and paid card orders', () => {
    expect(english(posStatusText('sent'))).toBe('Order has been sent to kitchen successfully');
    expect(english(posStatusText('pending'))).toBe('Sending order to kitchen...');
    expect(english(posStatusText('failed: timeout'))).toBe('Sending order to kitchen...');
    const accepted = { status: 'confirmed' } as const;
    expect(showsPosStatus(makeOrder({ ...accepted, paymentMethod: 'cash' }))).toBe(true);
    expect(showsPosStatus(makeOrder({ ...accepted, paymentMethod: 'card', paymentStatus: 'pending' }))).toBe(false);
    expect(showsPosStatus(makeOrder({ ...accepted, paymentMethod: 'card', paymentStatus: 'paid' }))).toBe(true);
    // Issue 19: nothing says 'kitchen' before a person at the restaurant accepted the order.
    expect(showsPosStatus(makeOrder({ status: 'received', paymentMethod: 'cash', posInjectionStatus: 'sent' }))).toBe(false);
    expect(showsPosStatus(makeOrder({ status: 'received', paymentMethod: 'card', paymentStatus: 'paid' }))).toBe(false);
    expect(showsPosStatus(makeOrder({ status: 'cancelled' }))).toBe(false);
  });

  it("labels statuses per fulfilment: pickup reads 'Ready for Pickup' and 'Picked Up'; 'In Kitchen'", () => {
    expect(english(statusLabel('sent to kitchen'))).toBe('In Kitchen');
    expect(english(statusLabel('out for delivery', 'pickup'))).toBe('Ready for Pickup');
    expect(english(statusLabel('delivered', 'pickup'))).toBe('Picked Up');
    expect(english(statusLabel('delivered', 'delivery'))).toBe('Delivered');
  });

  it('decodes the failed payment error or falls back to the default text', () => {
    expect(paymentFailureText(undefined)).toBe(PAYMENT_FAILED_DEFAULT_TEXT);
    expect(english(paymentFailureText('  '))).toBe('Your payment could not be processed. Please try again.');
    expect(english(paymentFailureText('Your card was declined.'))).toBe('Your card was declined.');
    expect(english(paymentFailureText('Your%20card%20was%20declined.'))).toBe('Your card was declined.');
    expect(english(paymentFailureText('100% broken'))).toBe('100% broken');
  });

  it('formats times in Bucharest whatever the device zone', () => {
    expect(formatOrderDate('2026-11-22T12:00:00.000Z')).toBe('22 Nov 2026, 14:00');
  });

  it("shows an order for later's slot in Bucharest time and names the kitchen that cooks it (issue 22)", () => {
    expect(english(scheduledForText({ scheduledFor: '2026-11-22T16:00:00.000Z' }))).toBe('Scheduled for Sun 22 Nov, 18:00');
    // Summer time (UTC+3) and the day after midnight.
    expect(english(scheduledForText({ scheduledFor: '2026-07-01T21:30:00.000Z' }))).toBe('Scheduled for Thu 2 Jul, 00:30');
    expect(scheduledForText({ scheduledFor: null })).toBeNull();
    const locations = [
      { id: 1, name: 'Casa Grătarului Nord' },
      { id: 2, name: 'Casa Grătarului Centru' },
    ];
    expect(kitchenName({ kitchenLocationId: 2 }, locations)).toBe('Casa Grătarului Centru');
    expect(kitchenName({ kitchenLocationId: 3 }, locations)).toBeNull();
    expect(kitchenName({ kitchenLocationId: null }, locations)).toBeNull();
    expect(kitchenName({ kitchenLocationId: 1 }, undefined)).toBeNull();
  });
});
