/**
 * The slim "Test mode — no real payments" notice (issue 21, defect 4), shown on every page while the
 * server runs PAYMENTS=test. It is static markup in the shell (index.html), above `#root`, in both
 * languages (the stylesheet shows the one of `html[lang]`), and hidden; whoever answers the page
 * shows it by removing that `hidden`: the server for the pages it serves (api/routes/static.ts) and
 * the service worker for the pages it serves with the shell, from the restaurant answer IndexedDB
 * kept (src/lib/stored-test-mode-notice.ts). So it is in the first paint of every page, drawn before
 * any script runs, and React never renders it: nothing moves when the app starts (no layout shift).
 * The app only corrects it, toggling `hidden`, when the server's answer disagrees with a page the
 * service worker drew from an older answer (src/features/app-status/test-mode-notice.ts).
 *
 * Its accessible name is the page's language too (issue 23): whoever sets the page's `<html lang>`
 * (the server's and the worker's shellInLanguage, the app's language switch) sets the notice's
 * `aria-label` with it. index.html has the English.
 *
 * Pure strings: imported by the server, the service worker and the app alike. Nobody builds the
 * notice's markup: the edits are to two attributes of the element index.html has.
 */
import type { Locale } from './i18n/locales';

export const TEST_MODE_NOTICE_TEXT = 'Test mode — no real payments';
export const TEST_MODE_NOTICE_ID = 'test-mode-notice';

/** The notice's attributes before `hidden`, exactly as index.html writes them (a test reads index.html). */
export const TEST_MODE_NOTICE_ATTRIBUTES = `id="${TEST_MODE_NOTICE_ID}" class="test-mode-notice" aria-label="Payments"`;

/**
 * The notice's accessible name in each language. Its two paragraphs stay in index.html, each with
 * its `lang`; the name is one attribute, so it is set per page (a landmark named "Payments" on a
 * Romanian page is read out in English).
 */
export const TEST_MODE_NOTICE_NAME: Readonly<Record<Locale, string>> = { en: 'Payments', ro: 'Plăți' };

/** The notice's attributes up to its name's value, whatever language that is in. */
const NAMED = new RegExp(`(id="${TEST_MODE_NOTICE_ID}" class="test-mode-notice" aria-label=")[^"]*(")`);
const HIDDEN = new RegExp(`(id="${TEST_MODE_NOTICE_ID}" class="test-mode-notice" aria-label="[^"]*") hidden>`);

/** `shell` with its notice shown (its `hidden` removed); unchanged when it has no hidden notice. */
export function shellShowingTestModeNotice(shell: string): string {
  return shell.replace(HIDDEN, '$1>');
}

/** `shell` with its notice named in `locale`; unchanged when it has no notice. */
export function shellNamingTestModeNotice(shell: string, locale: Locale): string {
  return shell.replace(NAMED, (_match, before: string, after: string) => `${before}${TEST_MODE_NOTICE_NAME[locale]}${after}`);
}
