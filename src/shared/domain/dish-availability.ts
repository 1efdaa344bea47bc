/**
 * When a dish may be ordered (issue 18): its availability windows, in the restaurant's zone
 * (Europe/Bucharest), e.g. the daily menu Monday to Friday 11:00-15:00. Pure: the instant always
 * comes from the caller's Clock. The server refuses an order outside the windows
 * (api/orders/pricing.ts); the storefront greys the dish out and says when it comes back.
 *
 * A window is half-open [from, to) like opening hours: with 11:00-15:00 an order at 14:59 is
 * accepted and one at 15:00 is not. No windows means always available. Windows never cross midnight
 * (the schema wants from < to); a dish sold past midnight has two windows.
 *
 * The wall clock is read by arithmetic (bucharest-clock.ts), without Intl, because the storefront
 * asks this for every dish card on the first screen.
 */
import type { AvailabilityWindow } from '../schemas/menu';
import type { Weekday } from '../schemas/restaurant';
import { bucharestOffsetMinutes } from './bucharest-clock';
import { localParts, timeToMinutes, zonedWallTimeToDate } from './opening-hours';

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;
const MS_PER_DAY = 24 * MS_PER_HOUR;
/** Two weeks: a weekly window always starts within one, even when a DST gap swallows one start. */
const LOOKAHEAD_DAYS = 14;
/** Bucharest's two offsets, summer first so an ambiguous wall time (October) gives its first instant. */
const CANDIDATE_OFFSETS_MINUTES = [180, 120] as const;

/** The windows' day numbers: 1 = Monday … 7 = Sunday (ISO 8601). */
const DAY_NUMBER: Record<Weekday, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };

function windowHolds(window: AvailabilityWindow, dayNumber: number, minutes: number): boolean {
  return window.days.includes(dayNumber) && minutes >= timeToMinutes(window.from) && minutes < timeToMinutes(window.to);
}

/** True when a dish with these windows may be ordered at `instant` (always, with no windows). */
export function isAvailableAt(windows: readonly AvailabilityWindow[], instant: Date): boolean {
  if (windows.length === 0) return true;
  const parts = localParts(instant);
  const dayNumber = DAY_NUMBER[parts.weekday];
  return windows.some((window) => windowHolds(window, dayNumber, parts.minutes));
}

/**
 * The instants at which Bucharest's wall clock reads `date` (YYYY-MM-DD) `hhmm`: one on most days,
 * two in the autumn overlap (03:00-03:59 on the last Sunday of October comes twice). In the spring
 * gap (03:00-03:59 does not exist on the last Sunday of March) it is the switch itself, 04:00 local,
 * the first existing minute after the wall time.
 */
function bucharestWallTimeToInstants(date: string, hhmm: string): Date[] {
  const [year, month, day] = date.split('-').map(Number);
  const wallAsUtcMs = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) + timeToMinutes(hhmm) * MS_PER_MINUTE;
  const instants = CANDIDATE_OFFSETS_MINUTES.map((offset) => wallAsUtcMs - offset * MS_PER_MINUTE)
    .filter((instantMs, index) => bucharestOffsetMinutes(instantMs) === CANDIDATE_OFFSETS_MINUTES[index])
    .map((instantMs) => new Date(instantMs));
  if (instants.length > 0) return instants;
  const winterInstantMs = wallAsUtcMs - CANDIDATE_OFFSETS_MINUTES[1] * MS_PER_MINUTE;
  // Before the EU rule (1997) only Intl knows the zone's history.
  if (bucharestOffsetMinutes(winterInstantMs) === null) return [zonedWallTimeToDate(date, hhmm)];
  // The gap is the hour before the switch, which falls on a whole UTC hour (01:00 UTC).
  return [new Date(Math.floor(winterInstantMs / MS_PER_HOUR) * MS_PER_HOUR)];
}

/**
 * When a dish not available at `instant` next becomes available: the start of its next window
 * (the storefront's "Available from Mon 11:00"). Null when it is available at `instant` (or has no
 * windows), and when no window starts within two weeks (impossible with valid windows).
 */
export function nextAvailableFrom(windows: readonly AvailabilityWindow[], instant: Date): Date | null {
  if (isAvailableAt(windows, instant)) return null;
  const today = localParts(instant);
  // Noon of each following local day: DST moves it by an hour at most, never into another day.
  const todayNoon = (bucharestWallTimeToInstants(today.date, '12:00')[0] ?? instant).getTime();
  for (let offsetDays = 0; offsetDays <= LOOKAHEAD_DAYS; offsetDays += 1) {
    const day = localParts(new Date(todayNoon + offsetDays * MS_PER_DAY));
    const dayNumber = DAY_NUMBER[day.weekday];
    const starts = windows
      .filter((window) => window.days.includes(dayNumber))
      .flatMap((window) => bucharestWallTimeToInstants(day.date, window.from))
      // A start swallowed by the spring gap lands at 04:00, which may be past its window's end.
      .filter((start) => start.getTime() > instant.getTime() && isAvailableAt(windows, start))
      .sort((a, b) => a.getTime() - b.getTime());
    if (starts[0]) return starts[0];
  }
  return null;
}
