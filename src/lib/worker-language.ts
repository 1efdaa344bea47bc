/**
 * The service worker's side of the language choice (issue 23,
 * docs/decisions/0166-language-choice-cookie-account-worker.md). Offline the worker draws
 * the first paint: a server-rendered page it kept, or the precached shell. Both must be in the
 * device's current language, which the worker reads as the server does: the `lang` cookie (the
 * Cookie Store API, which Chromium gives service workers), else the browser's preference list (what
 * the server reads as Accept-Language), else English. A kept page is kept per URL and language, so
 * a switch never brings back a page drawn in the language left; the shell gets `<html lang>`.
 */
import type { Locale } from '../shared/i18n/locales';
import { isLocale, LOCALE_COOKIE, localeFromPreferences } from '../shared/i18n/locales';
import { shellInLanguage } from '../shared/i18n/page-language';

/** The part of the Cookie Store API (`self.cookieStore`) the worker reads; absent where the browser has none. */
export interface CookieReader {
  get(name: string): Promise<{ value: string } | null | undefined>;
}

/** The device's current language, as the server would read it from this device's next request. */
export async function deviceLanguageInWorker(cookies: CookieReader | undefined, languages: readonly string[]): Promise<Locale> {
  const chosen = await cookies?.get(LOCALE_COOKIE).catch(() => null);
  return isLocale(chosen?.value) ? chosen.value : localeFromPreferences(languages);
}

/**
 * The search parameter that keeps a page's copies apart by language in the worker's cache. Only a
 * cache key: no request carries it.
 */
export const KEPT_PAGE_LANGUAGE_PARAM = '__lang';

/** The cache key of `url`'s page in `locale`. */
export function keptPageKey(url: string, locale: Locale): string {
  const key = new URL(url);
  key.searchParams.set(KEPT_PAGE_LANGUAGE_PARAM, locale);
  return key.href;
}

/** `page` (an HTML answer) with `<html lang>` set to `locale`; any other answer, or a failure, as it is. */
export async function pageInLanguage(page: Response, locale: Locale): Promise<Response> {
  if (!page.ok || !(page.headers.get('content-type') ?? 'text/html').includes('text/html')) return page;
  try {
    const html = await page.clone().text();
    const headers = new Headers(page.headers);
    headers.delete('content-length');
    return new Response(shellInLanguage(html, locale), { status: page.status, statusText: page.statusText, headers });
  } catch {
    return page;
  }
}
