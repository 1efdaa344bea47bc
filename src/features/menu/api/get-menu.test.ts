import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppDb } from '../../../db/app-db';
import { earlyReadSettled, startEarlyRead, takeEarlyCartLines, takeEarlyMenuSnapshot, takeReadyMenuSnapshot } from '../../../db/early-read';
import type { Menu } from '../../../shared/schemas/menu';
import { menuQueryOptions } from './get-menu';

const menu: Menu = { version: 'stored', generatedAt: '2026-11-22T12:00:00.000Z', categories: [], items: [] };

afterEach(async () => {
  vi.unstubAllGlobals();
  // Empty the start-up read so the next test starts its own.
  takeEarlyCartLines();
  takeReadyMenuSnapshot();
  takeEarlyMenuSnapshot();
  await new AppDb().delete();
});

/** A snapshot stored by an earlier visit, and this visit's start-up read of it. */
async function storeSnapshotAndReadEarly() {
  const db = new AppDb();
  await db.menuSnapshot.put({ key: 'current', menu, version: 'stored', fetchedAt: '2026-11-22T12:00:00.000Z', lastFailedRefreshAt: null });
  db.close();
  startEarlyRead();
}

function initialData(): Menu | undefined {
  const option = menuQueryOptions().initialData;
  return typeof option === 'function' ? (option as () => Menu | undefined)() : option;
}

describe('menu query: the first render of an offline visit', () => {
  it('shows the snapshot read at start-up, once, stale so the query still runs', async () => {
    await storeSnapshotAndReadEarly();
    await takeEarlyMenuSnapshot();

    vi.stubGlobal('navigator', { onLine: false });
    expect(initialData()?.version).toBe('stored');
    expect(menuQueryOptions().initialDataUpdatedAt).toBe(0);
    // Handed out once: a query created later (after garbage collection) reads through Dexie.
    expect(initialData()).toBeUndefined();
  });

  it('waits for the network when online', async () => {
    await storeSnapshotAndReadEarly();
    await takeEarlyMenuSnapshot();

    vi.stubGlobal('navigator', { onLine: true });
    expect(initialData()).toBeUndefined();
  });

  it('online, a page the service worker drew from the stored menu starts from that snapshot too (then refetches)', async () => {
    await storeSnapshotAndReadEarly();
    await earlyReadSettled();

    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'root' ? { dataset: { firstPaintSource: 'stored' } } : null) });
    expect(initialData()?.version).toBe('stored');
    // Once: later queries go to the network (or Dexie).
    expect(initialData()).toBeUndefined();
  });
});
