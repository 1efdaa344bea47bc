import { describe, expect, it } from 'vitest';

import type { OpeningHours } from '../schemas/restaurant';
import { closingAt, DAILY_11_TO_22, isOpenAt, localParts, nextOpening, zonedWallTimeToDate } from './opening-hours';

// Bucharest is UTC+2 in winter and UTC+3 in summer: these instants are chosen in both.
const winter = (iso: string) => new Date(iso);

describe('opening hours in Europe/Bucharest', () => {
  it('reads the local wall clock whatever the host zone', () => {
    expect(localParts(winter('2026-11-22T09:30:00Z'))).toEqual({ date: '2026-11-22', weekday: 'sun', minutes: 11 * 60 + 30 });
    expect(localParts(new Date('2026-07-01T20:59:00Z'))).toEqual({ date: '2026-07-01', weekday: 'wed', minutes: 23 * 60 + 59 });
  });

  it('is open from 11:00 up to but not including 22:00', () => {
    expect(isOpenAt(DAILY_11_TO_22, winter('2026-11-22T08:59:59Z'))).toBe(false); // 10:59:59 local
    expect(isOpenAt(DAILY_11_TO_22, winter('2026-11-22T09:00:00Z'))).toBe(true); // 11:00
    expect(isOpenAt(DAILY_11_TO_22, winter('2026-11-22T19:59:00Z'))).toBe(true); // 21:59
    expect(isOpenAt(DAILY_11_TO_22, winter('2026-11-22T20:00:00Z'))).toBe(false); // 22:00
    expect(isOpenAt(DAILY_11_TO_22, new Date('2026-07-01T18:59:00Z'))).toBe(true); // 21:59 summer time
    expect(isOpenAt(DAILY_11_TO_22, new Date('2026-07-01T19:00:00Z'))).toBe(false); // 22:00 summer time
  });

  it('honours closed weekdays and holiday exceptions', () => {
    const hours: OpeningHours = {
      weekly: { ...DAILY_11_TO_22.weekly, mon: [] },
      exceptions: [
        { date: '2026-12-25', intervals: [] },
        { date: '2026-11-24', intervals: [{ open: '14:00', close: '18:00' }] },
      ],
    };
    expect(isOpenAt(hours, winter('2026-11-23T12:00:00Z'))).toBe(false); // Monday
    expect(isOpenAt(hours, winter('2026-12-25T12:00:00Z'))).toBe(false); // Christmas
    expect(isOpenAt(hours, winter('2026-11-24T10:00:00Z'))).toBe(false); // 12:00, special hours start 14:00
    expect(isOpenAt(hours, winter('2026-11-24T13:00:00Z'))).toBe(true); // 15:00
  });

  it('finds the next opening after closing time and across closed days', () => {
    expect(nextOpening(DAILY_11_TO_22, winter('2026-11-22T20:00:00Z'))?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(nextOpening(DAILY_11_TO_22, winter('2026-11-22T06:00:00Z'))?.toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(nextOpening(DAILY_11_TO_22, winter('2026-11-22T12:00:00Z'))).toBeNull();
    const closedMonday: OpeningHours = { weekly: { ...DAILY_11_TO_22.weekly, mon: [] }, exceptions: [] };
    expect(nextOpening(closedMonday, winter('2026-11-22T21:00:00Z'))?.toISOString()).toBe('2026-11-24T09:00:00.000Z');
    const neverOpen: OpeningHours = { weekly: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }, exceptions: [] };
    expect(nextOpening(neverOpen, winter('2026-11-22T12:00:00Z'))).toBeNull();
  });

  it('converts wall times across the DST change', () => {
    expect(zonedWallTimeToDate('2026-03-29', '11:00').toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(zonedWallTimeToDate('2026-03-28', '11:00').toISOString()).toBe('2026-03-28T09:00:00.000Z');
  });

  it('says when the open interval ends, and nothing when closed', () => {
    expect(closingAt(DAILY_11_TO_22, winter('2026-11-22T12:00:00Z'))?.toISOString()).toBe('2026-11-22T20:00:00.000Z'); // 14:00 → 22:00
    expect(closingAt(DAILY_11_TO_22, winter('2026-11-22T19:59:00Z'))?.toISOString()).toBe('2026-11-22T20:00:00.000Z'); // 21:59
    expect(closingAt(DAILY_11_TO_22, winter('2026-11-22T20:00:00Z'))).toBeNull(); // 22:00
    const split: OpeningHours = {
      weekly: { ...DAILY_11_TO_22.weekly, sun: [] },
      exceptions: [
        {
          date: '2026-11-23',
          intervals: [
            { open: '12:00', close: '15:00' },
            { open: '18:00', close: '23:00' },
          ],
        },
      ],
    };
    expect(closingAt(split, winter('2026-11-22T12:00:00Z'))).toBeNull(); // closed Sunday
    expect(closingAt(split, winter('2026-11-23T17:00:00Z'))?.toISOString()).toBe('2026-11-23T21:00:00.000Z'); // 19:00 → 23:00
  });
});
