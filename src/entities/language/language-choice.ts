/**
 * The device's choice of language (issue 23): the `lang` cookie, which the server reads for every
 * page it renders and message it sends (api/lib/request-locale.ts), the app when it starts
 * (src/lib/i18n.tsx startingLocale) and the service worker for the page it answers offline
 * (src/lib/worker-language.ts). And the rule a signed-in person's screen follows: the account's
 * language wins (docs/decisions/0166-language-choice-cookie-account-worker.md).
 */
import type { Locale } from '../../shared/i18n/locales';
import { LOCALE_COOKIE } from '../../shared/i18n/locales';

/** A choice outlives the visit: a year, renewed by every switch. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie that keeps `locale` as this device's choice: every path of the site, sent with
 * top-level navigations from elsewhere (Lax: a link from a search engine lands in the chosen
 * language), Secure when the site is served over https.
 */
export function languageCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Keeps `locale` as this device's choice (works offline: the cookie is the browser's own). */
export function rememberDeviceLanguage(locale: Locale, doc: Document = document): void {
  doc.cookie = languageCookie(locale, doc.location.protocol === 'https:');
}

/**
 * The language a signed-in person's screen must switch to, or null when it is right already.
 * The account's language wins over the device's: the one this device has queued for the account
 * and not yet sent (`unsent`, the newest choice), else the one the server knows; an account that
 * never chose (null) leaves the device's choice in place.
 */
export function languageToFollow(accountLanguage: Locale | null, unsent: Locale | null, screen: Locale): Locale | null {
  const wanted = unsent ?? accountLanguage;
  return wanted !== null && wanted !== screen ? wanted : null;
}
