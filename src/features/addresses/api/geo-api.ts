/**
 * Geocoding through our own server (/api/geo/*): the browser never talks to a
 * geocoder or holds a key (the map config is src/lib/map-config.ts). These are reads made while editing an address. Offline, the street
 * search and the place check fall back to the Ploiești street list on the device (offline-geo.ts,
 * the server's own search code), and say so (`onDevice`); the reverse lookup and the zone decision
 * need the server, and fail with the panel saying so.
 */
import { apiFetch, NetworkError } from '../../../lib/api-fetch';
import type { AddressSuggestion, AddressValidationResult, ResolvedPlace, ValidateAddressRequest } from '../../../shared/schemas/address';
import { addressValidationResultSchema, autocompleteResponseSchema, reverseResultSchema } from '../../../shared/schemas/address';

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
