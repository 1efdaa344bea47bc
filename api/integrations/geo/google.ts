/**
 * Google Maps Platform adapter (GEOCODER=google, GOOGLE_MAPS_API_KEY). Place Autocomplete
 * (/maps/api/place/autocomplete/json) for suggestions, the Geocoding API (/maps/api/geocode/json) for
 * place ids and reverse lookups; language ro, restricted to Romania (components country:ro /
 * country:RO) and to Ploiești. The key stays on the server.
 *
 * Google answers HTTP 200 with a `status`: OK and ZERO_RESULTS are answers; OVER_QUERY_LIMIT and
 * UNKNOWN_ERROR -> 503 (try later); REQUEST_DENIED and INVALID_REQUEST -> 502 (configuration).
 */
import { z } from 'zod/mini';

import type { AddressSuggestion, ReverseResult } from '../../../src/shared/schemas/address';
import { DEFAULT_CITY, DEFAULT_COUNTRY, MAX_SUGGESTIONS } from '../../../src/shared/schemas/address';
import type { Geo, GeoPlace } from './port';
import { fetchUpstream, GeoUpstreamError, isPloiesti, NOT_FOUND_REVERSE, readJson } from './port';

export const GOOGLE_MAPS_DEFAULT_URL = 'https://maps.googleapis.com';
/** Autocomplete bias: Ploiești city centre, 15 km around it (strict bounds). */
const PLOIESTI_BIAS = { location: '44.9367,26.0129', radiusMetres: '15000' };

const statusSchema = z.string();

const autocompleteSchema = z.object({
  status: statusSchema,
  error_message: z.optional(z.string()),
  predictions: z._default(
    z.array(
      z.object({
        description: z.string(),
        place_id: z.string(),
        structured_formatting: z.object({ main_text: z.string(), secondary_text: z.optional(z.string()) }),
      }),
    ),
    [],
  ),
});

const componentSchema = z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) });
const geocodeResultSchema = z.object({
  formatted_address: z.string(),
  place_id: z.string(),
  address_components: z.array(componentSchema),
  geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
});
type GeocodeResult = z.infer<typeof geocodeResultSchema>;
const geocodeSchema = z.object({
  status: statusSchema,
  error_message: z.optional(z.string()),
  results: z._default(z.array(geocodeResultSchema), []),
});

function checkGoogleStatus(status: string): 'ok' | 'empty' {
  switch (status) {
    case 'OK':
      return 'ok';
    case 'ZERO_RESULTS':
    case 'NOT_FOUND':
      return 'empty';
    case 'OVER_QUERY_LIMIT':
    case 'OVER_DAILY_LIMIT':
      throw new GeoUpstreamError('rate_limited', `Google Maps answered ${status}`);
    case 'UNKNOWN_ERROR':
      throw new GeoUpstreamError('unavailable', `Google Maps answered ${status}`);
    case 'REQUEST_DENIED':
      throw new GeoUpstreamError('denied', 'Google Maps refused our key (REQUEST_DENIED)');
    default:
      throw new GeoUpstreamError('bad_response', `Google Maps answered ${status}`);
  }
}

function component(result: GeocodeResult, type: string): string | null {
  return result.address_components.find((c) => c.types.includes(type))?.long_name ?? null;
}

function locality(result: GeocodeResult): string | null {
  return component(result, 'locality') ?? component(result, 'administrative_area_level_2');
}

function toPlace(result: GeocodeResult): GeoPlace {
  const route = component(result, 'route');
  const number = component(result, 'street_number');
  const postal = component(result, 'postal_code');
  return {
    placeId: result.place_id,
    streetAddress: route ? (number ? `${route} ${number}` : route) : result.formatted_address.split(',')[0]!.trim(),
    // Only when it ends the street line (issue 27: the form pre-fills it).
    houseNumber: route ? number : null,
    city: locality(result) ?? DEFAULT_CITY,
    postalCode: postal && /^\d{6}$/.test(postal) ? postal : null,
    country: component(result, 'country') ?? DEFAULT_COUNTRY,
    formattedAddress: result.formatted_address,
    latitude: result.geometry.location.lat,
    longitude: result.geometry.location.lng,
  };
}

export function createGoogleGeo(options: { apiKey: string; baseUrl?: string; timeoutMs?: number }): Geo {
  const base = options.baseUrl ?? GOOGLE_MAPS_DEFAULT_URL;

  async function call(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, base);
    for (const [key, value] of Object.entries({ ...params, language: 'ro', key: options.apiKey })) url.searchParams.set(key, value);
    const response = await fetchUpstream(url, { headers: { accept: 'application/json' } }, options.timeoutMs);
    if (!response.ok) {
      throw new GeoUpstreamError(response.status >= 500 ? 'unavailable' : 'bad_response', `Google Maps answered HTTP ${response.status}`);
    }
    return readJson(response);
  }

  function parse<T>(schema: z.ZodMiniType<T>, body: unknown): T {
    const result = schema.safeParse(body);
    if (!result.success) throw new GeoUpstreamError('bad_response', 'Google Maps answered in an unexpected shape');
    return result.data;
  }

  async function geocode(params: Record<string, string>): Promise<GeocodeResult[]> {
    const body = parse(geocodeSchema, await call('/maps/api/geocode/json', params));
    return checkGoogleStatus(body.status) === 'empty' ? [] : body.results;
  }

  return {
    name: 'google',
    method: 'Google Maps',
    async autocomplete(query) {
      const body = parse(
        autocompleteSchema,
        await call('/maps/api/place/autocomplete/json', {
          input: query,
          components: 'country:ro',
          location: PLOIESTI_BIAS.location,
          radius: PLOIESTI_BIAS.radiusMetres,
          strictbounds: 'true',
          types: 'address',
        }),
      );
      if (checkGoogleStatus(body.status) === 'empty') return [];
      return body.predictions
        .filter((p) => isPloiesti(p.description))
        .slice(0, MAX_SUGGESTIONS)
        .map((p): AddressSuggestion => ({
          place_id: p.place_id,
          description: p.description,
          structured_formatting: {
            main_text: p.structured_formatting.main_text,
            secondary_text: p.structured_formatting.secondary_text ?? '',
          },
        }));
    },
    async resolve(placeId) {
      if (!/^[\w-]{10,300}$/.test(placeId)) return null;
      const [result] = await geocode({ place_id: placeId });
      return result ? toPlace(result) : null;
    },
    async reverse(latitude, longitude) {
      const results = await geocode({ latlng: `${latitude},${longitude}`, components: 'country:RO' });
      const best = results.find((r) => component(r, 'route')) ?? results[0];
      if (!best) return NOT_FOUND_REVERSE;
      const place = toPlace(best);
      const result: ReverseResult = {
        found: true,
        streetNumber: component(best, 'street_number'),
        route: component(best, 'route'),
        postalCode: place.postalCode,
        locality: locality(best),
        country: component(best, 'country'),
        formattedAddress: best.formatted_address,
        placeId: best.place_id,
        insideCity: isPloiesti(locality(best)),
      };
      return result;
    },
  };
}
