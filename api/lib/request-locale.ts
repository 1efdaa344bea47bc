/**
 * The language a request asks for (issue 23), when no account says: the device's choice (the `lang`
 * cookie the language switch sets), else the browser's Accept-Language, else English. Read with
 * Hono's own language detectors; a new account starts in it, and the messages a request sends to
 * someone with no choice of their own (a new account's first e-mail, an invitation) are in it.
 */
import type { Context } from 'hono';
import type { DetectorOptions } from 'hono/language';
import { detectFromCookie, detectFromHeader } from 'hono/language';

import type { Locale } from '../../src/shared/i18n/locales';
import { chosenLocale, DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES } from '../../src/shared/i18n/locales';

const DETECTOR_OPTIONS: DetectorOptions = {
  order: ['cookie', 'header'],
  lookupQueryString: 'lang',
  lookupCookie: LOCALE_COOKIE,
  lookupFromPathIndex: 0,
  lookupFromHeaderKey: 'accept-language',
  caches: false,
  ignoreCase: true,
  fallbackLanguage: DEFAULT_LOCALE,
  supportedLanguages: [...LOCALES],
};

export function requestLocale(c: Context): Locale {
  return chosenLocale(detectFromCookie(c, DETECTOR_OPTIONS) ?? detectFromHeader(c, DETECTOR_OPTIONS));
}
