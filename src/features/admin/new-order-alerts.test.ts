import { describe, expect, it } from 'vitest';

import { alertingOrderNumbers, isLate, lateOrderNumbers, lateTitle, shouldBeep } from './new-order-alerts';

type Status = 'received' | 'confirmed' | 'sent to kitchen' | 'delivered' | 'cancelled';
const order = (
  orderNumber: string,
  over: Partial<{
    paymentMethod: 'cash' | 'card';
    paymentStatus: 'pending' | 'paid' | 'failed' | 'refunded';
    status: Status;
    acceptDeadlineAt: string | null;
  }> = {},
) => ({
  orderNumber,
  paymentMethod: 'cash' as 'cash' | 'card',
  paymentStatus: 'pending' as 'pending' | 'paid' | 'failed' | 'refunded',
  status: 'received' as Status,
  acceptDeadlineAt: null as string | null,
  ...over,
});

const DEADLINE = '2026-11-22T12:05:00.000Z';

describe('new-order alerts', () => {
  it('rings for new cash orders and new paid card orders, never for unpaid card orders, accepted or finished ones', () => {
    const alerting = alertingOrderNumbers([
      order('CASH'),
      order('CARD-UNPAID', { paymentMethod: 'card' }),
      order('CARD-FAILED', { paymentMethod: 'card', paymentStatus: 'failed' }),
      order('CARD-PAID', { paymentMethod: 'card', paymentStatus: 'paid' }),
      order('ACCEPTED', { status: 'confirmed' }),
      order('IN-KITCHEN', { status: 'sent to kitchen' }),
      order('DONE', { status: 'delivered' }),
      order('GONE', { status: 'cancelled' }),
    ]);
    expect([...alerting].sort()).toEqual(['CARD-PAID', 'CASH']);
  });

  it('beeps at once when an order starts ringing (a new cash order, a card order becoming paid), not on the first look', () => {
    const unpaid = order('CARD', { paymentMethod: 'card' });
    const before = alertingOrderNumbers([unpaid]);
    expect(shouldBeep(null, before)).toBe(false);
    expect(shouldBeep(before, alertingOrderNumbers([unpaid]))).toBe(false);
    const paid = alertingOrderNumbers([{ ...unpaid, paymentStatus: 'paid' }]);
    expect(shouldBeep(before, paid)).toBe(true);
    expect(shouldBeep(paid, alertingOrderNumbers([{ ...unpaid, paymentStatus: 'paid' }, order('NEW')]))).toBe(true);
    expect(shouldBeep(paid, new Set())).toBe(false);
  });

  it('escalates from the accept deadline on, by the server time, until someone decides', () => {
    const waiting = order('A', { acceptDeadlineAt: DEADLINE });
    expect(isLate(waiting, Date.parse(DEADLINE) - 1)).toBe(false);
    expect(isLate(waiting, Date.parse(DEADLINE))).toBe(true);
    expect(isLate({ ...waiting, status: 'confirmed' }, Date.parse(DEADLINE) + 60_000)).toBe(false);
    expect(isLate({ ...waiting, status: 'cancelled' }, Date.parse(DEADLINE) + 60_000)).toBe(false);
    expect(isLate({ ...waiting, acceptDeadlineAt: null }, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isLate({ ...waiting, acceptDeadlineAt: 'not a time' }, Number.MAX_SAFE_INTEGER)).toBe(false);
    const late = lateOrderNumbers([waiting, order('B', { acceptDeadlineAt: '2026-11-22T12:10:00.000Z' })], Date.parse(DEADLINE));
    expect([...late]).toEqual(['A']);
  });

  it('titles the tab with the number of late orders', () => {
    expect(lateTitle(0)).toBeNull();
    expect(lateTitle(1)).toBe('⚠ 1 order not accepted');
    expect(lateTitle(3)).toBe('⚠ 3 orders not accepted');
  });
});
