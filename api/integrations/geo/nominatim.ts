/**
 * Nominatim adapter (GEOCODER=nominatim, NOMINATIM_URL): any Nominatim-compatible server, e.g. a
 * self-hosted instance. Uses the documented v1 endpoints /search, /lookup and /reverse with
 * format=jsonv2 and addressdetails=1, Romanian names (accept-language=ro), restricted to Romania
 * and to results whose city is Ploiești.
 *
 * Errors: HTTP 429 (rate limited) and network/timeouts -> 503; other non-2xx or a malformed body ->
 * 502. An empty array or {"error": "Unable to geocode"} is a normal "nothing found".
 */
import { z } from 'zod/mini';

import type { AddressSuggestion, ReverseResult } from '../../../src/shared/schemas/address';
import { DEFAULT_CITY, DEFAULT_COUNTRY, MAX_SUGGESTIONS } from '../../../src/shared/schemas/address';
import type { Geo, GeoPlace } from './port';
import { fetchUpstream, GeoUpstreamError, isPloiesti, NOT_FOUND_REVERSE, readJson } from './port';

const NOMINATIM_TOO_MANY_REQUESTS = 429;
/** Nominatim's usage policy asks every client to identify itself. */
const USER_AGENT = 'casa-gratarului-storefront/1 (restaurant ordering; Ploiesti)';

const addressSchema = z.looseObject({
  house_number: z.optional(z.string()),
  road: z.optional(z.string()),
  pedestrian: z.optional(z.string()),
  suburb: z.optional(z.string()),
  city: z.optional(z.string()),
  town: z.optional(z.string()),
  municipality: z.optional(z.string()),
  postcode: z.optional(z.string()),
  country: z.optional(z.string()),
  country_code: z.optional(z.string()),
});

const placeSchema = z.looseObject({
  place_id: z.number(),
  osm_type: z.optional(z.enum(['node', 'way', 'relation'])),
  osm_id: z.optional(z.number()),
  lat: z.string(),
  lon: z.string(),
  display_name: z.string(),
  address: z.optional(addressSchema),
});
type NominatimPlace = z.infer<typeof placeSchema>;

const reverseSchema = z.union([z.object({ error: z.string() }), placeSchema]);

function parse<T>(schema: z.ZodMiniType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new GeoUpstreamError('bad_response', 'The geocoder answered in an unexpected shape');
  return result.data;
}

function checkStatus(response: Response): void {
  if (response.ok) return;
  if (response.status === NOMINATIM_TOO_MANY_REQUESTS) throw new GeoUpstreamError('rate_limited', 'The geocoder is rate limiting us');
  throw new GeoUpstreamError(response.status >= 500 ? 'unavailable' : 'bad_response', `The geocoder answered HTTP ${response.status}`);
}

/** Our place id: 'nominatim:W123' (OSM type initial + id), which /lookup accepts back. */
function placeIdOf(place: NominatimPlace): string {
  if (place.osm_type && place.osm_id !== undefined) return `nominatim:${place.osm_type[0]!.toUpperCase()}${place.osm_id}`;
  return `nominatim:place-${place.place_id}`;
}

function cityOf(place: NominatimPlace): string | undefined {
  return place.address?.city ?? place.address?.town ?? place.address?.municipality;
}

function streetOf(place: NominatimPlace): string {
  const road = place.address?.road ?? place.address?.pedestrian;
  if (!road) return place.display_name.split(',')[0]!.trim();
  return place.address?.house_number ? `${road} ${place.address.house_number}` : road;
}

function coordinates(place: NominatimPlace): { latitude: number; longitude: number } | null {
  const latitude = Number(place.lat);
  const longitude = Number(place.lon);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

export function createNominatimGeo(options: { baseUrl: string; timeoutMs?: number }): Geo {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  async function call(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, base);
    for (const [key, value] of Object.entries({ format: 'jsonv2', addressdetails: '1', 'accept-language': 'ro', ...params }))
      url.searchParams.set(key, value);
    const response = await fetchUpstream(url, { headers: { 'user-agent': USER_AGENT, accept: 'application/json' } }, options.timeoutMs);
    checkStatus(response);
    return readJson(response);
  }

  function toPlace(place: NominatimPlace): GeoPlace {
    const point = coordinates(place);
    const postalCode = place.address?.postcode?.replace(/\s+/g, '') ?? null;
    return {
      placeId: placeIdOf(place),
      streetAddress: streetOf(place),
      // Only when streetOf put it at the end of the street line (issue 27: the form pre-fills it).
      houseNumber: (place.address?.road ?? place.address?.pedestrian) ? (place.address?.house_number ?? null) : null,
      city: cityOf(place) ?? DEFAULT_CITY,
      postalCode: postalCode && /^\d{6}$/.test(postalCode) ? postalCode : null,
      country: place.address?.country ?? DEFAULT_COUNTRY,
      formattedAddress: place.display_name,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
    };
  }

  return {
    name: 'nominatim',
    method: 'Nominatim',
    async autocomplete(query) {
      // Structured search pins the city; free text would happily answer other towns.
      const body = parse(
        z.array(placeSchema),
        await call('search', { street: query, city: DEFAULT_CITY, countrycodes: 'ro', limit: String(MAX_SUGGESTIONS) }),
      );
      return body
        .filter((place) => isPloiesti(cityOf(place)) || isPloiesti(place.display_name))
        .map((place): AddressSuggestion => {
          const resolved = toPlace(place);
          const secondary = place.display_name.split(',').slice(1).join(',').trim() || `${DEFAULT_CITY}, ${DEFAULT_COUNTRY}`;
          return {
            place_id: resolved.placeId,
            description: place.display_name,
            structured_formatting: { main_text: resolved.streetAddress, secondary_text: secondary },
            latitude: resolved.latitude,
            longitude: resolved.longitude,
          };
        });
    },
    async resolve(placeId) {
      const match = /^nominatim:([NWR]\d+)$/.exec(placeId);
      if (!match) return null;
      const body = parse(z.array(placeSchema), await call('lookup', { osm_ids: match[1]! }));
      const place = body[0];
      return place ? toPlace(place) : null;
    },
    async reverse(latitude, longitude) {
      const body = parse(reverseSchema, await call('reverse', { lat: String(latitude), lon: String(longitude), zoom: '18' }));
      if ('error' in body) return NOT_FOUND_REVERSE;
      const place = toPlace(body);
      const result: ReverseResult = {
        found: true,
        streetNumber: body.address?.house_number ?? null,
        route: body.address?.road ?? body.address?.pedestrian ?? null,
        postalCode: place.postalCode,
        locality: cityOf(body) ?? null,
        country: body.address?.country ?? null,
        formattedAddress: body.display_name,
        placeId: place.placeId,
        insideCity: isPloiesti(cityOf(body)),
      };
      return result;
    },
  };
}
