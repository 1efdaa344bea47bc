/**
 * The menu as the device knows it: every successful GET /api/menu is kept in IndexedDB with its
 * version and fetch time; when the network fails, the last snapshot is served and the failure time
 * recorded ("prices as of HH:MM").
 * Reads work offline whenever one online visit happened before; the server still decides prices.
 */
import type { AppDb, MenuSnapshotRow } from '../db/app-db';
import type { Clock } from '../shared/clock';
import type { Menu } from '../shared/schemas/menu';
import { menuSchema } from '../shared/schemas/menu';
import type { ApiReadPath } from './api-fetch';
import { ApiRequestError, NetworkError } from './api-fetch';

/** Typed against the server's routes (a renamed route fails tsc); not the Hono client: this is the first paint's read. */
const MENU_PATH: ApiReadPath = '/api/menu';

export interface MenuWithFreshness {
  menu: Menu;
  fetchedAt: string;
  /** Set when the latest refresh failed and this is the stored snapshot. */
  staleSince: string | null;
}

export interface LoadMenuOptions {
  /** IndexedDB is loaded lazily: the first paint must not wait for Dexie. */
  getDb: () => Promise<AppDb>;
  clock: Clock;
  fetchImpl?: typeof fetch;
  /** Resolves once a fresh menu is stored (tests wait on it; the app does not). */
  onStored?: (stored: Promise<void>) => void;
}

/**
 * Network first (the browser's HTTP cache revalidates with the ETag by itself, so an unchanged menu
 * costs a 304), storing every fresh answer in the background; on failure, the stored snapshot.
 */
export async function loadMenu({ getDb, clock, fetchImpl = fetch, onStored }: LoadMenuOptions): Promise<MenuWithFreshness> {
  // The browser knows it has no network: go straight to the snapshot instead of waiting for the
  // request (through the service worker) to fail.
  if (isKnownOffline()) return fallBack(getDb, clock, new NetworkError(new TypeError('offline')));
  let response: Response;
  try {
    response = await fetchImpl(MENU_PATH, { headers: { accept: 'application/json' }, credentials: 'include' });
  } catch (error) {
    return fallBack(getDb, clock, new NetworkError(error));
  }
  if (!response.ok) {
    return fallBack(
      getDb,
      clock,
      new ApiRequestError(response.status, 'http_error', `Request failed with status ${response.status}: ${response.statusText}`),
    );
  }
  const menu = menuSchema.parse(await response.json());
  const fetchedAt = clock.now().toISOString();
  const row: MenuSnapshotRow = { key: 'current', menu, version: menu.version, fetchedAt, lastFailedRefreshAt: null };
  const stored = getDb().then(async (db) => {
    const started = performance.now();
    await db.menuSnapshot.put(row);
    // npm run bench reads this measure: the whole menu written in one transaction.
    performance.measure('menu-sync', { start: started, end: performance.now() });
  });
  // A failed write only costs the offline copy; the menu on screen is fresh either way.
  stored.catch((error: unknown) => console.warn('Could not store the menu snapshot', error));
  onStored?.(stored);
  return { menu, fetchedAt, staleSince: null };
}

function isKnownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function fallBack(getDb: () => Promise<AppDb>, clock: Clock, error: Error): Promise<MenuWithFreshness> {
  const snapshot = await (await getDb()).menuSnapshot.get('current');
  if (!snapshot) throw error;
  const failedAt = clock.now().toISOString();
  // Bookkeeping only: the screen does not wait for Dexie to load and write.
  getDb()
    .then((db) => db.menuSnapshot.update('current', { lastFailedRefreshAt: failedAt }))
    .catch((writeError: unknown) => console.warn('Could not record the failed menu refresh', writeError));
  return { menu: snapshot.menu, fetchedAt: snapshot.fetchedAt, staleSince: failedAt };
}
