import { describe, expect, it } from 'vitest';

import type { RestaurantStatus } from '../../shared/schemas/admin';
import type { I18n } from '@lingui/core';

import { loadLanguage } from '../../lib/i18n';
import { closedNotice } from './closed-notice-text';

/** Sunday 22 November 2026 (EET, UTC+2), as the e2e clock. */
const status = (over: Partial<RestaurantStatus>): RestaurantStatus => ({
  isOpen: false,
  acceptingOrders: true,
  nextOpeningAt: null,
  serverNow: '2026-11-22T06:00:00.000Z',
  locations: [],
  ...over,
});

/** The notice as the screen words it in one language. */
function worded(language: I18n, restaurant: RestaurantStatus) {
  const notice = closedNotice(restaurant);
  return notice && { title: language._(notice.title.id, notice.title.values), detail: language._(notice.detail.id, notice.detail.values) };
}
const english = await loadLanguage('en');
const romanian = await loadLanguage('ro');
const inEnglish = (restaurant: RestaurantStatus) => worded(english, restaurant);

describe('closedNotice', () => {
  it('says nothing while open', () => {
    expect(inEnglish(status({ isOpen: true }))).toBeNull();
  });

  it('names the opening time in Bucharest: today, tomorrow, a weekday, a date', () => {
    // 08:00 in Bucharest, opening at 11:00 the same day.
    expect(inEnglish(status({ nextOpeningAt: '2026-11-22T09:00:00.000Z' }))?.title).toBe('Closed now — opens at 11:00');
    // 23:30 on Sunday, opening Monday 11:00.
    expect(inEnglish(status({ serverNow: '2026-11-22T21:30:00.000Z', nextOpeningAt: '2026-11-23T09:00:00.000Z' }))?.title).toBe(
      'Closed now — opens tomorrow at 11:00',
    );
    expect(inEnglish(status({ nextOpeningAt: '2026-11-25T10:30:00.000Z' }))?.title).toBe('Closed now — opens Wednesday at 12:30');
    expect(inEnglish(status({ nextOpeningAt: '2026-12-02T09:00:00.000Z' }))?.title).toBe('Closed now — opens on 02.12 at 11:00');
  });

  it('in summer time too (EEST, UTC+3)', () => {
    expect(inEnglish(status({ serverNow: '2026-07-01T05:00:00.000Z', nextOpeningAt: '2026-07-01T08:00:00.000Z' }))?.title).toBe(
      'Closed now — opens at 11:00',
    );
  });

  it('with the manager’s switch off: not taking orders, no reopening time', () => {
    const notice = inEnglish(status({ acceptingOrders: false }));
    expect(notice?.title).toBe('Closed now — not taking orders');
    expect(notice?.detail).toMatch(/look through the menu/);
  });

  it('with no known opening: closed, without a time', () => {
    expect(inEnglish(status({}))?.title).toBe('Closed now');
    expect(inEnglish(status({}))?.detail).toBe('You can look through the menu; orders can be placed once we are open.');
  });

  it('offers ordering for later while the opening is within the days slots reach (7), not beyond', () => {
    const forLater = 'You can order now for later: add your dishes and choose a time at checkout.';
    expect(inEnglish(status({ nextOpeningAt: '2026-11-23T09:00:00.000Z' }))?.detail).toBe(forLater);
    // 6 days 23 hours ahead: still inside; 7 days and more: outside.
    expect(inEnglish(status({ nextOpeningAt: '2026-11-29T05:00:00.000Z' }))?.detail).toBe(forLater);
    expect(inEnglish(status({ nextOpeningAt: '2026-11-29T06:00:00.000Z' }))?.detail).toMatch(/once we are open/);
  });

  it('in Romanian: the weekday and "tomorrow" in Romanian, the time 24-hour', () => {
    expect(worded(romanian, status({ nextOpeningAt: '2026-11-25T10:30:00.000Z' }))?.title).toBe(
      'Închis acum — se deschide miercuri la 12:30',
    );
    expect(worded(romanian, status({ serverNow: '2026-11-22T21:30:00.000Z', nextOpeningAt: '2026-11-23T09:00:00.000Z' }))?.title).toBe(
      'Închis acum — se deschide mâine la 11:00',
    );
    expect(worded(romanian, status({ acceptingOrders: false }))?.title).toBe('Închis acum — nu primim comenzi');
  });
});
