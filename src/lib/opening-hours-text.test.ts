import { describe, expect, it } from 'vitest';

import { DAILY_11_TO_22 } from '../shared/domain/opening-hours';
import type { OpeningHours } from '../shared/schemas/restaurant';
import { liveStatusText, upcomingExceptions, weeklyHoursLines } from './opening-hours-text';
import { msUntilStatusChange } from './restaurant-status';

// Sunday 22 Nov 2026, 14:00 in Bucharest (UTC+2).
const NOW = '2026-11-22T12:00:00.000Z';

describe('opening hours texts', () => {
  it('says Zilnic when every day has the same hours, in 24 h or the contact page’s 12 h', () => {
    expect(weeklyHoursLines(DAILY_11_TO_22)).toEqual([{ days: 'Zilnic', hours: '11:00-22:00' }]);
    expect(weeklyHoursLines(DAILY_11_TO_22, '12h', 'Deschis zilnic')).toEqual([{ days: 'Deschis zilnic', hours: '11:00 AM - 10:00 PM' }]);
  });

  it('groups runs of equal days and shows closed days', () => {
    const hours: OpeningHours = {
      weekly: { ...DAILY_11_TO_22.weekly, sat: [{ open: '12:00', close: '23:00' }], sun: [] },
      exceptions: [],
    };
    expect(weeklyHoursLines(hours)).toEqual([
      { days: 'Luni–Vineri', hours: '11:00-22:00' },
      { days: 'Sâmbătă', hours: '12:00-23:00' },
      { days: 'Duminică', hours: 'Închis' },
    ]);
  });

  it('announces holiday exceptions of the next two weeks only', () => {
    const hours: OpeningHours = {
      ...DAILY_11_TO_22,
      exceptions: [
        { date: '2026-12-25', intervals: [], note: 'Crăciun' },
        { date: '2026-11-30', intervals: [{ open: '12:00', close: '16:00' }] },
        { date: '2026-11-21', intervals: [] },
      ],
    };
    expect(upcomingExceptions(hours, NOW)).toEqual([{ days: '30.11', hours: '12:00-16:00' }]);
    expect(upcomingExceptions(hours, '2026-12-20T12:00:00.000Z')).toEqual([{ days: '25.12 (Crăciun)', hours: 'Închis' }]);
  });

  it('reads the live state from the server: open until, opens today / tomorrow / on a weekday, not taking orders', () => {
    expect(liveStatusText({ isOpen: true, closesAt: '2026-11-22T20:00:00.000Z', nextOpeningAt: null }, true, NOW)).toBe(
      'Deschis acum, până la 22:00',
    );
    expect(liveStatusText({ isOpen: false, closesAt: null, nextOpeningAt: '2026-11-22T16:00:00.000Z' }, true, NOW)).toBe(
      'Închis acum, se deschide azi la 18:00',
    );
    expect(liveStatusText({ isOpen: false, closesAt: null, nextOpeningAt: '2026-11-23T09:00:00.000Z' }, true, NOW)).toBe(
      'Închis acum, se deschide mâine la 11:00',
    );
    expect(liveStatusText({ isOpen: false, closesAt: null, nextOpeningAt: '2026-11-25T09:00:00.000Z' }, true, NOW)).toBe(
      'Închis acum, se deschide miercuri la 11:00',
    );
    expect(liveStatusText({ isOpen: false, closesAt: null, nextOpeningAt: null }, false, NOW)).toBe('Nu preluăm comenzi acum');
  });

  it('refetches the status once, just after the next change by the server clock', () => {
    const status = {
      isOpen: true,
      acceptingOrders: true,
      nextOpeningAt: null,
      serverNow: NOW,
      locations: [
        { id: 1, name: 'A', isOpen: true, closesAt: '2026-11-22T20:00:00.000Z', nextOpeningAt: null },
        { id: 2, name: 'B', isOpen: false, closesAt: null, nextOpeningAt: '2026-11-22T13:00:00.000Z' },
      ],
    };
    expect(msUntilStatusChange(status)).toBe(60 * 60 * 1000 + 1000);
    expect(msUntilStatusChange({ ...status, locations: [] })).toBe(24 * 60 * 60 * 1000);
  });
});
