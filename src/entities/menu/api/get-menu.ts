/**
 * The menu noun's one server read (docs/decisions/0164-menu-noun-and-the-notice-in-the-shell.md):
 * GET /api/menu, the catalogue. The home page, the menu screens, the full menu and its search all
 * read it through menuQueryOptions(), under menuKeys.all; the live updates invalidate that key.
 *
 * Offline, or when the server answers with an error, the snapshot IndexedDB keeps of the last good
 * answer answers instead (../menu-repo.ts), marked stale since the failure, so /menu and
 * /meniul-complet open offline after one online visit; with no snapshot the failure stands. The
 * browser's HTTP cache revalidates with the ETag by itself, so an unchanged menu costs a 304. The
 * query function only reads: the query cache hands each answer to the keeper this query names
 * (`meta.keep`, src/lib/keep-query-answers.ts), which stores a fresh menu, or records the failed
 * refresh, through ../menu-repo.ts.
 */
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-fetch';
import { menuSchema } from '../../../shared/schemas/menu';
import type { MenuReading } from '../menu';

export const menuKeys = {
  all: ['menu'] as const,
};

export type { MenuReading } from '../menu';

/** The repository, loaded when first needed (offline, or with an answer to keep): Dexie stays out of the first paint. */
const loadRepo = () => import('../menu-repo');

/** The query function: the server's menu with the time of the reading, else what the repository answers for the failure. */
export async function readMenu(): Promise<MenuReading> {
  try {
    return { ...(await apiFetch('/api/menu', menuSchema)), fetchedAt: new Date().toISOString() };
  } catch (error) {
    // The repository decides (the stored snapshot, or the error stands), so Dexie loads on a failure only.
    return (await loadRepo()).storedMenuOr(error, new Date().toISOString());
  }
}

export const menuQueryOptions = () =>
  queryOptions({
    queryKey: menuKeys.all,
    queryFn: readMenu,
    // Each answer is kept for offline visits, the cart's price check and the next start
    // (src/lib/keep-query-answers.ts): a fresh menu replaces the snapshot, the snapshot answered
    // after a failure records when the refresh failed.
    meta: { keep: (menu: MenuReading) => loadRepo().then((repo) => repo.keepMenu(menu)) },
  });
