/**
 * How an inbox entry reads for the manager (issue 18): the time in Bucharest, 24 h, and the reply
 * link — a mailto: with the customer's address and "Re: <subject>" filled in, each part
 * percent-encoded (RFC 6068), so a subject with "&", "?" or diacritics survives intact.
 */
import { bucharestFormat } from '../../shared/bucharest-date-time';
import type { Locale } from '../../shared/i18n/locales';
import { DEFAULT_LOCALE } from '../../shared/i18n/locales';
import type { InboxEntry } from '../../shared/schemas/menu-editor';

const inboxTimeFormat = bucharestFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "Sun, 22 Nov 2026, 14:05" ("dum., 22 nov. 2026, 14:05") in Europe/Bucharest whatever the device's zone. */
export function formatInboxTime(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  return inboxTimeFormat(locale).format(new Date(iso));
}

export function replySubject(subject: string): string {
  return /^re:/i.test(subject) ? subject : `Re: ${subject}`;
}

/** null when there is no address to write to (feedback from a deleted account). */
export function replyHref(entry: Pick<InboxEntry, 'email' | 'subject'>): string | null {
  if (!entry.email) return null;
  return `mailto:${encodeURIComponent(entry.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(replySubject(entry.subject))}`;
}
