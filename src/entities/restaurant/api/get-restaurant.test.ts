import 'fake-indexeddb/auto';

import { QueryCache, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { db } from '../../../db/db';
import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';
import { keepQueryAnswer } from '../../../lib/keep-query-answers';
import type { RestaurantInfo } from '../../../shared/schemas/restaurant';
import type { TestApp } from '../../../../tests/setup/test-app';
import { createTestApp } from '../../../../tests/setup/test-app';
import type { Restaurant } from './get-restaurant';
import { restaurantKeys, restaurantQueryOptions } from './get-restaurant';

let t: TestApp | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  await t?.close();
  t = undefined;
  // The app's one connection (the repository's) stays open: the rows go, not the database.
  await db.restaurant.clear();
});

const STORED_AT = '2026-11-22T12:00:00.000Z';

async function storeCopy(info: Partial<RestaurantInfo>): Promise<void> {
  await db.restaurant.put({ key: 'current', info: info as RestaurantInfo, fetchedAt: STORED_AT });
}

const read = () => (restaurantQueryOptions().queryFn as () => Promise<Restaurant>)();

describe('the restaurant query', () => {
  it('is the one key every screen reads', () => {
    expect(restaurantQueryOptions().queryKey).toEqual(restaurantKeys.info);
  });

  it('answers the server’s settings with the device time of the reading, and stores nothing itself', async () => {
    t = await createTestApp({ env: { CAKES_SHOP_URL: 'https://torturi.example.ro/comanda' } });
    const app = t;
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => app.request(path, init));
    const before = Date.now();
    const restaurant = await read();
    expect(restaurant.cakesShopUrl).toBe('https://torturi.example.ro/comanda');
    expect(typeof restaurant.serverNow).toBe('string');
    expect(restaurant.fetchedAtDeviceMs).toBeGreaterThanOrEqual(before);
    expect(restaurant.fetchedAtDeviceMs).toBeLessThanOrEqual(Date.now());
    // Keeping the answer is the query cache's (through meta.keep, below), not the query function's.
    expect(await db.restaurant.get('current')).toBeUndefined();
  });

  it('offline, answers the stored copy with the time it was fetched, so checkout can still queue a cash order', async () => {
    await storeCopy({ cakesShopUrl: 'https://prajituri.example.ro' });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const restaurant = await read();
    expect(restaurant.cakesShopUrl).toBe('https://prajituri.example.ro');
    expect(restaurant.fetchedAtDeviceMs).toBe(Date.parse(STORED_AT));
  });

  it('offline with nothing stored, the network failure stands', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(read()).rejects.toBeInstanceOf(NetworkError);
  });

  it('a server that answers with an error is believed: the stored copy does not hide it', async () => {
    await storeCopy({ cakesShopUrl: 'https://prajituri.example.ro' });
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ error: { status: 503, code: 'upstream_down', message: 'Down' } }), { status: 503 })),
    );
    await expect(read()).rejects.toBeInstanceOf(ApiRequestError);
  });

  it('with the app’s query cache, each answer is kept, and offline the same reading comes back (settings and reading time)', async () => {
    t = await createTestApp({ env: { CAKES_SHOP_URL: 'https://torturi.example.ro/comanda' } });
    const app = t;
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => app.request(path, init));
    const queryClient = new QueryClient({
      queryCache: new QueryCache({ onSuccess: keepQueryAnswer }),
      defaultOptions: { queries: { retry: false } },
    });
    const answer = await queryClient.fetchQuery(restaurantQueryOptions());
    const stored = async () => db.restaurant.get('current');
    await vi.waitFor(async () => expect((await stored())?.info.cakesShopUrl).toBe('https://torturi.example.ro/comanda'));
    const row = await stored();
    expect(row?.info).not.toHaveProperty('fetchedAtDeviceMs');
    expect(row?.fetchedAt).toBe(new Date(answer.fetchedAtDeviceMs ?? Number.NaN).toISOString());

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await queryClient.fetchQuery({ ...restaurantQueryOptions(), staleTime: 0 });
    expect(offline).toEqual(answer);
  });
});
