/**
 * Street search over the Ploiești gazetteer, shared by the server's embedded geocoder
 * (api/integrations/geo/gazetteer.ts) and the PWA, which searches the same street list on the device
 * while offline (src/features/addresses/offline-geo.ts). One implementation, so a query finds the same
 * streets, place ids, postal codes and texts on both sides, and the server can resolve a place id
 * the device chose offline.
 *
 * Matching is diacritics- and word-order-insensitive ("doja gheorghe", "Gheorghe Doja" and
 * "str. gheorghe doja 12" all find Strada Doja Gheorghe). `matchVariants` (surname-first swaps,
 * sometimes nonsense) are used for ranking only and never displayed. The gazetteer has no
 * coordinates: suggestions and places carry none and the customer places the pin.
 *
 * Pure: no I/O; the street records are passed in.
 */
import type { AddressSuggestion, ResolvedPlace } from '../schemas/address';
import { DEFAULT_CITY, DEFAULT_COUNTRY, MAX_SUGGESTIONS } from '../schemas/address';

/** What the search needs of a gazetteer street (the full records in api/data/geo carry more). */
export interface StreetIndexRecord {
  name: string;
  type: string;
  fullName: string;
  matchVariants: string[];
  postalCodes: string[];
  numberRanges?: { postalCode: string; parsed: { from: number; to: number | null; parity: 'odd' | 'even' }[] }[];
}

/** Lowercase, no diacritics (ș/ş/ț/ţ/ă/â/î all fold), punctuation to spaces: the matching form of a name. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The street list as shipped to the device (src/shared/data/ploiesti-streets.json): only what the
 * search reads, so the offline chunk stays small. A unit test proves the shipped file equals this
 * projection of api/data/geo/ploiesti-streets.json.
 */
export function toStreetIndexRecord(record: StreetIndexRecord): StreetIndexRecord {
  return {
    name: record.name,
    type: record.type,
    fullName: record.fullName,
    matchVariants: record.matchVariants,
    postalCodes: record.postalCodes,
    ...(record.numberRanges
      ? { numberRanges: record.numberRanges.map((range) => ({ postalCode: range.postalCode, parsed: range.parsed })) }
      : {}),
  };
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

interface IndexedStreet<R extends StreetIndexRecord> {
  record: R;
  slug: string;
  /** Folded tokens of the name (without the type). */
  tokens: string[];
  /** Folded name and matchVariants, for the in-order phrase bonus. */
  phrases: string[];
  foldedType: string;
}

export interface StreetMatch<R extends StreetIndexRecord = StreetIndexRecord> {
  street: R;
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
export function postalCodeFor(street: StreetIndexRecord, houseNumber: string | null): string | null {
  const number = houseNumber ? Number.parseInt(houseNumber, 10) : Number.NaN;
  if (Number.isFinite(number) && street.numberRanges) {
    const parity = number % 2 === 0 ? 'even' : 'odd';
    for (const range of street.numberRanges) {
      if (range.parsed.some((r) => r.parity === parity && number >= r.from && (r.to === null || number <= r.to))) return range.postalCode;
    }
  }
  return street.postalCodes.length === 1 ? street.postalCodes[0]! : null;
}

export class StreetGazetteer<R extends StreetIndexRecord = StreetIndexRecord> {
  private readonly streets: IndexedStreet<R>[];
  private readonly bySlug = new Map<string, IndexedStreet<R>>();

  constructor(records: readonly R[]) {
    this.streets = records.map((record) => {
      const slug = foldText(record.fullName).replaceAll(' ', '-');
      const indexed: IndexedStreet<R> = {
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

  private score(street: IndexedStreet<R>, tokens: string[], phrase: string, typeTokens: string[]): number {
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
  search(query: string, limit = MAX_SUGGESTIONS): StreetMatch<R>[] {
    const all = foldText(query).split(' ').filter(Boolean);
    const typeTokens = all.filter((t) => TYPE_WORDS.has(t) && t.length > 1);
    const tokens = all.filter((t) => !TYPE_WORDS.has(t));
    if (tokens.length === 0) return [];

    // Either every token is part of the name ('1 Mai', '1 Decembrie 1918'), or the last number is
    // the house number ('doja 12'). Both readings are scored; the better one wins per street.
    const readings: { tokens: string[]; houseNumber: string | null }[] = [{ tokens, houseNumber: null }];
    const last = tokens[tokens.length - 1]!;
    if (tokens.length > 1 && HOUSE_NUMBER.test(last)) readings.push({ tokens: tokens.slice(0, -1), houseNumber: last.toUpperCase() });

    const matches: StreetMatch<R>[] = [];
    for (const street of this.streets) {
      let best: StreetMatch<R> | null = null;
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
  lookup(placeId: string): StreetMatch<R> | null {
    const [prefix, slug, houseNumber, ...rest] = placeId.split(':');
    if (prefix !== 'gazetteer' || !slug || rest.length > 0) return null;
    if (houseNumber !== undefined && !HOUSE_NUMBER.test(houseNumber.toLowerCase())) return null;
    const street = this.bySlug.get(slug);
    if (!street) return null;
    const number = houseNumber ?? null;
    return { street: street.record, slug, houseNumber: number, postalCode: postalCodeFor(street.record, number), score: 0 };
  }
}

/** Place ids of the gazetteer start with this; any geocoder setting on the server can resolve them. */
export const GAZETTEER_PLACE_PREFIX = 'gazetteer:';

export function placeIdFor(match: Pick<StreetMatch, 'slug' | 'houseNumber'>): string {
  return match.houseNumber ? `${GAZETTEER_PLACE_PREFIX}${match.slug}:${match.houseNumber}` : `${GAZETTEER_PLACE_PREFIX}${match.slug}`;
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

/** The place behind a gazetteer match, as the server stores it on save. */
export function toResolvedPlace(match: StreetMatch): ResolvedPlace {
  return {
    placeId: placeIdFor(match),
    streetAddress: streetLine(match),
    city: DEFAULT_CITY,
    postalCode: match.postalCode,
    country: DEFAULT_COUNTRY,
    formattedAddress: `${streetLine(match)}, ${cityLine(match.postalCode)}`,
    houseNumber: match.houseNumber,
  };
}

/** The text of src/shared/data/ploiesti-streets.json: one street per line, so a change reads as a small diff. */
export function streetIndexFileText(records: readonly StreetIndexRecord[]): string {
  return `[\n${records.map((record) => JSON.stringify(toStreetIndexRecord(record))).join(',\n')}\n]\n`;
}
