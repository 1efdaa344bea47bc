/**
 * Romanian texts for opening hours (footer, contact, full menu): the weekly schedule grouped by
 * runs of equal days, upcoming holiday exceptions, and the live "open now / opens at …" line.
 * Always 24-hour time, as people read it in Romania ("11:00-22:00"; issue 27 replaced the contact
 * page's "11:00 AM - 10:00 PM"). Pure: the instant comes from the server's answer (GET
 * /api/restaurant/status), never the device.
 */
import { localClockText, localParts } from '../../shared/domain/opening-hours';
import type { OpeningHours, Weekday } from '../../shared/schemas/restaurant';
import { WEEKDAYS } from '../../shared/schemas/restaurant';

export const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Luni',
  tue: 'Marți',
  wed: 'Miercuri',
  thu: 'Joi',
  fri: 'Vineri',
  sat: 'Sâmbătă',
  sun: 'Duminică',
};
export const CLOSED_TEXT = 'Închis';
const DAILY_TEXT = 'Zilnic';
/** How far ahead holiday exceptions are announced. */
export const EXCEPTIONS_AHEAD_DAYS = 14;
const MS_PER_DAY = 24 * 60 * 60 * 1_000;

function intervalsText(intervals: readonly { open: string; close: string }[]): string {
  if (intervals.length === 0) return CLOSED_TEXT;
  return intervals.map((i) => `${i.open}-${i.close}`).join(', ');
}

/**
 * A time typed in the manager's 24-hour field, as the stored "HH:MM", or null when it is not a time
 * of day: "9" -> "09:00", "930" -> "09:30", "21.30" / "21:30" -> "21:30", "24:00" / "9:75" -> null.
 */
export function normaliseTimeOfDay(text: string): string | null {
  const match = /^(\d{1,2})(?:[:.h]?(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export interface HoursLine {
  days: string;
  hours: string;
}

/** "Zilnic 11:00-22:00", or runs of equal days: "Luni–Vineri 11:00-22:00", "Duminică Închis". */
export function weeklyHoursLines(hours: OpeningHours, dailyLabel = DAILY_TEXT): HoursLine[] {
  const texts = WEEKDAYS.map((day) => intervalsText(hours.weekly[day] ?? []));
  if (texts.every((text) => text === texts[0])) return [{ days: dailyLabel, hours: texts[0]! }];
  const lines: HoursLine[] = [];
  let start = 0;
  for (let index = 1; index <= WEEKDAYS.length; index += 1) {
    if (index < WEEKDAYS.length && texts[index] === texts[start]) continue;
    const first = DAY_NAMES[WEEKDAYS[start]!];
    const last = DAY_NAMES[WEEKDAYS[index - 1]!];
    lines.push({ days: index - 1 === start ? first : `${first}–${last}`, hours: texts[start]! });
    start = index;
  }
  return lines;
}

/** Holiday exceptions from today (restaurant's date) for the next two weeks: "25.12 (Crăciun) Închis". */
export function upcomingExceptions(hours: OpeningHours, serverNow: string): HoursLine[] {
  const today = localParts(new Date(serverNow)).date;
  const until = localParts(new Date(Date.parse(serverNow) + EXCEPTIONS_AHEAD_DAYS * MS_PER_DAY)).date;
  return hours.exceptions
    .filter((e) => e.date >= today && e.date <= until)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((e) => {
      const [, month, day] = e.date.split('-');
      return { days: `${day}.${month}${e.note ? ` (${e.note})` : ''}`, hours: intervalsText(e.intervals) };
    });
}

function clockTime(iso: string): string {
  return localClockText(new Date(iso));
}

export interface LiveLocationStatus {
  isOpen: boolean;
  closesAt: string | null;
  nextOpeningAt: string | null;
}

/**
 * "Deschis acum, până la 22:00"; "Închis acum, se deschide azi / mâine / luni la 11:00"; with the
 * manager's toggle off, "Nu preluăm comenzi acum" (no known reopening).
 */
export function liveStatusText(location: LiveLocationStatus, acceptingOrders: boolean, serverNow: string): string {
  if (!acceptingOrders) return 'Nu preluăm comenzi acum';
  if (location.isOpen) return location.closesAt ? `Deschis acum, până la ${clockTime(location.closesAt)}` : 'Deschis acum';
  if (!location.nextOpeningAt) return 'Închis acum';
  const now = localParts(new Date(serverNow));
  const opens = localParts(new Date(location.nextOpeningAt));
  const tomorrow = localParts(new Date(Date.parse(serverNow) + MS_PER_DAY)).date;
  const when =
    opens.date === now.date
      ? 'azi'
      : opens.date === tomorrow
        ? 'mâine'
        : Date.parse(location.nextOpeningAt) - Date.parse(serverNow) < 6 * MS_PER_DAY
          ? DAY_NAMES[opens.weekday].toLowerCase()
          : `pe ${opens.date.slice(8, 10)}.${opens.date.slice(5, 7)}`;
  return `Închis acum, se deschide ${when} la ${clockTime(location.nextOpeningAt)}`;
}
