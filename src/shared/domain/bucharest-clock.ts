/**
 * Europe/Bucharest's wall clock by arithmetic, without Intl. Building the first
 * `Intl.DateTimeFormat` of a page loads the browser's locale and zone data: about 30-40 ms of a
 * fast machine's main thread, over 100 ms on a throttled phone, inside the first screen's tasks
 * (total blocking time). The restaurant's zone follows one rule, so the clock is
 * computed (opening-hours.ts's localParts and localClockText read it; they keep Intl for any other
 * zone and for instants before the rule, where this answers null).
 *
 * The rule: EET (UTC+2), and EEST (UTC+3) from the last Sunday of March at 01:00 UTC to the last
 * Sunday of October at 01:00 UTC, the EU summer-time rule, which Romania's tz database entry
 * follows from 1997 on. The tests compare it with Intl around every switch and across every hour of
 * the day, 1997-2040.
 */
import type { Weekday } from '../schemas/restaurant';

/** The first instant the EU rule describes Bucharest (tzdata: Europe/Bucharest, "EU" rules from 1997). */
const EU_RULE_FROM_MS = Date.UTC(1997, 0, 1);
const MS_PER_MINUTE = 60_000;
const WINTER_OFFSET_MINUTES = 120;
const SUMMER_OFFSET_MINUTES = 180;
/** The hour (UTC) at which EU summer time starts and ends. */
const EU_SWITCH_HOUR_UTC = 1;
const MARCH = 2;
const OCTOBER = 9;
const WEEKDAYS_BY_UTC_DAY: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export interface WallClock {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: Weekday;
}

/** 01:00 UTC on the last Sunday of `monthIndex` (0-11) of `year`. */
function lastSundaySwitchMs(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), EU_SWITCH_HOUR_UTC);
}

/** Minutes Bucharest is ahead of UTC at `atMs`; null where the rule does not apply (before 1997, not a time). */
export function bucharestOffsetMinutes(atMs: number): number | null {
  if (!Number.isFinite(atMs) || atMs < EU_RULE_FROM_MS) return null;
  // The switches fall in March and October, far from New Year, so the UTC year is the local one.
  const year = new Date(atMs).getUTCFullYear();
  const summer = atMs >= lastSundaySwitchMs(year, MARCH) && atMs < lastSundaySwitchMs(year, OCTOBER);
  return summer ? SUMMER_OFFSET_MINUTES : WINTER_OFFSET_MINUTES;
}

/** Bucharest's wall clock at `at`, or null where only Intl can say (see bucharestOffsetMinutes). */
export function bucharestWallClock(at: Date): WallClock | null {
  const offset = bucharestOffsetMinutes(at.getTime());
  if (offset === null) return null;
  // The local wall clock read through the UTC getters of an instant shifted by the offset.
  const local = new Date(at.getTime() + offset * MS_PER_MINUTE);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    weekday: WEEKDAYS_BY_UTC_DAY[local.getUTCDay()] as Weekday,
  };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "HH:MM" (24-hour) of a wall clock, as `Intl.DateTimeFormat` with hour and minute '2-digit' writes it. */
export function wallClockTime(clock: Pick<WallClock, 'hour' | 'minute'>): string {
  return `${twoDigits(clock.hour)}:${twoDigits(clock.minute)}`;
}

/** "YYYY-MM-DD" of a wall clock. */
export function wallClockDate(clock: WallClock): string {
  return `${clock.year}-${twoDigits(clock.month)}-${twoDigits(clock.day)}`;
}
