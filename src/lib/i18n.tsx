/**
 * The browser's words (issue 23): Lingui's runtime formatting the compiled catalogue of one language
 * (src/locales/<language>.json, compiled at build time by scripts/vite-icu-catalogues.ts; only the
 * active language's chunk is fetched). Components read the runtime from context, not from a module
 * value: the server renders requests in different languages at once, each with its own runtime
 * (docs/decisions/0162-languages-lingui-icu-catalogues.md).
 */
import type { I18n, Messages } from '@lingui/core';
import { setupI18n } from '@lingui/core';
import { createContext, useContext } from 'react';

import type englishCatalogue from '../locales/en.json';
import type { Locale } from '../shared/i18n/locales';

/** Every message id the browser has: the English catalogue's, which the Romanian one must match (tests). */
export type MessageId = keyof typeof englishCatalogue;
export type MessageValues = Record<string, string | number>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

const CATALOGUE_LOADERS: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:icu-catalogue/en'),
  ro: () => import('virtual:icu-catalogue/ro'),
};

/** A runtime speaking one language, its catalogue loaded. */
export async function loadLanguage(locale: Locale): Promise<I18n> {
  const { default: messages } = await CATALOGUE_LOADERS[locale]();
  return setupI18n({ locale, messages: { [locale]: messages } });
}

const LanguageContext = createContext<I18n | null>(null);

/** Gives the screens below one language's runtime (the app's root, the server's render of a page). */
export const LanguageProvider = LanguageContext.Provider;

function useRuntime(): I18n {
  const runtime = useContext(LanguageContext);
  if (!runtime) throw new Error('A screen asked for words outside a LanguageProvider');
  return runtime;
}

/** The words of the screen's language: `t('language.label')`, `t('cart.items', { count })`. */
export function useT(): Translate {
  const runtime = useRuntime();
  return (id, values) => runtime._(id, values);
}

/** The language the screen is in. */
export function useLocale(): Locale {
  return useRuntime().locale as Locale;
}
