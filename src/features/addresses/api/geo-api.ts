/**
 * Geocoding through our own server (/api/geo/*): the browser never talks to a
 * geocoder or holds a key (the map config is src/lib/map-config.ts). These are reads made while editing an address. Offline, the street
 * search and the place check fall back to the Ploiești street list on the device (offline-geo.ts,
 * the server's own search code), and say so (`onDevice`); the reverse lookup and the zone decision
 * need the server, and fail with the panel saying so.
 */
import { queryOptions } from '@tanstack/react-query';

import { api, call } from '../../../lib/api-client';
import { NetworkError } from '../../../lib/api-fetch';
import type { SuggestionList } from '../address-form-state';
import type { AddressSuggestion, AddressValidationResult, ResolvedPlace, ValidateAddressRequest } from '../../../shared/schemas/address';
import { addressValidationResultSchema, autocompleteResponseSchema, reverseResultSchema } from '../../../shared/schemas/address';

const loadOfflineGeo = () => import('../offline-geo');

export const geoKeys = {
  all: ['geo'] as const,
  suggestions: (term: string) => [...geoKeys.all, 'suggestions', term] as const,
};

/**
 * The street search for one term (the panel passes the term once typing has paused,
 * SEARCH_DEBOUNCE_MS). A term the customer moved on from is cancelled: the request carries the
 * query's signal. Every answer is a new object (no structural sharing), so an answer the panel
 * hid (a choice, Escape) is told apart from a newer one for the same term. Suggestions are for
 * the box being typed in: not kept once it moves on (gcTime 0), asked again each time (staleTime
 * 0), and a failure is shown at once rather than retried (the customer types again).
 * Offline the answer comes from the street list on the device (fetchSuggestions).
 */
export const addressSuggestionsQueryOptions = (term: string) =>
  queryOptions({
    queryKey: geoKeys.suggestions(term),
    queryFn: async ({ signal }): Promise<SuggestionList> => ({ term, predictions: (await fetchSuggestions(term, signal)).predictions }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    structuralSharing: false,
  });

/** Suggestions from the server, or offline from the street list on the device (`onDevice`). */
export async function fetchSuggestions(
  query: string,
  signal?: AbortSignal,
): Promise<{ predictions: AddressSuggestion[]; onDevice: boolean }> {
  if (navigator.onLine) {
    try {
      return {
        predictions: (await call(api.geo.autocomplete.$get({ query: { query } }, { init: { signal } }), autocompleteResponseSchema))
          .predictions,
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
  return call(api.geo['validate-address'].$post({ json: body }), addressValidationResultSchema);
}

export function reverseGeocode(latitude: number, longitude: number) {
  return call(api.geo.reverse.$get({ query: { lat: String(latitude), lng: String(longitude) } }), reverseResultSchema);
}
