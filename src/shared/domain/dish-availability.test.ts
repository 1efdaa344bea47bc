import { describe, expect, it } from 'vitest';

import type { AvailabilityWindow } from '../schemas/menu';
import { isAvailableAt, nextAvailableFrom } from './dish-availability';

const WEEKDAYS_11_TO_15: AvailabilityWindow[] = [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }];
const at = (iso: string) => new Date(iso);

describe('isAvailableAt', () => {
  it('is always true without windows', () => {
    expect(isAvailableAt([], at('2026-11-22T03:00:00Z'))).toBe(true);
    expect(nextAvailableFrom([], at('2026-11-22T03:00:00Z'))).toBeNull();
  });

  it('holds [from, to) on the listed days in Bucharest winter time (UTC+2)', () => {
    // Monday 23 Nov 2026.
    expect(isAvailableAt(WEEKDAYS_11_TO_15, at('2026-11-23T08:59:00Z'))).toBe(false); // 10:59
    expect(isAvailableAt(WEEKDAYS_11_TO_15, at('2026-11-23T09:00:00Z'))).toBe(true); // 11:00
    expect(isAvailableAt(WEEKDAYS_11_TO_15, at('2026-11-23T12:59:59Z'))).toBe(true); // 14:59:59
    expect(isAvailableAt(WEEKDAYS_11_TO_15, at('2026-11-23T13:00:00Z'))).toBe(false); // 15:00
    // Saturday 28 Nov 2026, noon.
    expect(isAvailableAt(WEEKDAYS_11_TO_15, at('2026-11-28T10:00:00Z'))).toBe(false);
  });

  it('reads summer time (UTC+3) and the local weekday, not the UTC one', () => {
    // Wednesday 15 Jul 2026 11:00 EEST = 08:00 UTC.
    expect(isAvailableAt(WEEKDAYS_11_TO_15, at('2026-07-15T07:59:00Z'))).toBe(false);
    expect(isAvailableAt(WEEKDAYS_11_TO_15, at('2026-07-15T08:00:00Z'))).toBe(true);
    // Sunday 22:30 UTC is already Monday 01:30 in Bucharest.
    const mondayNight: AvailabilityWindow[] = [{ days: [1], from: '00:00', to: '02:00' }];
    expect(isAvailableAt(mondayNight, at('2026-11-22T23:30:00Z'))).toBe(true);
    expect(isAvailableAt([{ days: [7], from: '00:00', to: '23:59' }], at('2026-11-22T23:30:00Z'))).toBe(false);
  });

  it('is true when any of several windows holds', () => {
    const lunchAndDinner: AvailabilityWindow[] = [
      { days: [6, 7], from: '12:00', to: '14:00' },
      { days: [6, 7], from: '18:00', to: '21:00' },
    ];
    expect(isAvailableAt(lunchAndDinner, at('2026-11-28T10:30:00Z'))).toBe(true); // Sat 12:30
    expect(isAvailableAt(lunchAndDinner, at('2026-11-28T13:00:00Z'))).toBe(false); // Sat 15:00
    expect(isAvailableAt(lunchAndDinner, at('2026-11-28T17:00:00Z'))).toBe(true); // Sat 19:00
  });

  it('agrees with Intl every 37 minutes over two years, across four DST switches', () => {
    const windows: AvailabilityWindow[] = [
      { days: [1, 3, 5], from: '02:30', to: '04:15' },
      { days: [7], from: '11:00', to: '15:00' },
    ];
    const format = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Bucharest',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const dayNumbers: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
    const STEP_MS = 37 * 60_000;
    let checked = 0;
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += STEP_MS) {
      const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
      const minutes = Number(parts.hour) * 60 + Number(parts.minute);
      const day = dayNumbers[String(parts.weekday)] ?? 0;
      const expected = ([1, 3, 5].includes(day) && minutes >= 150 && minutes < 255) || (day === 7 && minutes >= 660 && minutes < 900);
      expect(isAvailableAt(windows, new Date(ms)), new Date(ms).toISOString()).toBe(expected);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(28_000);
  });
});

