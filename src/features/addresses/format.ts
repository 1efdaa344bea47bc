/** Display helpers for addresses. Dates read in the restaurant's time zone, whatever the device's. */
import type { Translate } from '../../lib/i18n';
import type { Locale } from '../../shared/i18n/locales';
import { DEFAULT_LOCALE, perLocale } from '../../shared/i18n/locales';
import type { Address } from '../../shared/schemas/address';
import { addressDisplayLabel } from '../../shared/schemas/address';

const validatedOnFormat = perLocale(
  (tag) => new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Bucharest' }),
);

/** '22 Nov 2026' ('22 nov. 2026' in Romanian) for an ISO instant (Europe/Bucharest), or null when unreadable. */
export function formatValidatedOn(iso: string | null, locale: Locale = DEFAULT_LOCALE): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : validatedOnFormat(locale).format(date);
}

const kmFormat = perLocale(
  (tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 'min2' }),
);

/** '2.4 km' ('2,4 km' in Romanian) */
export function formatKm(km: number, locale: Locale = DEFAULT_LOCALE): string {
  return `${kmFormat(locale).format(km)} km`;
}

/** The card's name for an address: 'Home' / 'Work' in the screen's language, the customer's own label, or 'Unlabeled Address'. */
export function addressLabelText(t: Translate, address: Pick<Address, 'label' | 'customLabel'>): string {
  if (address.label === 'home') return t('addresses.label.home');
  if (address.label === 'work') return t('addresses.label.work');
  return addressDisplayLabel(address) ?? t('addresses.label.unlabeled');
}
