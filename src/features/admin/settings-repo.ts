/**
 * The manager's last loaded settings in IndexedDB (the `meta` table, key 'admin.settings'), so
 * /admin opens offline on a tablet that has loaded it once. Written on every successful read;
 * never written from the form (a queued save is not the server's state until it is accepted).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod/mini';

import { db } from '../../db/db';
import type { AdminSettingsResponse } from '../../shared/schemas/admin';
import { adminSettingsResponseSchema } from '../../shared/schemas/admin';

const CACHE_KEY = 'admin.settings';

const cachedSettingsSchema = z.object({ userId: z.number().check(z.int()), data: adminSettingsResponseSchema, fetchedAt: z.string() });
export type CachedAdminSettings = z.infer<typeof cachedSettingsSchema>;

export async function writeCachedSettings(userId: number, data: AdminSettingsResponse): Promise<void> {
  const value: CachedAdminSettings = { userId, data, fetchedAt: new Date().toISOString() };
  await db.meta.put({ key: CACHE_KEY, value });
}

/** undefined while IndexedDB is being read, null when nothing (valid) is cached. */
export function useCachedSettings(): CachedAdminSettings | null | undefined {
  return useLiveQuery(async () => {
    const row = await db.meta.get(CACHE_KEY);
    const parsed = cachedSettingsSchema.safeParse(row?.value);
    return parsed.success ? parsed.data : null;
  }, []);
}
