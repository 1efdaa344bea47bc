import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it } from 'vitest';

import type { Menu } from '../shared/schemas/menu';
import type { RestaurantRow } from './app-db';
import { AppDb } from './app-db';
import { readEarly, startEarlyRead, takeEarlyCartLines, takeEarlyMenuSnapshot } from './early-read';

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

describe('early read of the menu snapshot and the cart', () => {
  it('reads the snapshot, cart lines and restaurant settings Dexie stored, and Dexie keeps working on the same database afterwards', async () => {
    const dbName = name();
    const db = new AppDb(dbName);
    opened.push(db);
    await db.menuSnapshot.put({ key: 'current', menu, version: 'v9', fetchedAt: '2026-11-22T12:00:00.000Z', lastFailedRefreshAt: null });
    await db.cartLines.bulkPut([
      {
        id: 'a',
        menuItemId: 7,
        name: 'Mici',
        sku: 'S7',
        unitPriceBani: 550,
        quantity: 2,
        selectedModifiers: [],
        specialInstructions: '',
        imageUrl: null,
        addedAt: '2026-11-22T12:00:00.000Z',
      },
      {
        id: 'b',
        menuItemId: 8,
        name: 'Ceafă',
        sku: 'S8',
        unitPriceBani: 2500,
        quantity: 1,
        selectedModifiers: [],
        specialInstructions: '',
        imageUrl: null,
        addedAt: '2026-11-22T12:01:00.000Z',
      },
    ]);
    const info = { cakesShopUrl: 'https://prajituri.example.ro' } as RestaurantRow['info'];
    await db.restaurant.put({ key: 'current', info, fetchedAt: '2026-11-22T12:00:00.000Z' });
    db.close();

    const read = await readEarly(indexedDB, dbName);
    expect(read.restaurant?.info.cakesShopUrl).toBe('https://prajituri.example.ro');
    expect(read.menuSnapshot?.menu.version).toBe('v9');
    expect(read.menuSnapshot?.fetchedAt).toBe('2026-11-22T12:00:00.000Z');
    expect(read.cartLines?.map((line) => [line.id, line.quantity])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);

    await db.open();
    await db.menuSnapshot.update('current', { lastFailedRefreshAt: '2026-11-22T12:05:00.000Z' });
    expect((await db.menuSnapshot.get('current'))?.lastFailedRefreshAt).toBe('2026-11-22T12:05:00.000Z');
  });

  it('answers undefined without creating the database on a first visit', async () => {
    const dbName = name();
    expect(await readEarly(indexedDB, dbName)).toEqual({ menuSnapshot: undefined, cartLines: undefined, restaurant: undefined });
    expect(await databaseNames()).not.toContain(dbName);
  });

  it('answers undefined when the database has no snapshot yet, or there is no IndexedDB at all', async () => {
    const dbName = name();
    const db = new AppDb(dbName);
    opened.push(db);
    await db.open();
    db.close();
    expect(await readEarly(indexedDB, dbName)).toEqual({ menuSnapshot: undefined, cartLines: [], restaurant: undefined });
    expect(await readEarly(null, dbName)).toEqual({ menuSnapshot: undefined, cartLines: undefined, restaurant: undefined });
  });

  it('hands each part of the start-up read out once: later reads must go through Dexie', async () => {
    expect(takeEarlyMenuSnapshot()).toBeUndefined();
    expect(takeEarlyCartLines()).toEqual({ ready: undefined, pending: undefined });
    const appDb = new AppDb();
    opened.push(appDb);
    await appDb.cartLines.put({
      id: 'a',
      menuItemId: 7,
      name: 'Mici',
      sku: 'S7',
      unitPriceBani: 550,
      quantity: 3,
      selectedModifiers: [],
      specialInstructions: '',
      imageUrl: null,
      addedAt: '2026-11-22T12:00:00.000Z',
    });
    appDb.close();
    startEarlyRead();
    const snapshot = takeEarlyMenuSnapshot();
    expect(snapshot).toBeInstanceOf(Promise);
    await snapshot;
    // The read has answered: the lines are there synchronously, for the first render.
    const lines = takeEarlyCartLines();
    expect(lines.ready?.map((line) => line.quantity)).toEqual([3]);
    expect(lines.pending).toBeInstanceOf(Promise);
    expect(takeEarlyMenuSnapshot()).toBeUndefined();
    expect(takeEarlyCartLines()).toEqual({ ready: undefined, pending: undefined });
  });
});
