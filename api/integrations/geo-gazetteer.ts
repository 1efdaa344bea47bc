/**
 * Embedded default geocoder: the Ploiești street gazetteer (Poșta Română infocod, May 2016; see
 * api/data/geo/SOURCES.md) and the city boundary polygon (ANCPI via geo-spatial.org). No network.
 *
 * Honest by construction: the gazetteer has street names and postal codes but no coordinates, so
 * suggestions carry none and the customer confirms the pin on the map; reverse lookup says only
 * whether a point lies inside the city limit, never inventing a street.
 *
 * Matching is diacritics- and word-order-insensitive ("doja gheorghe", "Gheorghe Doja" and
 * "str. gheorghe doja 12" all find Strada Doja Gheorghe). `matchVariants` (surname-first swaps,
 * sometimes nonsense) are used for ranking only and never displayed.
 */
import { readFileSync } from 'node:fs';

import { z } from 'zod';

import type { LatLng, Ring } from '../../src/shared/domain/zones';
import { pointInPolygon } from '../../src/shared/domain/zones';
import type { AddressSuggestion, ReverseResult } from '../../src/shared/schemas/address';
import { DEFAULT_CITY, DEFAULT_COUNTRY, MAX_SUGGESTIONS } from '../../src/shared/schemas/address';
import type { Geo, GeoPlace } from './geo';
import { foldText, NOT_FOUND_REVERSE } from './geo';

const streetRecordSchema = z.object({
  name: z.string(),
  type: z.string(),
  fullName: z.string(),
  matchVariants: z.array(z.string()),
  postalCodes: z.array(z.string()),
  numberRanges: z
    .array(
      z.object({
        spec: z.string(),
        postalCode: z.string(),
        parsed: z.array(z.object({ from: z.number().int(), to: z.number().int().nullable(), parity: z.enum(['odd', 'even']) })),
      }),
    )
    .optional(),
});
export type StreetRecord = z.infer<typeof streetRecordSchema>;

