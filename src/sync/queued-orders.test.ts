import { describe, expect, it } from 'vitest';

import { everyWordOf } from '../../tests/fixtures/every-word';
import type { OutboxRow } from '../db/app-db';
import type { ErrorWords } from '../lib/error-handler';
import type { Locale } from '../shared/i18n/locales';
import { reconfirmation, reviewDifferences } from './queued-orders';

function wordsOf(locale: Locale): ErrorWords {
  const runtime = everyWordOf(locale);
  return { t: (id, values) => runtime._(id, values), locale };
}
const english = wordsOf('en');
const romanian = wordsOf('ro');

function entry(overrides: Partial<OutboxRow>): OutboxRow {
  return {
    id: 'e1',
    originId: 'e1',
    userId: 1,
    kind: 'order.create',
    label: 'Cash order',
    request: {
      method: 'POST',
      path: '/api/orders',
      body: {
        items: [
          { menuItemId: 1, quantity: 2, modifierIds: [], expectedUnitPriceBani: 1000 },
          { menuItemId: 2, quantity: 1, modifierIds: [], expectedUnitPriceBani: 500 },
        ],
        fulfilment: { type: 'pickup', locationId: 1 },
        paymentMethod: 'cash',
        customer: { firstName: 'Ana', lastName: 'Pop', email: 'a@b.ro', phone: '0722123456' },
        expectedTotalBani: 2500,
      },
    },
    status: 'needs-review',
    attempts: 1,
    createdAt: '2026-11-22T12:00:00.000Z',
    nextAttemptAt: '2026-11-22T12:00:00.000Z',
    lastError: 'Prices changed.',
    lastErrorCode: 'price_changed',
    lastErrorDetails: {
      expectedTotalBani: 2500,
      totalBani: 2700,
      changes: [{ menuItemId: 1, name: 'Mici', kind: 'price', beforeBani: 1000, afterBani: 1100 }],
    },
    preview: {
      lines: [
        { menuItemId: 1, name: 'Mici', modifiers: [], quantity: 2, unitPriceBani: 1000, lineTotalBani: 2000 },
        { menuItemId: 2, name: 'Pâine', modifiers: [], quantity: 1, unitPriceBani: 500, lineTotalBani: 500 },
      ],
      subtotalBani: 2500,
      deliveryFeeBani: 0,
      totalBani: 2500,
      fulfilment: 'pickup',
    },
    ...overrides,
  };
}

describe('queued order review', () => {
  it('names each line whose price moved and the totals', () => {
    expect(reviewDifferences(entry({}), english).map((d) => d.text)).toEqual([
      'Mici: 10.00 lei → 11.00 lei',
      'Total: 25.00 lei → 27.00 lei',
    ]);
  });

  it('re-confirms at today’s prices: the moved line, the preview and the confirmed total follow', () => {
    const next = reconfirmation(entry({}))!;
    expect(next.body.items.map((line) => line.expectedUnitPriceBani)).toEqual([1100, 500]);
    expect(next.body.expectedTotalBani).toBe(2700);
    expect(next.preview?.lines.map((line) => line.lineTotalBani)).toEqual([2200, 500]);
    expect(next.preview?.totalBani).toBe(2700);
  });

  it('drops items that went, and refuses when nothing is left', () => {
    const gone = entry({
      lastErrorCode: 'item_unavailable',
      lastError: 'Some items are no longer available.',
      lastErrorDetails: [{ menuItemId: 2, name: 'Pâine', reason: 'sold_out' }],
    });
    expect(reviewDifferences(gone, english).map((d) => d.text)).toEqual(['Pâine is no longer available']);
    const next = reconfirmation(gone)!;
    expect(next.body.items.map((line) => line.menuItemId)).toEqual([1]);
    expect(next.body.expectedTotalBani).toBe(2000);
    const allGone = entry({
      lastErrorCode: 'item_unavailable',
      lastErrorDetails: [
        { menuItemId: 1, name: 'Mici', reason: 'sold_out' },
        { menuItemId: 2, name: 'Pâine', reason: 'sold_out' },
      ],
    });
    expect(reconfirmation(allGone)).toBeNull();
  });

  it('sends the same order again for hours or zone, showing the server’s reason', () => {
    const closed = entry({ lastErrorCode: 'restaurant_closed', lastError: 'The restaurant is closed right now.', lastErrorDetails: null });
    expect(reviewDifferences(closed, english).map((d) => d.text)).toEqual(['The restaurant is closed right now.']);
    expect(reconfirmation(closed)?.body).toEqual(closed.request.body);
  });

  it('a queued order for later whose slot is gone names it and what Confirm does, never another time by itself (issue 22)', () => {
    const base = entry({});
    const body = { ...(base.request.body as object), when: { type: 'slot', slotStart: '2026-11-23T11:00:00.000Z' } };
    const full = entry({
      request: { ...base.request, body },
      lastErrorCode: 'slot_full',
      lastError: 'This time slot has just filled up. Please pick another one.',
      lastErrorDetails: { nextSlots: [{ start: '2026-11-23T11:15:00.000Z', end: '2026-11-23T11:30:00.000Z' }] },
    });
    expect(reviewDifferences(full, english).map((d) => d.text)).toEqual([
      'The time you chose, Mon 23 Nov, 13:00, is no longer available.',
      'Confirm to order it for Mon 23 Nov, 13:15 instead.',
    ]);
    expect(reconfirmation(full)?.body).toEqual({ ...body, when: { type: 'slot', slotStart: '2026-11-23T11:15:00.000Z' } });
    const none = entry({
      request: { ...base.request, body },
      lastErrorCode: 'slot_unavailable',
      lastError: 'Not a slot.',
      lastErrorDetails: { nextSlots: [] },
    });
    expect(reviewDifferences(none, english).map((d) => d.text)).toEqual([
      'The time you chose, Mon 23 Nov, 13:00, is no longer available.',
      'No other time is free in the next 7 days: discard it and order again later.',
    ]);
    expect(reconfirmation(none)).toBeNull();
  });

  it('reads in Romanian on a Romanian screen, the stored English refusal worded by its code (issue 23)', () => {
    expect(reviewDifferences(entry({}), romanian).map((d) => d.text)).toEqual([
      'Mici: 10,00 lei → 11,00 lei',
      'Total: 25,00 lei → 27,00 lei',
    ]);
    const base = entry({});
    const full = entry({
      request: {
        ...base.request,
        body: { ...(base.request.body as object), when: { type: 'slot', slotStart: '2026-11-23T11:00:00.000Z' } },
      },
      lastErrorCode: 'slot_full',
      lastError: 'This time slot has just filled up. Please pick another one.',
      lastErrorDetails: { nextSlots: [] },
    });
    const [gone, none] = reviewDifferences(full, romanian).map((d) => d.text);
    expect(gone).toMatch(/^Ora aleasă, lun\.?, 23 nov\.?,? 13:00, nu mai este disponibilă\.$/);
    expect(none).toBe(romanian.t('common.queuedOrder.review.noSlot'));
    const closed = entry({ lastErrorCode: 'too_many_open_orders', lastError: 'You already have open orders.', lastErrorDetails: null });
    const [said] = reviewDifferences(closed, romanian).map((d) => d.text);
    expect(said).toBe(romanian.t('errors.too_many_open_orders'));
    expect(said).not.toBe('You already have open orders.');
  });
});
