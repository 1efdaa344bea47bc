import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it } from 'vitest';

import type { Menu } from '../shared/schemas/menu';
import { AppDb } from './app-db';
import { readMenuSnapshotEarly, startEarlyMenuSnapshotRead, takeEarlyMenuSnapshot } from './early-menu-snapshot';

const menu: Menu = { version: 'v9', generatedAt: '2026-11-22T12:00:00.000Z', categories: [], items: [] };

let counter = 0;
const opened: AppDb[] = [];
function name() {
  counter += 1;
  return `early-snapshot-${counter}`;
}
async function databaseNames() {
  return (await indexedDB.databases()).map((database) => database.name);
}
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

describe('early menu snapshot read', () => {
  it('reads the snapshot Dexie stored, and Dexie keeps working on the same database afterwards', async () => {
    const dbName = name();
    const db = new AppDb(dbName);
    opened.push(db);
    await db.menuSnapshot.put({ key: 'current', menu, version: 'v9', fetchedAt: '2026-11-22T12:00:00.000Z', lastFailedRefreshAt: null });
    db.close();

    const row = await readMenuSnapshotEarly(indexedDB, dbName);
    expect(row?.menu.version).toBe('v9');
    expect(row?.fetchedAt).toBe('2026-11-22T12:00:00.000Z');

    await db.open();
    await db.menuSnapshot.update('current', { lastFailedRefreshAt: '2026-11-22T12:05:00.000Z' });
    expect((await db.menuSnapshot.get('current'))?.lastFailedRefreshAt).toBe('2026-11-22T12:05:00.000Z');
  });

  it('answers undefined without creating the database on a first visit', async () => {
    const dbName = name();
    expect(await readMenuSnapshotEarly(indexedDB, dbName)).toBeUndefined();
    expect(await databaseNames()).not.toContain(dbName);
  });

  it('answers undefined when the database has no snapshot yet, or there is no IndexedDB at all', async () => {
    const dbName = name();
    const db = new AppDb(dbName);
    opened.push(db);
    await db.open();
    db.close();
    expect(await readMenuSnapshotEarly(indexedDB, dbName)).toBeUndefined();
    expect(await readMenuSnapshotEarly(undefined, dbName)).toBeUndefined();
  });

  it('hands the start-up read out once: later loads must read through Dexie', async () => {
    expect(takeEarlyMenuSnapshot()).toBeUndefined();
    startEarlyMenuSnapshotRead();
    const first = takeEarlyMenuSnapshot();
    expect(first).toBeInstanceOf(Promise);
    await first;
    expect(takeEarlyMenuSnapshot()).toBeUndefined();
  });
});
