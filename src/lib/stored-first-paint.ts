/**
 * The service worker draws the first paint of `/`, `/menu` and `/meniul-complet` into the precached
 * shell from what IndexedDB kept of earlier visits: the menu snapshot, the cart lines and the
 * restaurant's settings. The cards, the cart count and (offline) the price notice are on
 * screen as soon as the HTML is parsed, before the app's scripts have run. The root says so
 * (`data-first-paint-source="stored"`), and the app's first render shows the same stored menu and
 * settings, then refreshes them from the network when there is one (stale-while-revalidate).
 *
 * It draws online too: the service worker cannot tell reliably that it is offline (`navigator.onLine`
 * says online behind a dead connection, and even flips back under DevTools' offline mode), and a
 * stored menu on screen at once beats an empty shell either way. Any failure (no database, nothing
 * stored, a shell without an empty root) answers the plain shell: this only ever makes a page paint
 * sooner, never stops it from loading.
 *
 * Every page it answers (not only those three) gets the test-mode notice before `#root` when the
 * stored restaurant answer says payments are in test mode (issue 21, defect 4): the precached shell
 * is the plain build, and the notice must be in the first paint, not added when the app starts.
 */
import type { EarlyRead } from '../db/early-read';
import { shellWithFirstPaintHtml } from '../shared/first-paint-html';
import { shellWithTestModeNotice } from '../shared/test-mode-notice';

export interface StoredFirstPaintOptions {
  /** The IndexedDB read (readEarly in the service worker). */
  readStored(): Promise<EarlyRead>;
  /** Whether the browser says it has no network: the offline price notice is drawn then. */
  knownOffline: boolean;
}

export async function withStoredFirstPaint(
  shell: Response,
  url: URL,
  { readStored, knownOffline }: StoredFirstPaintOptions,
): Promise<Response> {
  if (!shell.ok) return shell;
  try {
    const [html, stored] = await Promise.all([shell.clone().text(), readStored()]);
    const snapshot = stored.menuSnapshot;
    const drawn = shellWithFirstPaintHtml(
      html,
      url.pathname,
      url.searchParams,
      {
        menu: snapshot?.menu ?? null,
        cakesShopUrl: stored.restaurant?.info.cakesShopUrl,
        cartLines: stored.cartLines ?? [],
        offlinePricesAsOf: knownOffline ? snapshot?.fetchedAt : undefined,
        // The device's clock: the app's first render reads it too before the server's is measured (src/lib/server-clock.ts).
        nowMs: Date.now(),
      },
      'stored',
    );
    const page = stored.restaurant?.info.testPayments === true ? shellWithTestModeNotice(drawn ?? html) : drawn;
    if (page === null) return shell;
    const headers = new Headers(shell.headers);
    headers.delete('content-length');
    return new Response(page, { status: shell.status, statusText: shell.statusText, headers });
  } catch {
    return shell;
  }
}
