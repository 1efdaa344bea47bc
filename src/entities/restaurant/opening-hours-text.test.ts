import { describe, expect, it } from 'vitest';

import { DAILY_11_TO_22 } from '../../shared/domain/opening-hours';
import type { OpeningHours } from '../../shared/schemas/restaurant';
import { liveStatusText, normaliseTimeOfDay, upcomingExceptions, weeklyHoursLines } from './opening-hours-text';

// Sunday 22 Nov 2026, 14:00 in Bucharest (UTC+2).
const NOW = '2026-11-22T12:00:00.000Z';

describe('opening hours texts', () => {
  it('says Zilnic when every day has the same hours, in 24-hour time everywhere (issue 27: the contact page too)', () => {
    expect(weeklyHoursLines(DAILY_11_TO_22)).toEqual([{ days: 'Zilnic', hours: '11:00-22:00' }]);
    expect(weeklyHoursLines(DAILY_11_TO_22, 'Deschis zilnic')).toEqual([{ days: 'Deschis zilnic', hours: '11:00-22:00' }]);
    const evening: OpeningHours = { weekly: { ...DAILY_11_TO_22.weekly, fri: [{ open: '00:30', close: '23:59' }] }, exceptions: [] };
    expect(weeklyHoursLines(evening).map((line) => line.hours)).toContain('00:30-23:59');
    expect(
      weeklyHoursLines(evening)
        .map((line) => line.hours)
        .join(' '),
    ).not.toMatch(/AM|PM/);
  });

  it('reads what the manager types in a 24-hour field as HH:MM, or refuses it', () => {
    expect(normaliseTimeOfDay('9')).toBe('09:00');
    expect(normaliseTimeOfDay('930')).toBe('09:30');
    expect(normaliseTimeOfDay(' 21.30 ')).toBe('21:30');
    expect(normaliseTimeOfDay('21:30')).toBe('21:30');
    expect(normaliseTimeOfDay('00:00')).toBe('00:00');
    expect(normaliseTimeOfDay('23:59')).toBe('23:59');
    for (const bad of ['24:00', '9:75', '', 'abc', '10 PM', '10:00 AM', '1:2', '12345']) expect(normaliseTimeOfDay(bad)).toBeNull();
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
});
