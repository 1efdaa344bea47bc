/**
 * The product's languages (issue 23): English, the default, and Romanian. A person's language is,
 * in this order: their account's, then the device's choice (the `lang` cookie, which the server
 * reads too, so a page it renders and a message it sends are in the same language), then the
 * browser's preference list (`navigator.languages` on the client, `Accept-Language` on the
 * server), then English (docs/decisions/0162-languages-lingui-icu-catalogues.md).
 */
export const LOCALES = ['en', 'ro'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, as a language switch lists them (the same in every language). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ro: 'Română' };

/** The device's choice, set by the language switch; sent with every request to the same origin. */
export const LOCALE_COOKIE = 'lang';

/** The BCP 47 tag Intl formats with: Romanian as written in Romania; English with 24-hour time and day-month dates. */
export const INTL_TAG: Record<Locale, string> = { en: 'en-GB', ro: 'ro-RO' };

/**
 * One value per language, made the first time that language asks for it from its Intl tag: the
 * formatters of money, weights and dates are built once each, and only for the languages in use.
 */
export function perLocale<T>(make: (intlTag: string) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(INTL_TAG[locale]);
      made.set(locale, value);
    }
    return value;
  };
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A stored choice (an account's, a cookie's) as a language: `otherwise` (English) when there is none or it is not one of ours. */
export function chosenLocale(value: string | null | undefined, otherwise: Locale = DEFAULT_LOCALE): Locale {
  return isLocale(value) ? value : otherwise;
}

/** The product's language for one language tag ("ro-RO" → ro, "EN" → en), or null when it has none. */
export function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

/** The first of a preference list (most wanted first) the product speaks, else English. */
export function localeFromPreferences(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
