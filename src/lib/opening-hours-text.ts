/**
 * Romanian texts for opening hours (footer, contact, full menu): the weekly schedule grouped by
 * runs of equal days, upcoming holiday exceptions, and the live "open now / opens at …" line.
 * Pure: the instant comes from the server's answer (GET /api/restaurant/status), never the device.
 */
import { localClockText, localParts } from '../shared/domain/opening-hours';
import type { OpeningHours, Weekday } from '../shared/schemas/restaurant';
import { WEEKDAYS } from '../shared/schemas/restaurant';

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

export type TimeStyle = '24h' | '12h';

/** Spec wording for the contact page: "11:00 AM - 10:00 PM". */
export function to12Hour(time: string): string {
  const [h = '0', m = '00'] = time.split(':');
  const hour = Number(h);
  const suffix = hour >= 12 ? 'PM' : 'AM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${m} ${suffix}`;
}

function intervalsText(intervals: readonly { open: string; close: string }[], style: TimeStyle): string {
  if (intervals.length === 0) return CLOSED_TEXT;
  return intervals.map((i) => (style === '12h' ? `${to12Hour(i.open)} - ${to12Hour(i.close)}` : `${i.open}-${i.close}`)).join(', ');
}

export interface HoursLine {
  days: string;
  hours: string;
}

/** "Zilnic 11:00-22:00", or runs of equal days: "Luni–Vineri 11:00-22:00", "Duminică Închis". */
export function weeklyHoursLines(hours: OpeningHours, style: TimeStyle = '24h', dailyLabel = DAILY_TEXT): HoursLine[] {
  const texts = WEEKDAYS.map((day) => intervalsText(hours.weekly[day] ?? [], style));
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
export function upcomingExceptions(hours: OpeningHours, serverNow: string, style: TimeStyle = '24h'): HoursLine[] {
  const today = localParts(new Date(serverNow)).date;
  const until = localParts(new Date(Date.parse(serverNow) + EXCEPTIONS_AHEAD_DAYS * MS_PER_DAY)).date;
  return hours.exceptions
    .filter((e) => e.date >= today && e.date <= until)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((e) => {
      const [, month, day] = e.date.split('-');
      return { days: `${day}.${month}${e.note ? ` (${e.note})` : ''}`, hours: intervalsText(e.intervals, style) };
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
