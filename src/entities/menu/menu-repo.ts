/**
 * The device's copy of the menu (IndexedDB, the `menuSnapshot` table, row 'current'): the last good
 * GET /api/menu answer with its version and fetch time, and when a refresh last failed after it.
 * Offline (or with the server failing) the menu query answers it (./api/get-menu.ts), and the cart
 * checks its lines' prices and availability against it (the cart drawer). Reads work offline
 * whenever one online visit happened before; the server still decides prices when an order is sent.
 *
 * Local writes only, so offline is not a case for them; a failure to store costs only the offline
 * copy, never the menu on screen. Kept at sign-out: it is nobody's personal data.
 */
import { db } from '../../db/db';
import { ApiRequestError, NetworkError } from '../../lib/api-fetch';
import type { Menu } from '../../shared/schemas/menu';
import type { MenuReading } from './menu';

const CURRENT = 'current';

/** The stored menu, or undefined when none was kept yet (a live query's reader: the cart drawer). */
export async function storedMenu(): Promise<Menu | undefined> {
  return (await db.menuSnapshot.get(CURRENT))?.menu;
}

/**
 * The menu query's answer when its request failed with `error` at `failedAt` (ISO): for want of a
 * network or an error answer from the server, the stored snapshot, stale since `failedAt`; otherwise
 * (an answer that does not parse: a bug, not an outage), or with no snapshot, the error stands.
 */
export async function storedMenuOr(error: unknown, failedAt: string): Promise<MenuReading> {
  const snapshot = error instanceof NetworkError || error instanceof ApiRequestError ? await db.menuSnapshot.get(CURRENT) : undefined;
  if (!snapshot) throw error;
  return { ...snapshot.menu, fetchedAt: snapshot.fetchedAt, staleSince: failedAt };
}

/**
 * Keeps one answer of the menu query: a fresh menu replaces the snapshot (in one transaction, timed
 * for `npm run bench`); the snapshot answered after a failure records when the refresh failed. The
 * menu a server-rendered page carries (no reading time) is not kept: the query reads it again.
 */
export async function keepMenu({ fetchedAt, staleSince, ...menu }: MenuReading): Promise<void> {
  if (staleSince !== undefined) {
    await db.menuSnapshot.update(CURRENT, { lastFailedRefreshAt: staleSince });
    return;
  }
  if (fetchedAt === undefined) return;
  const started = performance.now();
  await db.menuSnapshot.put({ key: CURRENT, menu, version: menu.version, fetchedAt, lastFailedRefreshAt: null });
  // npm run bench reads this measure: the whole menu written in one transaction.
  performance.measure('menu-sync', { start: started, end: performance.now() });
}