const basemapSchema = z.object({
  attribution: z.string().optional(),
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

const DATA_DIR = new URL('../data/geo/', import.meta.url);

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

/** Street-type words people type ('str.', 'bd', 'calea') that say nothing about which street. */
const TYPE_WORDS = new Set([
  'strada',
  'str',
  'st',
  'aleea',
  'al',
  'alee',
  'bulevardul',
  'bulevard',
  'bd',
  'bdul',
  'blvd',
  'b',
  'dul',
  'soseaua',
  'sos',
  'sosea',
  'intrarea',
  'intr',
  'intrare',
  'piata',
  'pta',
  'fundatura',
  'drumul',
  'calea',
  'cal',
  'nr',
  'numar',
  'numarul',
  'ploiesti',
]);

const HOUSE_NUMBER = /^(\d{1,4})([a-z]?)$/;

interface IndexedStreet {
  record: StreetRecord;
  slug: string;
  /** Folded tokens of the name (without the type). */
  tokens: string[];
  /** Folded name and matchVariants, for the in-order phrase bonus. */
  phrases: string[];
  foldedType: string;
}

export interface StreetMatch {
  street: StreetRecord;
  slug: string;
  houseNumber: string | null;
  postalCode: string | null;
  score: number;
}

function tokenScore(queryToken: string, nameTokens: string[]): number {
  let best = 0;
  for (const nameToken of nameTokens) {
    if (nameToken === queryToken) return 3;
    if (nameToken.startsWith(queryToken)) best = Math.max(best, 2);
    // 'rafovului' still finds 'Râfov' (the gazetteer's core name for Calea Râfovului).
    else if (nameToken.length >= 4 && queryToken.startsWith(nameToken)) best = Math.max(best, 1);
  }
  return best;
}

/**
 * Picks the postal code for a house number from the street's ranges (odd/even parity; a missing
 * upper bound means "to the end of the street"). Without a usable number, a street with a single
 * postal code still has one; otherwise null (the customer can type it).
 */
export function postalCodeFor(street: StreetRecord, houseNumber: string | null): string | null {
  const number = houseNumber ? Number.parseInt(houseNumber, 10) : Number.NaN;
  if (Number.isFinite(number) && street.numberRanges) {
    const parity = number % 2 === 0 ? 'even' : 'odd';
    for (const range of street.numberRanges) {
      if (range.parsed.some((r) => r.parity === parity && number >= r.from && (r.to === null || number <= r.to))) return range.postalCode;
    }
  }
  return street.postalCodes.length === 1 ? street.postalCodes[0]! : null;
}

export class StreetGazetteer {
  private readonly streets: IndexedStreet[];
  private readonly bySlug = new Map<string, IndexedStreet>();

  constructor(records: StreetRecord[]) {
    this.streets = records.map((record) => {
      const slug = foldText(record.fullName).replaceAll(' ', '-');
      const indexed: IndexedStreet = {
        record,
        slug,
        tokens: foldText(record.name).split(' ').filter(Boolean),
        phrases: [record.name, ...record.matchVariants].map(foldText),
        foldedType: foldText(record.type),
      };
      this.bySlug.set(slug, indexed);
      return indexed;
    });
  }

  get size(): number {
    return this.streets.length;
  }

  private score(street: IndexedStreet, tokens: string[], phrase: string, typeTokens: string[]): number {
    let total = 0;
    for (const token of tokens) {
      const score = tokenScore(token, street.tokens);
      if (score === 0) return 0;
      total += score;
    }
    // In-order phrase matches (including the surname-first swaps) rank first.
    if (street.phrases.some((p) => p === phrase)) total += 6;
    else if (street.phrases.some((p) => p.startsWith(phrase))) total += 4;
    if (typeTokens.some((t) => street.foldedType.startsWith(t))) total += 1;
    // Prefer names fully covered by the query over longer names that merely contain it.
    total -= Math.max(0, street.tokens.length - tokens.length) * 0.5;
    return total;
  }

  /** Streets matching a free-text query, best first; a trailing house number picks the postal code. */
  search(query: string, limit = MAX_SUGGESTIONS): StreetMatch[] {
    const all = foldText(query).split(' ').filter(Boolean);
    const typeTokens = all.filter((t) => TYPE_WORDS.has(t) && t.length > 1);
    const tokens = all.filter((t) => !TYPE_WORDS.has(t));
    if (tokens.length === 0) return [];

    // Either every token is part of the name ('1 Mai', '1 Decembrie 1918'), or the last number is
    // the house number ('doja 12'). Both readings are scored; the better one wins per street.
    const readings: { tokens: string[]; houseNumber: string | null }[] = [{ tokens, houseNumber: null }];
    const last = tokens[tokens.length - 1]!;
    if (tokens.length > 1 && HOUSE_NUMBER.test(last)) readings.push({ tokens: tokens.slice(0, -1), houseNumber: last.toUpperCase() });

    const matches: StreetMatch[] = [];
    for (const street of this.streets) {
      let best: StreetMatch | null = null;
      for (const reading of readings) {
        const score = this.score(street, reading.tokens, reading.tokens.join(' '), typeTokens);
        if (score > 0 && (!best || score > best.score)) {
          best = {
            street: street.record,
            slug: street.slug,
            houseNumber: reading.houseNumber,
            postalCode: postalCodeFor(street.record, reading.houseNumber),
            score,
          };
        }
      }
      if (best) matches.push(best);
    }
    matches.sort(
      (a, b) =>
        b.score - a.score ||
        a.street.fullName.length - b.street.fullName.length ||
        a.street.fullName.localeCompare(b.street.fullName, 'ro'),
    );
    return matches.slice(0, limit);
  }

  /** 'gazetteer:strada-doja-gheorghe:12' -> the street and number, or null. */
  lookup(placeId: string): StreetMatch | null {
    const [prefix, slug, houseNumber, ...rest] = placeId.split(':');
    if (prefix !== 'gazetteer' || !slug || rest.length > 0) return null;
    if (houseNumber !== undefined && !HOUSE_NUMBER.test(houseNumber.toLowerCase())) return null;
    const street = this.bySlug.get(slug);
    if (!street) return null;
    const number = houseNumber ?? null;
    return { street: street.record, slug, houseNumber: number, postalCode: postalCodeFor(street.record, number), score: 0 };
  }
}

export function placeIdFor(match: Pick<StreetMatch, 'slug' | 'houseNumber'>): string {
  return match.houseNumber ? `gazetteer:${match.slug}:${match.houseNumber}` : `gazetteer:${match.slug}`;
}

function streetLine(match: StreetMatch): string {
  return match.houseNumber ? `${match.street.fullName} ${match.houseNumber}` : match.street.fullName;
}

function cityLine(postalCode: string | null): string {
  return `${postalCode ? `${postalCode} ` : ''}${DEFAULT_CITY}, ${DEFAULT_COUNTRY}`;
}

export function toSuggestion(match: StreetMatch): AddressSuggestion {
  const main = streetLine(match);
  const secondary = cityLine(match.postalCode);
  return {
    place_id: placeIdFor(match),
    description: `${main}, ${secondary}`,
    structured_formatting: { main_text: main, secondary_text: secondary },
    latitude: null,
    longitude: null,
  };
}

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
      const place: GeoPlace = {
        placeId: placeIdFor(match),
        streetAddress: streetLine(match),
        city: DEFAULT_CITY,
        postalCode: match.postalCode,
        country: DEFAULT_COUNTRY,
        formattedAddress: `${streetLine(match)}, ${cityLine(match.postalCode)}`,
        latitude: null,
        longitude: null,
      };
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
