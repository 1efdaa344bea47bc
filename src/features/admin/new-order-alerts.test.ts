import { describe, expect, it } from 'vitest';

import { alertingOrderNumbers, shouldBeep } from './new-order-alerts';

const order = (
  orderNumber: string,
  over: Partial<{
    paymentMethod: 'cash' | 'card';
    paymentStatus: 'pending' | 'paid' | 'failed' | 'refunded';
    status: 'received' | 'sent to kitchen' | 'delivered' | 'cancelled';
  }> = {},
) => ({
  orderNumber,
  paymentMethod: 'cash' as const,
  paymentStatus: 'pending' as const,
  status: 'received' as const,
  ...over,
});

describe('new-order alerts', () => {
  it('alerts for cash orders and paid card orders, never for unpaid card orders or finished ones', () => {
    const alerting = alertingOrderNumbers(
      [
        order('CASH'),
        order('CARD-UNPAID', { paymentMethod: 'card' }),
        order('CARD-FAILED', { paymentMethod: 'card', paymentStatus: 'failed' }),
        order('CARD-PAID', { paymentMethod: 'card', paymentStatus: 'paid', status: 'sent to kitchen' }),
        order('DONE', { status: 'delivered' }),
        order('GONE', { status: 'cancelled' }),
      ],
      new Set(),
    );
    expect([...alerting].sort()).toEqual(['CARD-PAID', 'CASH']);
  });

  it('stays highlighted until acknowledged', () => {
    expect([...alertingOrderNumbers([order('A'), order('B')], new Set(['A']))]).toEqual(['B']);
  });

  it('beeps when an order starts alerting (a new cash order, a card order becoming paid), not on the first look', () => {
    const unpaid = order('CARD', { paymentMethod: 'card' });
    const before = alertingOrderNumbers([unpaid], new Set());
    expect(shouldBeep(null, before)).toBe(false);
    expect(shouldBeep(before, alertingOrderNumbers([unpaid], new Set()))).toBe(false);
    const paid = alertingOrderNumbers([{ ...unpaid, paymentStatus: 'paid' }], new Set());
    expect(shouldBeep(before, paid)).toBe(true);
    expect(shouldBeep(paid, alertingOrderNumbers([{ ...unpaid, paymentStatus: 'paid' }, order('NEW')], new Set()))).toBe(true);
    expect(shouldBeep(paid, new Set())).toBe(false);
  });
});
