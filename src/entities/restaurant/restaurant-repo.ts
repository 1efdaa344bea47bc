/**
 * The device's copy of the restaurant's settings (IndexedDB, the `restaurant` table, row 'current'):
 * the last server answer and when it came. The service worker reads it for the test-mode notice of
 * the pages it answers with the shell (src/db/stored-restaurant-read.ts), and offline the restaurant
 * query answers it (checkout queues a cash order with the last known fee and hours).
 *
 * Local writes only, so offline is not a case for them; a failure to store changes nothing on
 * screen. Kept at sign-out: it is nobody's personal data.
 */
import { db } from '../../db/db';
import { NetworkError } from '../../lib/api-fetch';
import type { Restaurant } from './restaurant';

const CURRENT = 'current';

/** The stored copy as the restaurant query's data, or undefined when none was kept yet. */
export async function storedRestaurant(): Promise<Restaurant | undefined> {
  const row = await db.restaurant.get(CURRENT);
  return row && { ...row.info, fetchedAtDeviceMs: Date.parse(row.fetchedAt) };
}

/**
 * The restaurant query's answer when its request failed with `error`: for want of a network, the
 * stored copy (its reading time is when it was fetched); otherwise, or with no copy (or one that
 * cannot be read), the error stands.
 */
export async function storedRestaurantOr(error: unknown): Promise<Restaurant> {
  const stored = error instanceof NetworkError ? await storedRestaurant().catch(() => undefined) : undefined;
  if (!stored) throw error;
  return stored;
}

/**
 * Keeps a reading unless the stored copy is as new or newer: the copy the query answers offline is
 * not written back, and of two tabs' answers the later one stays. A reading without its time (the
 * service worker's first-paint data) is never kept.
 */
export async function keepRestaurant({ fetchedAtDeviceMs, ...info }: Restaurant): Promise<void> {
  if (fetchedAtDeviceMs === undefined) return;
  await db.transaction('rw', db.restaurant, async () => {
    const stored = await db.restaurant.get(CURRENT);
    if (stored && Date.parse(stored.fetchedAt) >= fetchedAtDeviceMs) return;
    await db.restaurant.put({ key: CURRENT, info, fetchedAt: new Date(fetchedAtDeviceMs).toISOString() });
  });
}
