import { describe, expect, it } from 'vitest';

import { bucharestOffsetMinutes, bucharestWallClock, wallClockDate, wallClockTime } from './bucharest-clock';
import { localClockText } from './opening-hours';

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;
const intlParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bucharest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

function byIntl(at: Date) {
  const parts = Object.fromEntries(intlParts.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    clock: `${parts.hour}:${parts.minute}`,
    weekday: String(parts.weekday).slice(0, 3).toLowerCase(),
  };
}

function byArithmetic(at: Date) {
  const clock = bucharestWallClock(at);
  if (!clock) throw new Error(`no wall clock for ${at.toISOString()}`);
  return { date: wallClockDate(clock), clock: wallClockTime(clock), weekday: clock.weekday };
}

describe("Bucharest's wall clock without Intl", () => {
  it('agrees with Intl (the tz database) from 1997 to 2040: around every switch and across every hour of the day', () => {
    const instants: number[] = [];
    // Every 7 h 13 min: the local hour and minute drift through the whole day over the years.
    for (let at = Date.UTC(1997, 0, 1); at < Date.UTC(2041, 0, 1); at += 7 * MS_PER_HOUR + 13 * MS_PER_MINUTE) instants.push(at);
    // Every quarter hour for a day on both sides of the last Sundays of March and October.
    for (let year = 1997; year <= 2040; year++) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const lastSunday = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay());
        for (let at = lastSunday - 24 * MS_PER_HOUR; at <= lastSunday + 48 * MS_PER_HOUR; at += 15 * MS_PER_MINUTE) instants.push(at);
      }
    }
    const mismatches: string[] = [];
    for (const at of instants) {
      const date = new Date(at);
      const a = byArithmetic(date);
      const b = byIntl(date);
      if (a.date !== b.date || a.clock !== b.clock || a.weekday !== b.weekday)
        mismatches.push(`${date.toISOString()}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      if (mismatches.length > 5) break;
    }
    expect(instants.length).toBeGreaterThan(60_000);
    expect(mismatches).toEqual([]);
  });

  it('switches at 01:00 UTC on the last Sundays of March and October', () => {
    // 2026: summer time from Sunday 29 March 03:00 local, back on Sunday 25 October 04:00 → 03:00.
    expect(bucharestOffsetMinutes(Date.parse('2026-03-29T00:59:59Z'))).toBe(120);
    expect(bucharestOffsetMinutes(Date.parse('2026-03-29T01:00:00Z'))).toBe(180);
    expect(bucharestOffsetMinutes(Date.parse('2026-10-25T00:59:59Z'))).toBe(180);
    expect(bucharestOffsetMinutes(Date.parse('2026-10-25T01:00:00Z'))).toBe(120);
    expect(localClockText(new Date('2026-03-29T00:59:00Z'))).toBe('02:59');
    expect(localClockText(new Date('2026-03-29T01:00:00Z'))).toBe('04:00');
  });

  it('reads the date across local midnight and New Year', () => {
    expect(bucharestWallClock(new Date('2026-12-31T21:59:00Z'))).toEqual({
      year: 2026,
      month: 12,
      day: 31,
      hour: 23,
      minute: 59,
      weekday: 'thu',
    });
    expect(bucharestWallClock(new Date('2026-12-31T22:00:00Z'))).toEqual({
      year: 2027,
      month: 1,
      day: 1,
      hour: 0,
      minute: 0,
      weekday: 'fri',
    });
  });

  it('leaves instants before the rule and invalid dates to Intl', () => {
    expect(bucharestWallClock(new Date('1996-06-01T12:00:00Z'))).toBeNull();
    expect(bucharestWallClock(new Date(Number.NaN))).toBeNull();
    expect(localClockText(new Date('1996-06-01T12:00:00Z'))).toBe(byIntl(new Date('1996-06-01T12:00:00Z')).clock);
    expect(() => localClockText(new Date(Number.NaN))).toThrow(RangeError);
  });
});
