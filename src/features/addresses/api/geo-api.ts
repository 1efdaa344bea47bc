/**
 * Geocoding through our own server (/api/geo/*, /api/map/config): the browser never talks to a
 * geocoder or holds a key. These are reads made while editing an address. Offline, the street
 * search and the place check fall back to the Ploiești street list on the device (offline-geo.ts,
 * the server's own search code), and say so (`onDevice`); the reverse lookup and the zone decision
 * need the server, and fail with the panel saying so.
 */
import { queryOptions } from '@tanstack/react-query';

import { apiFetch, NetworkError } from '../../../lib/api-fetch';
import { isKnownOffline } from '../../../lib/online-state';
import type {
  AddressSuggestion,
  AddressValidationResult,
  MapConfig,
  ResolvedPlace,
  ValidateAddressRequest,
} from '../../../shared/schemas/address';
import {
  addressValidationResultSchema,
  autocompleteResponseSchema,
  mapConfigSchema,
  reverseResultSchema,
} from '../../../shared/schemas/address';

export const geoKeys = {
  all: ['geo'] as const,
  mapConfig: () => [...geoKeys.all, 'map-config'] as const,
};

const loadOfflineGeo = () => import('../offline-geo');

/** Suggestions from the server, or offline from the street list on the device (`onDevice`). */
export async function fetchSuggestions(
  query: string,
  signal?: AbortSignal,
): Promise<{ predictions: AddressSuggestion[]; onDevice: boolean }> {
  if (navigator.onLine) {
    const params = new URLSearchParams({ query });
    try {
      return {
        predictions: (await apiFetch(`/api/geo/autocomplete?${params}`, autocompleteResponseSchema, { signal })).predictions,
        onDevice: false,
      };
    } catch (error) {
      if (!(error instanceof NetworkError) || signal?.aborted) throw error;
    }
  }
  return { predictions: await (await loadOfflineGeo()).searchOnDevice(query), onDevice: true };
}

/** Offline: the place behind a gazetteer place id, from the street list on the device (null when unknown). */
export async function resolvePlaceOnDevice(placeId: string): Promise<ResolvedPlace | null> {
  return (await loadOfflineGeo()).resolveOnDevice(placeId);
}

export function validateAddress(body: ValidateAddressRequest): Promise<AddressValidationResult> {
  return apiFetch('/api/geo/validate-address', addressValidationResultSchema, { method: 'POST', body: JSON.stringify(body) });
}

export function reverseGeocode(latitude: number, longitude: number) {
  const params = new URLSearchParams({ lat: String(latitude), lng: String(longitude) });
  return apiFetch(`/api/geo/reverse?${params}`, reverseResultSchema);
}

/** Which MapLibre style to load (our offline style unless MAP_STYLE_URL is set); stable for a session. */
/** Where src/sw.ts keeps the map config and our style for offline use (decision 59); same name there. */
export const MAP_STYLE_CACHE = 'map-style-v1';

/** The map config the service worker kept, read straight from Cache Storage (no request), or null. */
async function mapConfigKeptOnDevice(): Promise<MapConfig | null> {
  if (typeof caches === 'undefined') return null;
  // caches.match with a cacheName never creates the cache (caches.open would).
  const kept = await caches.match('/api/map/config', { cacheName: MAP_STYLE_CACHE }).catch(() => undefined);
  if (!kept) return null;
  const parsed = mapConfigSchema.safeParse(await kept.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: geoKeys.mapConfig(),
    // Offline apiFetch sends nothing at all (no console errors, issue 27), so it would never reach
    // the copy the service worker kept: read that copy directly, and the map still opens offline.
    queryFn: async () => (isKnownOffline() ? await mapConfigKeptOnDevice() : null) ?? apiFetch('/api/map/config', mapConfigSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
