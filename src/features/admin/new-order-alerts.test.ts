import { describe, expect, it } from 'vitest';

import { everyWordOf } from '../../../tests/fixtures/every-word';
import type { Translate } from '../../lib/i18n';
import type { Locale } from '../../shared/i18n/locales';
import { alertingOrderNumbers, boardServerNowMs, isLate, lateOrderNumbers, lateTitle, shouldBeep } from './new-order-alerts';

/** The screen's `t` in `locale`, every catalogue part held (the pure modules take it as a screen hands it). */
function wordsIn(locale: Locale): Translate {
  const runtime = everyWordOf(locale);
  return (id, values) => runtime._(id, values);
}

type Status = 'received' | 'confirmed' | 'sent to kitchen' | 'delivered' | 'cancelled';
const order = (
  orderNumber: string,
  over: Partial<{
    paymentMethod: 'cash' | 'card';
    paymentStatus: 'pending' | 'paid' | 'failed' | 'refunded';
    status: Status;
    acceptDeadlineAt: string | null;
    releaseAt: string | null;
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

  it('titles the tab with the number of late orders', async () => {
    const t = wordsIn('en');
    expect(lateTitle(0, t)).toBeNull();
    expect(lateTitle(1, t)).toBe('⚠ 1 order not accepted');
    expect(lateTitle(3, t)).toBe('⚠ 3 orders not accepted');
  });

  it('titles the tab in Romanian with its three plural forms', async () => {
    const t = wordsIn('ro');
    expect(lateTitle(1, t)).toBe('⚠ 1 comandă neacceptată');
    expect(lateTitle(3, t)).toBe('⚠ 3 comenzi neacceptate');
    expect(lateTitle(20, t)).toBe('⚠ 20 de comenzi neacceptate');
  });

  it('an order for later rings from its release, once: it joins the ringing set at the release, by the server clock', () => {
    const releaseAt = '2026-11-23T10:30:00.000Z';
    const orders = [order('LATER', { releaseAt }), order('NOW')];
    const before = alertingOrderNumbers(orders, Date.parse(releaseAt) - 1);
    expect([...before]).toEqual(['NOW']);
    const at = alertingOrderNumbers(orders, Date.parse(releaseAt));
    expect([...at].sort()).toEqual(['LATER', 'NOW']);
    expect(shouldBeep(before, at)).toBe(true);
    // The admin stream's refetch after the release gives the same set: no second beep.
    expect(shouldBeep(at, alertingOrderNumbers(orders, Date.parse(releaseAt) + 5_000))).toBe(false);
    // Never late while it waits for its slot, whatever its deadline says.
    expect(isLate(order('LATER', { releaseAt, acceptDeadlineAt: DEADLINE }), Date.parse(releaseAt) - 1)).toBe(false);
  });

  it("reads the server's time from the board answer's serverNow, not the device clock", () => {
    const answer = { serverNow: '2026-11-22T12:00:00.000Z', receivedAtMs: Date.parse('2026-11-28T01:00:00.000Z') };
    expect(boardServerNowMs(Date.parse('2026-11-28T01:00:10.000Z'), answer, 0)).toBe(Date.parse('2026-11-22T12:00:10.000Z'));
    expect(boardServerNowMs(123, { receivedAtMs: 5 }, 42)).toBe(42);
    expect(boardServerNowMs(123, null, 42)).toBe(42);
  });
});
