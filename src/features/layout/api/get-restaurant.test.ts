import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppDb } from '../../../db/app-db';
import { earlyReadSettled, startEarlyRead, takeEarlyCartLines, takeEarlyMenuSnapshot, takeReadyRestaurant } from '../../../db/early-read';
import type { RestaurantInfo } from '../../../shared/schemas/restaurant';
import type { TestApp } from '../../../../tests/setup/test-app';
import { createTestApp } from '../../../../tests/setup/test-app';
import { restaurantQueryOptions } from './get-restaurant';

let t: TestApp | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  takeReadyRestaurant();
  takeEarlyMenuSnapshot();
  takeEarlyCartLines();
  await t?.close();
  t = undefined;
  await new AppDb().delete();
});

function initialData(): RestaurantInfo | undefined {
  const option = restaurantQueryOptions().initialData;
  return typeof option === 'function' ? (option as () => RestaurantInfo | undefined)() : option;
}

const drawnFromStoredData = () =>
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'root' ? { dataset: { firstPaintSource: 'stored' } } : null) });

describe('restaurant settings query', () => {
  it('keeps each answer in IndexedDB, for the next visit’s service-worker first paint and offline checkout', async () => {
    t = await createTestApp({ env: { CAKES_SHOP_URL: 'https://torturi.example.ro/comanda' } });
    const app = t;
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => app.request(path, init));
    const queryFn = restaurantQueryOptions().queryFn as () => Promise<RestaurantInfo>;
    const info = await queryFn();
    expect(info.cakesShopUrl).toBe('https://torturi.example.ro/comanda');
    const db = new AppDb();
    await vi.waitFor(async () => expect((await db.restaurant.get('current'))?.info).toEqual(info));
    db.close();
  });

  it('a page the service worker drew from stored data starts from the stored settings, once, stale; other pages wait for the network', async () => {
    const db = new AppDb();
    await db.restaurant.put({
      key: 'current',
      info: { cakesShopUrl: 'https://prajituri.example.ro' } as RestaurantInfo,
      fetchedAt: '2026-11-22T12:00:00.000Z',
    });
    db.close();
    startEarlyRead();
    await earlyReadSettled();

    expect(initialData()).toBeUndefined();
    drawnFromStoredData();
    expect(initialData()?.cakesShopUrl).toBe('https://prajituri.example.ro');
    expect(restaurantQueryOptions().initialDataUpdatedAt).toBe(0);
    expect(initialData()).toBeUndefined();
  });
});
