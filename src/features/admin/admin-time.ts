/**
 * The manager area's clock and calendar in the screen's language (issue 23): Bucharest wall time,
 * 24-hour in both languages ("19:45"), whatever the tablet's zone or its own locale. One formatter
 * per language and shape, made once (perLocale).
 */
import type { Locale } from '../../shared/i18n/locales';
import { perLocale } from '../../shared/i18n/locales';
import { RESTAURANT_TIME_ZONE } from '../../shared/domain/opening-hours';

const clockFormat = perLocale(
  (tag) => new Intl.DateTimeFormat(tag, { timeZone: RESTAURANT_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);
const shortDateTimeFormat = perLocale(
  (tag) => new Intl.DateTimeFormat(tag, { timeZone: RESTAURANT_TIME_ZONE, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }),
);
const mediumDateTimeFormat = perLocale(
  (tag) => new Intl.DateTimeFormat(tag, { timeZone: RESTAURANT_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }),
);
/** A calendar date (already a Bucharest date) read as words: the date itself, whatever the tablet's zone. */
const longDateFormat = perLocale(
  (tag) => new Intl.DateTimeFormat(tag, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
);
const weekdayFormat = perLocale((tag) => new Intl.DateTimeFormat(tag, { timeZone: 'UTC', weekday: 'long' }));

/** "19:45". */
export function clockText(iso: string, locale: Locale): string {
  return clockFormat(locale).format(new Date(iso));
}

/** The ticket's "22/11/2026, 14:00" ("22.11.2026, 14:00" in Romanian). */
export function shortDateTimeText(iso: string, locale: Locale): string {
  return shortDateTimeFormat(locale).format(new Date(iso));
}

/** The report's "22 Nov 2026, 14:00" ("22 nov. 2026, 14:00"). */
export function mediumDateTimeText(iso: string, locale: Locale): string {
  return mediumDateTimeFormat(locale).format(new Date(iso));
}

/** "Sunday, 22 November 2026" / "duminică, 22 noiembrie 2026" for a "2026-11-22" date. */
export function longDateText(date: string, locale: Locale): string {
  return longDateFormat(locale).format(new Date(`${date}T12:00:00Z`));
}

/** Monday 1 January 2024 and the six days after it, at noon UTC: one of each weekday. */
const A_MONDAY_MS = Date.UTC(2024, 0, 1, 12);
const MS_PER_DAY = 86_400_000;
const WEEKDAY_OFFSET = { mon: 0, tue: 1, wed: 2, thu: 3, fri: 4, sat: 5, sun: 6 } as const;

/** A weekday's name as the start of a line: "Monday", "Luni" (Romanian writes weekdays in lower case, so the first letter is raised). */
export function weekdayName(day: keyof typeof WEEKDAY_OFFSET, locale: Locale): string {
  const name = weekdayFormat(locale).format(new Date(A_MONDAY_MS + WEEKDAY_OFFSET[day] * MS_PER_DAY));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
