import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it } from 'vitest';

import { db } from '../../db/db';
import type { RestaurantInfo } from '../../shared/schemas/restaurant';
import type { Restaurant } from './api/get-restaurant';
import { ApiRequestError, NetworkError } from '../../lib/api-fetch';
import { keepRestaurant, storedRestaurant, storedRestaurantOr } from './restaurant-repo';

const READ_AT_MS = Date.parse('2026-11-29T10:00:00.000Z');
const reading = (cakesShopUrl: string, fetchedAtDeviceMs: number): Restaurant =>
  ({ cakesShopUrl, fetchedAtDeviceMs }) as unknown as Restaurant;

afterEach(() => db.restaurant.clear());

describe('the restaurant repository', () => {
  it('has nothing before the first reading', async () => {
    expect(await storedRestaurant()).toBeUndefined();
  });

  it('keeps a reading as the row the service worker and the start-up read know, and gives it back as the query’s data', async () => {
    await keepRestaurant(reading('https://torturi.example.ro', READ_AT_MS));
    expect(await db.restaurant.get('current')).toEqual({
      key: 'current',
      info: { cakesShopUrl: 'https://torturi.example.ro' } as RestaurantInfo,
      fetchedAt: '2026-11-29T10:00:00.000Z',
    });
    expect(await storedRestaurant()).toEqual(reading('https://torturi.example.ro', READ_AT_MS));
  });

  it('keeps only a newer reading: the offline answer is not written back, and of two tabs the later reading stays', async () => {
    await keepRestaurant(reading('https://newer.example.ro', READ_AT_MS + 60_000));
    await keepRestaurant(reading('https://older.example.ro', READ_AT_MS));
    await keepRestaurant(reading('https://same-time.example.ro', READ_AT_MS + 60_000));
    expect((await storedRestaurant())?.cakesShopUrl).toBe('https://newer.example.ro');
    await keepRestaurant(reading('https://newest.example.ro', READ_AT_MS + 120_000));
    expect((await storedRestaurant())?.cakesShopUrl).toBe('https://newest.example.ro');
  });

  it('never keeps a reading without its time (the service worker’s first-paint data)', async () => {
    await keepRestaurant({ cakesShopUrl: 'https://first-paint.example.ro' } as unknown as Restaurant);
    expect(await storedRestaurant()).toBeUndefined();
  });

  it('answers a failed request with the stored copy only for want of a network', async () => {
    const offline = new NetworkError(new TypeError('Failed to fetch'));
    await expect(storedRestaurantOr(offline)).rejects.toBe(offline);
    await keepRestaurant(reading('https://torturi.example.ro', READ_AT_MS));
    await expect(storedRestaurantOr(offline)).resolves.toEqual(reading('https://torturi.example.ro', READ_AT_MS));
    const refused = new ApiRequestError(503, 'upstream_down', 'Down');
    await expect(storedRestaurantOr(refused)).rejects.toBe(refused);
  });
});