describe('nextAvailableFrom', () => {
  it('is null while available, the next start otherwise', () => {
    expect(nextAvailableFrom(WEEKDAYS_11_TO_15, at('2026-11-23T10:00:00Z'))).toBeNull();
    // Monday 10:00 -> Monday 11:00.
    expect(nextAvailableFrom(WEEKDAYS_11_TO_15, at('2026-11-23T08:00:00Z'))?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    // Monday 15:00 -> Tuesday 11:00.
    expect(nextAvailableFrom(WEEKDAYS_11_TO_15, at('2026-11-23T13:00:00Z'))?.toISOString()).toBe('2026-11-24T09:00:00.000Z');
    // Friday 15:00 -> Monday 11:00, over the weekend.
    expect(nextAvailableFrom(WEEKDAYS_11_TO_15, at('2026-11-27T13:00:00Z'))?.toISOString()).toBe('2026-11-30T09:00:00.000Z');
  });

  it('finds the earliest of several windows, the same day or a week on', () => {
    const windows: AvailabilityWindow[] = [
      { days: [2], from: '18:00', to: '20:00' },
      { days: [2], from: '12:00', to: '13:00' },
    ];
    // Tuesday 24 Nov 09:00 -> 12:00 the same day.
    expect(nextAvailableFrom(windows, at('2026-11-24T07:00:00Z'))?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    // Tuesday 21:00 -> next Tuesday 12:00.
    expect(nextAvailableFrom(windows, at('2026-11-24T19:00:00Z'))?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  it('crosses the spring switch: Sunday 11:00 is 08:00 UTC after it', () => {
    // Last Sunday of March 2027 is the 28th; asked Saturday noon (winter time).
    const sundays: AvailabilityWindow[] = [{ days: [7], from: '11:00', to: '15:00' }];
    expect(nextAvailableFrom(sundays, at('2027-03-27T10:00:00Z'))?.toISOString()).toBe('2027-03-28T08:00:00.000Z');
  });

  it('crosses the autumn switch: Sunday 11:00 is 09:00 UTC after it', () => {
    // Last Sunday of October 2026 is the 25th; asked Saturday evening (summer time).
    const sundays: AvailabilityWindow[] = [{ days: [7], from: '11:00', to: '15:00' }];
    expect(nextAvailableFrom(sundays, at('2026-10-24T17:00:00Z'))?.toISOString()).toBe('2026-10-25T09:00:00.000Z');
  });

  it('starts a window opening in the spring gap at 04:00, and skips one that lies wholly inside it', () => {
    // 03:00-03:59 does not exist on 28 Mar 2027; 04:00 EEST = 01:00 UTC.
    const inGap: AvailabilityWindow[] = [{ days: [7], from: '03:30', to: '05:00' }];
    expect(nextAvailableFrom(inGap, at('2027-03-27T10:00:00Z'))?.toISOString()).toBe('2027-03-28T01:00:00.000Z');
    const swallowed: AvailabilityWindow[] = [{ days: [7], from: '03:00', to: '03:45' }];
    // The next Sunday, 4 Apr 2027 03:00 EEST = 00:00 UTC.
    expect(nextAvailableFrom(swallowed, at('2027-03-27T10:00:00Z'))?.toISOString()).toBe('2027-04-04T00:00:00.000Z');
  });

  it('gives the first of the two 03:30s of the autumn overlap', () => {
    const overlap: AvailabilityWindow[] = [{ days: [7], from: '03:30', to: '03:45' }];
    // 25 Oct 2026: 03:30 EEST = 00:30 UTC (it comes again at 01:30 UTC, EET).
    expect(nextAvailableFrom(overlap, at('2026-10-24T20:00:00Z'))?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // Between the two readings of 03:30-03:45 (00:45-01:30 UTC) the next is the second one.
    expect(nextAvailableFrom(overlap, at('2026-10-25T01:00:00Z'))?.toISOString()).toBe('2026-10-25T01:30:00.000Z');
  });

  it('every answer is available and the minute before it is not', () => {
    const windows: AvailabilityWindow[] = [
      { days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' },
      { days: [6], from: '09:15', to: '10:00' },
    ];
    for (let ms = Date.UTC(2026, 2, 20); ms < Date.UTC(2026, 3, 10); ms += 53 * 60_000) {
      const next = nextAvailableFrom(windows, new Date(ms));
      if (next === null) {
        expect(isAvailableAt(windows, new Date(ms))).toBe(true);
        continue;
      }
      expect(isAvailableAt(windows, next)).toBe(true);
      expect(isAvailableAt(windows, new Date(next.getTime() - 60_000))).toBe(false);
      expect(next.getTime() - ms).toBeLessThanOrEqual(3 * 24 * 3_600_000);
    }
  });
});
