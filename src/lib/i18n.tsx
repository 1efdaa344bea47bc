/**
 * The browser's words (issue 23): Lingui's runtime formatting the compiled catalogue of one language
 * (src/locales/<language>/*.json, compiled at build time by scripts/vite-icu-catalogues.ts; only the
 * active language's chunk is fetched). Components read the runtime from context, not from a module
 * value: the server renders requests in different languages at once, each with its own runtime
 * (docs/decisions/0162-languages-lingui-icu-catalogues.md).
 */
import type { I18n, Messages } from '@lingui/core';
import { setupI18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { createContext, use, useCallback, useContext, useEffect, useMemo, useState } from 'react';

import type { MessageId } from '../locales/message-id';
import type { Locale } from '../shared/i18n/locales';
import { chosenLocale, isLocale, LOCALE_COOKIE, localeFromPreferences } from '../shared/i18n/locales';
import { TEST_MODE_NOTICE_ID, TEST_MODE_NOTICE_NAME } from '../shared/test-mode-notice';

export type { MessageId };
export type MessageValues = Record<string, string | number>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

type CatalogueChunk = () => Promise<{ default: Messages }>;

/** The app's words of each language: what every page needs (storefront, account, errors). */
const CATALOGUE_LOADERS: Record<Locale, CatalogueChunk> = {
  en: () => import('virtual:icu-catalogue/en'),
  ro: () => import('virtual:icu-catalogue/ro'),
};

/** The words loaded apart from the app's, with the screens that say them (useWords). */
export type WordsPart = 'manager' | 'pages' | 'errors';

const PART_LOADERS: Record<WordsPart, Record<Locale, CatalogueChunk>> = {
  manager: { en: () => import('virtual:icu-catalogue/en/manager'), ro: () => import('virtual:icu-catalogue/ro/manager') },
  pages: { en: () => import('virtual:icu-catalogue/en/pages'), ro: () => import('virtual:icu-catalogue/ro/pages') },
  errors: { en: () => import('virtual:icu-catalogue/en/errors'), ro: () => import('virtual:icu-catalogue/ro/errors') },
};

/** A runtime speaking one language, its catalogue loaded. */
export async function loadLanguage(locale: Locale): Promise<I18n> {
  const { default: messages } = await CATALOGUE_LOADERS[locale]();
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/** Each runtime's parts, each loaded once (a switch makes a new runtime, which loads its own). */
const partsLoaded = new WeakMap<I18n, Map<WordsPart, Promise<void>>>();

/** A settled promise as React's use() reads one (no suspending for a frame). */
function settled(): Promise<void> {
  return Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
}

/** Says `runtime` already holds every part (a runtime compiled from every catalogue file: the tests'). */
export function holdsEveryPart(runtime: I18n): I18n {
  partsLoaded.set(runtime, new Map(Object.keys(PART_LOADERS).map((part) => [part as WordsPart, settled()])));
  return runtime;
}

/**
 * Loads `part` of `runtime`'s language once. A load that failed (the chunk could not be fetched: a
 * first visit to that screen with no connection, before the service worker had it) is forgotten, so
 * the screen's Retry, or the next screen that asks, fetches it again instead of failing for good.
 */
export function partOf(
  runtime: I18n,
  part: WordsPart,
  loaders: Record<WordsPart, Record<Locale, CatalogueChunk>> = PART_LOADERS,
): Promise<void> {
  let parts = partsLoaded.get(runtime);
  if (!parts) {
    parts = new Map();
    partsLoaded.set(runtime, parts);
  }
  const known = parts;
  let loaded = known.get(part);
  if (!loaded) {
    const locale = chosenLocale(runtime.locale);
    const loading: Promise<void> & { status?: string; value?: undefined } = loaders[part][locale]().then(
      ({ default: messages }) => {
        runtime.load(locale, messages);
        // Marked as React's use() reads a settled promise: a screen that asks for a part another screen
        // already loaded renders at once instead of suspending for a frame.
        loading.status = 'fulfilled';
        loading.value = undefined;
      },
      (error: unknown) => {
        known.delete(part);
        throw error;
      },
    );
    loaded = loading;
    known.set(part, loaded);
  }
  return loaded;
}

/** The device's choice (the `lang` cookie the language switch sets), or null when it made none. */
export function deviceLocale(cookie: string): Locale | null {
  for (const pair of cookie.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/**
 * The language the app starts in. A page the server rendered (or the service worker's copy of one)
 * is hydrated in the language it was rendered in, its `<html lang>`: hydration must draw the same
 * words. Any other page: the device's choice, else the browser's preference list (what the server
 * reads as Accept-Language). A signed-in account's language is applied once the session is known.
 */
export function startingLocale(doc: Document, languages: readonly string[], serverRendered: boolean): Locale {
  if (serverRendered && isLocale(doc.documentElement.lang)) return doc.documentElement.lang;
  return deviceLocale(doc.cookie) ?? localeFromPreferences(languages);
}

/**
 * The browser's current runtime, for the few words said outside any screen (a toast from the outbox
 * running in the background). Set when the browser starts (./boot/start-app.tsx) and on each switch;
 * never on the server, whose renders each carry their own.
 */
let browserRuntime: I18n | null = null;

export function setBrowserLanguage(runtime: I18n): void {
  browserRuntime = runtime;
}

/** Words said outside a screen, in the browser's current language (the bare id before the app has started, which nothing says). */
export function translateOutsideScreens(id: MessageId, values?: MessageValues): string {
  return browserRuntime ? browserRuntime._(id, values) : id;
}

interface LanguageState {
  runtime: I18n;
  /** Loads `locale`'s catalogue, then redraws every screen in it. */
  switchLanguage: (locale: Locale) => Promise<void>;
}

const LanguageContext = createContext<LanguageState | null>(null);

/**
 * Gives the screens below one language's runtime, and the means to change it. The server renders
 * each request with its own (src/entry-server.tsx); the browser starts with the page's language
 * (./boot/start-app.tsx).
 */
export function LanguageProvider({ initial, children }: { initial: I18n; children: ReactNode }) {
  const [runtime, setRuntime] = useState(initial);
  const switchLanguage = useCallback(async (locale: Locale) => {
    const next = await loadLanguage(locale);
    document.documentElement.lang = locale;
    // The shell's test-mode notice is named in the page's language, as the server and the worker name it.
    document.getElementById(TEST_MODE_NOTICE_ID)?.setAttribute('aria-label', TEST_MODE_NOTICE_NAME[locale]);
    browserRuntime = next;
    setRuntime(next);
  }, []);
  // The wording of the server's refusals, fetched once the app is drawn (not before its first paint):
  // until it is here, a refusal reads by its status (src/lib/error-handler.ts).
  useEffect(() => void partOf(runtime, 'errors').catch(() => undefined), [runtime]);
  const state = useMemo(() => ({ runtime, switchLanguage }), [runtime, switchLanguage]);
  return <LanguageContext.Provider value={state}>{children}</LanguageContext.Provider>;
}

function useLanguageState(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('A screen asked for words outside a LanguageProvider');
  return state;
}

/** The words of the screen's language: `t('common.language.label')`, `t('cart.items', { count })`. */
export function useT(): Translate {
  const { runtime } = useLanguageState();
  return useCallback((id, values) => runtime._(id, values), [runtime]);
}

/** The language the screen is in. */
export function useLocale(): Locale {
  return chosenLocale(useLanguageState().runtime.locale);
}

/**
 * The words of a part loaded apart (scripts/vite-icu-catalogues.ts): the screen suspends (its Suspense
 * boundary shows meanwhile) until they are loaded into the screen's language. Called at the top of the
 * screens that say them (the manager area: 'manager'; checkout, orders, profile and the account pages:
 * 'pages'), so a first visit to the menu never fetches them.
 */
export function useWords(part: WordsPart): void {
  use(partOf(useLanguageState().runtime, part));
}

/** Changes the app's language (the language switch). */
export function useSwitchLanguage(): (locale: Locale) => Promise<void> {
  return useLanguageState().switchLanguage;
}
