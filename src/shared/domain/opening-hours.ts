/**
 * Opening hours in the restaurant's own zone (Europe/Bucharest), whatever zone the server or the
 * phone is in. Pure: `now` always comes from the caller's Clock.
 * An interval is half-open [open, close): with 11:00-22:00 an order at 21:59 is accepted and one at
 * 22:00 is not.
 */
import type { OpeningHours, Weekday } from '../schemas/restaurant';
import { WEEKDAYS } from '../schemas/restaurant';
import { bucharestWallClock, wallClockDate, wallClockTime } from './bucharest-clock';

export const RESTAURANT_TIME_ZONE = 'Europe/Bucharest';
const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;
/** How far ahead nextOpening looks before saying "not within two weeks". */
const NEXT_OPENING_LOOKAHEAD_DAYS = 14;

export const DAILY_11_TO_22: OpeningHours = {
  weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, [{ open: '11:00', close: '22:00' }]])) as OpeningHours['weekly'],
  exceptions: [],
};

export interface LocalParts {
  /** YYYY-MM-DD in the zone. */
  date: string;
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
}

const partsFormatterCache = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatterCache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    partsFormatterCache.set(timeZone, formatter);
  }
  return formatter;
}

export function localParts(at: Date, timeZone = RESTAURANT_TIME_ZONE): LocalParts {
  // The restaurant's own zone by arithmetic: no Intl formatter (and its start-up cost) on the first
  // screen (bucharest-clock.ts); Intl for any other zone.
  const clock = timeZone === RESTAURANT_TIME_ZONE ? bucharestWallClock(at) : null;
  if (clock) return { date: wallClockDate(clock), weekday: clock.weekday, minutes: clock.hour * 60 + clock.minute };
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = String(parts.weekday).slice(0, 3).toLowerCase() as Weekday;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** "HH:MM" (24-hour) in the zone: the same reading as localParts (arithmetic for Bucharest, else Intl). */
export function localClockText(at: Date, timeZone = RESTAURANT_TIME_ZONE): string {
  const { minutes } = localParts(at, timeZone);
  return wallClockTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
}

export function timeToMinutes(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The intervals of one local date: its exception (holiday, special hours) when it has one, else its weekday's. */
export function intervalsFor(hours: OpeningHours, parts: Pick<LocalParts, 'date' | 'weekday'>) {
  const exception = hours.exceptions.find((e) => e.date === parts.date);
  return exception ? exception.intervals : (hours.weekly[parts.weekday] ?? []);
}

export function isOpenAt(hours: OpeningHours, now: Date, timeZone = RESTAURANT_TIME_ZONE): boolean {
  const parts = localParts(now, timeZone);
  return intervalsFor(hours, parts).some(
    (interval) => parts.minutes >= timeToMinutes(interval.open) && parts.minutes < timeToMinutes(interval.close),
  );
}

/**
 * When the interval open at `now` ends (the first minute orders are refused), or null when closed:
 * the storefront's "open now until 22:00".
 */
export function closingAt(hours: OpeningHours, now: Date, timeZone = RESTAURANT_TIME_ZONE): Date | null {
  const parts = localParts(now, timeZone);
  const current = intervalsFor(hours, parts).find(
    (interval) => parts.minutes >= timeToMinutes(interval.open) && parts.minutes < timeToMinutes(interval.close),
  );
  return current ? zonedWallTimeToDate(parts.date, current.close, timeZone) : null;
}

/** Offset (ms) of the zone from UTC at a given instant. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant at which the zone's wall clock reads `date` `hh:mm` (DST-aware). */
export function zonedWallTimeToDate(date: string, hhmm: string, timeZone = RESTAURANT_TIME_ZONE): Date {
  const [year, month, day] = date.split('-').map(Number);
  const guess = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) + timeToMinutes(hhmm) * MS_PER_MINUTE;
  const first = guess - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess - zoneOffsetMs(new Date(first), timeZone));
}

/** The next moment the place opens, strictly after `now` when closed; null when open now or never. */
export function nextOpening(hours: OpeningHours, now: Date, timeZone = RESTAURANT_TIME_ZONE): Date | null {
  if (isOpenAt(hours, now, timeZone)) return null;
  const today = localParts(now, timeZone);
  for (let offset = 0; offset <= NEXT_OPENING_LOOKAHEAD_DAYS; offset += 1) {
    // Noon avoids DST edges when stepping whole days.
    const noon = zonedWallTimeToDate(today.date, '12:00', timeZone).getTime() + offset * MINUTES_PER_DAY * MS_PER_MINUTE;
    const parts = localParts(new Date(noon), timeZone);
    const opens = intervalsFor(hours, parts)
      .map((interval) => zonedWallTimeToDate(parts.date, interval.open, timeZone))
      .filter((at) => at.getTime() > now.getTime())
      .sort((a, b) => a.getTime() - b.getTime());
    if (opens[0]) return opens[0];
  }
  return null;
}

/** "11:00-22:00" style summary of today's hours, "Închis" when closed all day. */
export function describeDay(hours: OpeningHours, now: Date, timeZone = RESTAURANT_TIME_ZONE): string {
  const intervals = intervalsFor(hours, localParts(now, timeZone));
  return intervals.length === 0 ? 'Închis' : intervals.map((i) => `${i.open}-${i.close}`).join(', ');
}
