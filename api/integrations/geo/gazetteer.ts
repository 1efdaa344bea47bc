/**
 * Embedded default geocoder: the Ploiești street gazetteer (Poșta Română infocod, May 2016; see
 * api/data/geo/SOURCES.md) and the city boundary polygon (ANCPI via geo-spatial.org). No network.
 *
 * Honest by construction: the gazetteer has street names and postal codes but no coordinates, so
 * suggestions carry none and the customer confirms the pin on the map; reverse lookup says only
 * whether a point lies inside the city limit, never inventing a street.
 *
 * Matching (diacritics- and word-order-insensitive) is src/shared/domain/street-search.ts, the
 * same code the PWA runs on the device offline over the same street list (its projection in
 * src/shared/data/ploiesti-streets.json), so a place id chosen offline resolves here.
 */
import { readFileSync } from 'node:fs';

import { z } from 'zod/mini';

import type { LatLng, Ring } from '../../../src/shared/domain/zones';
import { pointInPolygon } from '../../../src/shared/domain/zones';
import type { StreetMatch as SharedStreetMatch } from '../../../src/shared/domain/street-search';
import {
  GAZETTEER_PLACE_PREFIX,
  placeIdFor,
  postalCodeFor,
  StreetGazetteer as SharedStreetGazetteer,
  toResolvedPlace,
  toSuggestion,
} from '../../../src/shared/domain/street-search';
import type { ReverseResult } from '../../../src/shared/schemas/address';
import { DEFAULT_CITY, DEFAULT_COUNTRY } from '../../../src/shared/schemas/address';
import type { Geo, GeoPlace } from './port';
import { NOT_FOUND_REVERSE } from './port';

const streetRecordSchema = z.object({
  name: z.string(),
  type: z.string(),
  fullName: z.string(),
  matchVariants: z.array(z.string()),
  postalCodes: z.array(z.string()),
  numberRanges: z.optional(
    z.array(
      z.object({
        spec: z.string(),
        postalCode: z.string(),
        parsed: z.array(
          z.object({ from: z.number().check(z.int()), to: z.nullable(z.number().check(z.int())), parity: z.enum(['odd', 'even']) }),
        ),
      }),
    ),
  ),
});
export type StreetRecord = z.infer<typeof streetRecordSchema>;

const basemapSchema = z.object({
  attribution: z.optional(z.string()),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      properties: z.record(z.string(), z.unknown()),
      geometry: z.union([
        z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
        z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      ]),
    }),
  ),
});
export type Basemap = z.infer<typeof basemapSchema>;

const DATA_DIR = new URL('../../data/geo/', import.meta.url);

// Read once per process: the files are immutable data shipped with the code.
let streetsCache: StreetRecord[] | undefined;
let basemapCache: Basemap | undefined;

export function loadStreets(): StreetRecord[] {
  streetsCache ??= z.array(streetRecordSchema).parse(JSON.parse(readFileSync(new URL('ploiesti-streets.json', DATA_DIR), 'utf8')));
  return streetsCache;
}

export function loadBasemap(): Basemap {
  basemapCache ??= basemapSchema.parse(JSON.parse(readFileSync(new URL('ploiesti-basemap.geojson', DATA_DIR), 'utf8')));
  return basemapCache;
}

/** The city limit polygon's rings ([lng, lat]), from the basemap. */
export function cityBoundary(basemap: Basemap): Ring[] {
  const feature = basemap.features.find((f) => f.properties.kind === 'city_boundary' && f.geometry.type === 'Polygon');
  if (!feature || feature.geometry.type !== 'Polygon') throw new Error('The basemap has no city boundary polygon');
  return feature.geometry.coordinates;
}

export type StreetMatch = SharedStreetMatch<StreetRecord>;
/** The shared search over the full records (the device runs the same code over their projection). */
export class StreetGazetteer extends SharedStreetGazetteer<StreetRecord> {}
export { placeIdFor, postalCodeFor, toSuggestion };

export function createGazetteerGeo(options: { streets?: StreetRecord[]; basemap?: Basemap } = {}): Geo & { gazetteer: StreetGazetteer } {
  const gazetteer = new StreetGazetteer(options.streets ?? loadStreets());
  const boundary = cityBoundary(options.basemap ?? loadBasemap());

  return {
    name: 'gazetteer',
    method: 'Street gazetteer',
    gazetteer,
    autocomplete(query) {
      return Promise.resolve(gazetteer.search(query).map(toSuggestion));
    },
    resolve(placeId) {
      const match = gazetteer.lookup(placeId);
      if (!match) return Promise.resolve(null);
      const place: GeoPlace = { ...toResolvedPlace(match), latitude: null, longitude: null };
      return Promise.resolve(place);
    },
    reverse(latitude, longitude) {
      const point: LatLng = { latitude, longitude };
      if (!pointInPolygon(point, boundary)) return Promise.resolve({ ...NOT_FOUND_REVERSE, insideCity: false });
      // Inside the city limit: the city is known, the street is not (no street geometry offline).
      const result: ReverseResult = {
        found: true,
        streetNumber: null,
        route: null,
        postalCode: null,
        locality: DEFAULT_CITY,
        country: DEFAULT_COUNTRY,
        formattedAddress: `${DEFAULT_CITY}, ${DEFAULT_COUNTRY}`,
        placeId: null,
        insideCity: true,
      };
      return Promise.resolve(result);
    },
  };
}

let embedded: Geo | undefined;

/**
 * The geocoder that knows `placeId`: the configured one, or the embedded gazetteer for its own ids
 * (`gazetteer:…`), which the PWA finds on the device while offline whatever GEOCODER is
 * (docs/decisions/0058-a-new-address-can-be-added-offline.md).
 */
export function geoForPlace(configured: Geo, placeId: string): Geo {
  if (configured.name === 'gazetteer' || !placeId.startsWith(GAZETTEER_PLACE_PREFIX)) return configured;
  embedded ??= createGazetteerGeo();
  return embedded;
}
