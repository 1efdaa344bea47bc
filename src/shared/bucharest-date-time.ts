/**
 * A date and time as people here read it: Bucharest wall time, 24 h ("27 Nov 2026, 14:05"; in
 * Romanian "27 nov. 2026, 14:05"), whatever the device's zone. One format for the order pages, the
 * messages and the menu editor's change log.
 */
import type { Locale } from './i18n/locales';
import { DEFAULT_LOCALE, perLocale } from './i18n/locales';

/** Per language, a format of Bucharest wall time, 24 h, showing `parts` (each language's format made once, when first asked for). */
export function bucharestFormat(parts: Intl.DateTimeFormatOptions): (locale: Locale) => Intl.DateTimeFormat {
  return perLocale((tag) => new Intl.DateTimeFormat(tag, { timeZone: 'Europe/Bucharest', hourCycle: 'h23', ...parts }));
}

const bucharestDateTimeFormat = bucharestFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The instant in Bucharest time; text that is not an instant is shown as it came. */
export function formatBucharestDateTime(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : bucharestDateTimeFormat(locale).format(at);
}
