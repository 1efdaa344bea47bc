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
 * Pure strings: imported by the server, the service worker and the app alike. Nobody builds the
 * notice's markup: the one edit is to one attribute of the element index.html has.
 */

export const TEST_MODE_NOTICE_TEXT = 'Test mode — no real payments';
export const TEST_MODE_NOTICE_ID = 'test-mode-notice';

/** The notice's attributes before `hidden`, exactly as index.html writes them (a test reads index.html). */
export const TEST_MODE_NOTICE_ATTRIBUTES = `id="${TEST_MODE_NOTICE_ID}" class="test-mode-notice" aria-label="Payments"`;
const HIDDEN = `${TEST_MODE_NOTICE_ATTRIBUTES} hidden>`;
const SHOWN = `${TEST_MODE_NOTICE_ATTRIBUTES}>`;

/** `shell` with its notice shown (its `hidden` removed); unchanged when it has no hidden notice. */
export function shellShowingTestModeNotice(shell: string): string {
  return shell.replace(HIDDEN, SHOWN);
}
