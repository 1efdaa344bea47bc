/**
 * Every page the service worker answers with the precached shell shows the shell's test-mode notice
 * when the stored restaurant answer says payments are in test mode (issue 21, defect 4): the
 * precached shell is the build as it is (the notice hidden), and the notice must be in the first
 * paint, not shown when the app starts. (A server-rendered page the worker kept already carries the server's notice.) Any
 * failure answers the shell as it is: this never stops a page from loading.
 */
import type { RestaurantRow } from '../db/app-db';
import { shellShowingTestModeNotice } from '../shared/test-mode-notice';

export async function withStoredTestModeNotice(shell: Response, readStored: () => Promise<RestaurantRow | undefined>): Promise<Response> {
  if (!shell.ok) return shell;
  try {
    const [html, stored] = await Promise.all([shell.clone().text(), readStored()]);
    if (stored?.info.testPayments !== true) return shell;
    const headers = new Headers(shell.headers);
    headers.delete('content-length');
    return new Response(shellShowingTestModeNotice(html), { status: shell.status, statusText: shell.statusText, headers });
  } catch {
    return shell;
  }
}
