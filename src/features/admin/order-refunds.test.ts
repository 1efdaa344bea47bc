import { describe, expect, it } from 'vitest';

import { everyWordOf } from '../../../tests/fixtures/every-word';
import type { Translate } from '../../lib/i18n';
import type { Locale } from '../../shared/i18n/locales';
import type { Refund } from '../../shared/schemas/order';
import { canRefundLines, refundableQuantity, refundEstimateBani, refundLine, unitPriceBani } from './order-refunds';

/** The screen's `t` in `locale`, every catalogue part held (the pure modules take it as a screen hands it). */
function wordsIn(locale: Locale): Translate {
  const runtime = everyWordOf(locale);
  return (id, values) => runtime._(id, values);
}

const en = wordsIn('en');

const refund = (over: Partial<Refund>): Refund => ({
  id: 1,
  kind: 'partial',
  amountBani: 1100,
  status: 'succeeded',
  lines: [{ orderItemId: 7, quantity: 1 }],
  failureMessage: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
  ...over,
});

describe('board refunds', () => {
  it('refunds lines only of a paid card order that is not cancelled', () => {
    expect(canRefundLines({ paymentMethod: 'card', paymentStatus: 'paid', status: 'confirmed' })).toBe(true);
    expect(canRefundLines({ paymentMethod: 'cash', paymentStatus: 'pending', status: 'confirmed' })).toBe(false);
    expect(canRefundLines({ paymentMethod: 'card', paymentStatus: 'pending', status: 'confirmed' })).toBe(false);
    expect(canRefundLines({ paymentMethod: 'card', paymentStatus: 'refunded', status: 'cancelled' })).toBe(false);
    expect(canRefundLines({ paymentMethod: 'card', paymentStatus: 'paid', status: 'cancelled' })).toBe(false);
  });

  it('leaves what pending and succeeded refunds did not take; a failed refund took nothing', () => {
    const item = { id: 7, quantity: 3 };
    expect(refundableQuantity(item, [])).toBe(3);
    expect(refundableQuantity(item, [refund({}), refund({ id: 2, status: 'pending' })])).toBe(1);
    expect(refundableQuantity(item, [refund({ status: 'failed' })])).toBe(3);
    expect(refundableQuantity(item, [refund({ lines: [{ orderItemId: 7, quantity: 5 }] })])).toBe(0);
    expect(refundableQuantity(item, [refund({ lines: [{ orderItemId: 8, quantity: 1 }] })])).toBe(3);
  });

  it('estimates the amount from each line’s unit price', () => {
    const items = [
      { id: 7, quantity: 2, itemTotalBani: 2200 },
      { id: 8, quantity: 1, itemTotalBani: 1550 },
    ];
    expect(unitPriceBani(items[0]!)).toBe(1100);
    expect(
      refundEstimateBani(items, [
        { orderItemId: 7, quantity: 1 },
        { orderItemId: 8, quantity: 1 },
      ]),
    ).toBe(2650);
    expect(refundEstimateBani(items, [{ orderItemId: 99, quantity: 1 }])).toBe(0);
  });

  it('reads each refund with its kind, amount and state', () => {
    expect(refundLine(refund({ kind: 'full', amountBani: 4500, status: 'pending' }), en, 'en')).toBe('Full refund · 45.00 lei · pending');
    expect(refundLine(refund({ status: 'failed', failureMessage: 'card_expired' }), en, 'en')).toBe(
      'Partial refund · 11.00 lei · failed: card_expired',
    );
    expect(refundLine(refund({}), en, 'en')).toBe('Partial refund · 11.00 lei · refunded');
  });

  it('reads a refund in Romanian, the amount with a decimal comma', async () => {
    const ro = wordsIn('ro');
    expect(refundLine(refund({ kind: 'full', amountBani: 4500, status: 'pending' }), ro, 'ro')).toBe(
      'Rambursare totală · 45,00 lei · în curs',
    );
  });
});
