/**
 * The slim "Test mode — no real payments" notice (issue 21, defect 4), shown on every page while the
 * server runs PAYMENTS=test. It sits in the shell, above `#root`, and whoever answers the page puts it
 * there: the server for the pages it serves (api/routes/static.ts) and the service worker for the
 * pages it serves with the shell, from the restaurant answer IndexedDB kept (src/lib/stored-test-mode-notice.ts). So it
 * is in the first paint of every page, drawn before any script runs, and React never re-renders it:
 * nothing moves when the app starts (no layout shift). The app only corrects it when the server's
 * answer disagrees with a page the service worker drew from an older answer
 * (src/features/app-status/test-mode-notice.ts).
 *
 * Pure strings: imported by the server, the service worker and the app alike.
 */

export const TEST_MODE_NOTICE_TEXT = 'Test mode — no real payments';
export const TEST_MODE_NOTICE_ID = 'test-mode-notice';

/** A complementary landmark (everything on the page stays inside one), named for screen readers. */
export function testModeNoticeHtml(): string {
  return `<aside id="${TEST_MODE_NOTICE_ID}" class="test-mode-notice" aria-label="Payments"><p>${TEST_MODE_NOTICE_TEXT}</p></aside>`;
}

const ROOT_OPENING = '<div id="root"';

/** `shell` with the notice right before `#root`; unchanged when it has no root or already has the notice. */
export function shellWithTestModeNotice(shell: string): string {
  if (!shell.includes(ROOT_OPENING) || shell.includes(`id="${TEST_MODE_NOTICE_ID}"`)) return shell;
  return shell.replace(ROOT_OPENING, () => `${testModeNoticeHtml()}${ROOT_OPENING}`);
}
