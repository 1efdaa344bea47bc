/**
 * The menu as the device knows it: every successful GET /api/menu is kept in IndexedDB with its
 * version (the ETag) and fetch time; the next load revalidates with If-None-Match; when the network
 * fails, the last snapshot is served and the failure time recorded ("prices as of HH:MM").
 * Reads work offline whenever one online visit happened before; the server still decides prices.
 */
import type { AppDb, MenuSnapshotRow } from '../db/app-db';
import type { Clock } from '../shared/clock';
import type { Menu } from '../shared/schemas/menu';
import { menuSchema } from '../shared/schemas/menu';
import { ApiRequestError, NetworkError } from './api-fetch';

const HTTP_NOT_MODIFIED = 304;

export interface MenuWithFreshness {
  menu: Menu;
  fetchedAt: string;
  /** Set when the latest refresh failed and this is the stored snapshot. */
  staleSince: string | null;
}

export async function loadMenu(db: AppDb, clock: Clock, fetchImpl: typeof fetch = fetch): Promise<MenuWithFreshness> {
  const snapshot = await db.menuSnapshot.get('current');
  let response: Response;
  try {
    response = await fetchImpl('/api/menu', {
      headers: snapshot ? { 'if-none-match': `"${snapshot.version}"`, accept: 'application/json' } : { accept: 'application/json' },
      credentials: 'include',
    });
  } catch (error) {
    return fallBack(db, clock, snapshot, new NetworkError(error));
  }
  const now = clock.now().toISOString();
  if (response.status === HTTP_NOT_MODIFIED && snapshot) {
    await db.menuSnapshot.update('current', { fetchedAt: now, lastFailedRefreshAt: null });
    return { menu: snapshot.menu, fetchedAt: now, staleSince: null };
  }
  if (!response.ok) {
    return fallBack(
      db,
      clock,
      snapshot,
      new ApiRequestError(response.status, 'http_error', `Request failed with status ${response.status}: ${response.statusText}`),
    );
  }
  const menu = menuSchema.parse(await response.json());
  const row: MenuSnapshotRow = { key: 'current', menu, version: menu.version, fetchedAt: now, lastFailedRefreshAt: null };
  await db.menuSnapshot.put(row);
  return { menu, fetchedAt: now, staleSince: null };
}

async function fallBack(db: AppDb, clock: Clock, snapshot: MenuSnapshotRow | undefined, error: Error): Promise<MenuWithFreshness> {
  if (!snapshot) throw error;
  const failedAt = clock.now().toISOString();
  await db.menuSnapshot.update('current', { lastFailedRefreshAt: failedAt });
  return { menu: snapshot.menu, fetchedAt: snapshot.fetchedAt, staleSince: failedAt };
}

/** Lines of the cart whose price changed or that disappeared in a refreshed menu (issue 6). */
export interface CartPriceChange {
  menuItemId: number;
  name: string;
  kind: 'price' | 'unavailable';
  beforeBani: number;
  afterBani: number | null;
}

export function cartChangesAgainstMenu(
  lines: readonly { menuItemId: number; name: string; unitPriceBani: number }[],
  menu: Menu,
): CartPriceChange[] {
  const items = new Map(menu.items.map((item) => [item.id, item]));
  const changes: CartPriceChange[] = [];
  for (const line of lines) {
    const item = items.get(line.menuItemId);
    if (!item || item.soldOut)
      changes.push({ menuItemId: line.menuItemId, name: line.name, kind: 'unavailable', beforeBani: line.unitPriceBani, afterBani: null });
    else if (item.priceBani !== line.unitPriceBani)
      changes.push({
        menuItemId: line.menuItemId,
        name: line.name,
        kind: 'price',
        beforeBani: line.unitPriceBani,
        afterBani: item.priceBani,
      });
  }
  return changes;
}
