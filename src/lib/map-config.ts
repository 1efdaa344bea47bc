/**
 * Which MapLibre style the maps load (GET /api/map/config: our offline style unless MAP_STYLE_URL is
 * set): one query for every map (the address pin, the order's drop-off, the manager's coverage map),
 * stable for a session.
 *
 * Offline, apiFetch sends nothing at all (no failing requests, issue 27), so it would never reach the
 * copy the service worker keeps for offline use (src/sw.ts, the same cache name): offline the query
 * reads that copy straight from Cache Storage, and the maps still open.
 */
import { queryOptions } from '@tanstack/react-query';

import type { MapConfig } from '../shared/schemas/address';
import { mapConfigSchema } from '../shared/schemas/address';
import { api, apiPath, call } from './api-client';
import { isKnownOffline } from './online-state';

/** Where src/sw.ts keeps the map config and our style for offline use; same name there. */
export const MAP_STYLE_CACHE = 'map-style-v1';
export const MAP_CONFIG_PATH = apiPath(api.map.config.$path());

/** The map config the service worker kept, read straight from Cache Storage (no request), or null. */
export async function mapConfigKeptOnDevice(): Promise<MapConfig | null> {
  if (typeof caches === 'undefined') return null;
  // caches.match with a cacheName never creates the cache (caches.open would).
  const kept = await caches.match(MAP_CONFIG_PATH, { cacheName: MAP_STYLE_CACHE }).catch(() => undefined);
  if (!kept) return null;
  const parsed = mapConfigSchema.safeParse(await kept.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['map-config'] as const,
    queryFn: async () => (isKnownOffline() ? await mapConfigKeptOnDevice() : null) ?? call(api.map.config.$get(), mapConfigSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
