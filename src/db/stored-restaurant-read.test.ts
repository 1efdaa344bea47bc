import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it } from 'vitest';

import type { RestaurantRow } from './app-db';
import { AppDb } from './app-db';
import { readStoredRestaurant } from './stored-restaurant-read';

let counter = 0;
const opened: AppDb[] = [];
function name() {
  counter += 1;
  return `stored-restaurant-${counter}`;
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

describe('the bare read of the stored restaurant settings', () => {
  it('reads the settings Dexie stored, and Dexie keeps working on the same database afterwards', async () => {
    const dbName = name();
    const db = new AppDb(dbName);
    opened.push(db);
    const info = { cakesShopUrl: 'https://prajituri.example.ro', testPayments: true } as RestaurantRow['info'];
    await db.restaurant.put({ key: 'current', info, fetchedAt: '2026-11-22T12:00:00.000Z' });
    db.close();

    const read = await readStoredRestaurant(indexedDB, dbName);
    expect(read?.info.testPayments).toBe(true);
    expect(read?.fetchedAt).toBe('2026-11-22T12:00:00.000Z');

    await db.open();
    await db.restaurant.update('current', { fetchedAt: '2026-11-22T12:05:00.000Z' });
    expect((await db.restaurant.get('current'))?.fetchedAt).toBe('2026-11-22T12:05:00.000Z');
  });

  it('answers undefined without creating the database on a first visit', async () => {
    const dbName = name();
    expect(await readStoredRestaurant(indexedDB, dbName)).toBeUndefined();
    expect(await databaseNames()).not.toContain(dbName);
  });

  it('answers undefined when nothing is stored yet, or there is no IndexedDB at all', async () => {
    const dbName = name();
    const db = new AppDb(dbName);
    opened.push(db);
    await db.open();
    db.close();
    expect(await readStoredRestaurant(indexedDB, dbName)).toBeUndefined();
    expect(await readStoredRestaurant(null, dbName)).toBeUndefined();
  });
});
