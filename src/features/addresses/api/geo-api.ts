/**
 * Geocoding through our own server (/api/geo/*, /api/map/config): the browser never talks to a
 * geocoder or holds a key. These are reads made while editing an address; offline they fail and
 * the panel says so ('Search Error' / 'Validation Error' / 'Reverse Geocoding Error').
 */
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-fetch';
import type { AddressValidationResult, ValidateAddressRequest } from '../../../shared/schemas/address';
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

export async function fetchSuggestions(query: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ query });
  return (await apiFetch(`/api/geo/autocomplete?${params}`, autocompleteResponseSchema, { signal })).predictions;
}

export function validateAddress(body: ValidateAddressRequest): Promise<AddressValidationResult> {
  return apiFetch('/api/geo/validate-address', addressValidationResultSchema, { method: 'POST', body: JSON.stringify(body) });
}

export function reverseGeocode(latitude: number, longitude: number) {
  const params = new URLSearchParams({ lat: String(latitude), lng: String(longitude) });
  return apiFetch(`/api/geo/reverse?${params}`, reverseResultSchema);
}

/** Which MapLibre style to load (our offline style unless MAP_STYLE_URL is set); stable for a session. */
export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: geoKeys.mapConfig(),
    queryFn: () => apiFetch('/api/map/config', mapConfigSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
