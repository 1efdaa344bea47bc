/**
 * The house-number rule of a delivery address (issue 27): a driver cannot find "Strada Doja Gheorghe"
 * without its number, so every saved address either has a house number or says, explicitly, that the
 * place has none (a house in a village lane, a kiosk, a "fără număr" plot). The API's zod schema and
 * the PWA's form both apply it, so the form refuses exactly what the server would.
 *
 * The embedded gazetteer carries the number in its place id ('gazetteer:strada-doja-gheorghe:12'),
 * so a client that sends only such a place id still gives a number; other geocoders' place ids are
 * opaque and need the number spelled out.
 *
 * Pure: no I/O.
 */
/**
 * street-search.ts's GAZETTEER_PLACE_PREFIX, repeated rather than imported: the address schema imports
 * this file and street-search imports the schema, and a cycle would make load order matter. A unit
 * test keeps the two equal.
 */
export const GAZETTEER_PLACE_PREFIX = 'gazetteer:';

/** Romanian house numbers as the gazetteer reads them: 1-4 digits and an optional letter ('12', '12A'). */
export const HOUSE_NUMBER_PATTERN = /^\d{1,4}[A-Z]?$/;
/** What the form's field accepts as typed ('nr. 12 a' becomes '12A'). */
export const MAX_HOUSE_NUMBER_INPUT_LENGTH = 12;

export const HOUSE_NUMBER_TEXTS = {
  missing: 'Enter the house number, or tick "This address has no house number".',
  invalid: 'A house number is digits with an optional letter, e.g. 12 or 12A.',
  both: 'Give either a house number or "no house number", not both.',
} as const;
export type HouseNumberProblem = keyof typeof HOUSE_NUMBER_TEXTS;

/** The customer's answer to "what is the number?". */
export interface HouseNumberAnswer {
  houseNumber: string | null | undefined;
  noHouseNumber: boolean | undefined;
}

/**
 * The canonical form of a typed number: spaces and a leading 'nr.'/'nr'/'no.' dropped, letters upper
 * case ('nr. 12 a' -> '12A'). Empty -> null. The result may still be invalid ('abc'); see
 * houseNumberProblem.
 */
export function normalizeHouseNumber(text: string | null | undefined): string | null {
  if (!text) return null;
  const compact = text
    .trim()
    .replace(/^(nr|no|numarul|număr(ul)?)\.?\s*/i, '')
    .replace(/\s+/g, '')
    .toUpperCase();
  return compact === '' ? null : compact;
}

export function isHouseNumber(text: string | null | undefined): boolean {
  const normalized = normalizeHouseNumber(text);
  return normalized !== null && HOUSE_NUMBER_PATTERN.test(normalized);
}

/** 'gazetteer:strada-doja-gheorghe:12' -> '12'; a gazetteer id without a number or any other id -> null. */
export function gazetteerHouseNumber(placeId: string): string | null {
  const trimmed = placeId.trim();
  if (!trimmed.startsWith(GAZETTEER_PLACE_PREFIX)) return null;
  const [, , number, ...rest] = trimmed.split(':');
  if (!number || rest.length > 0) return null;
  const normalized = normalizeHouseNumber(number);
  return normalized && HOUSE_NUMBER_PATTERN.test(normalized) ? normalized : null;
}

/**
 * A gazetteer place id for the same street with `number` (null: the street itself). Other place ids,
 * and gazetteer ids that are not well formed, are returned unchanged: their geocoder decides what
 * they mean (and refuses what it does not know).
 */
export function gazetteerPlaceIdWithNumber(placeId: string, number: string | null): string {
  const trimmed = placeId.trim();
  if (!trimmed.startsWith(GAZETTEER_PLACE_PREFIX)) return trimmed;
  const [, slug, current, ...rest] = trimmed.split(':');
  const wellFormed = !!slug && rest.length === 0 && (current === undefined || gazetteerHouseNumber(trimmed) !== null);
  if (!wellFormed) return trimmed;
  return number ? `${GAZETTEER_PLACE_PREFIX}${slug}:${number}` : `${GAZETTEER_PLACE_PREFIX}${slug}`;
}

/**
 * What is wrong with an answer (null: nothing). `placeId` lets a gazetteer place id that already
 * carries a number count as the answer.
 */
export function houseNumberProblem(answer: HouseNumberAnswer, placeId?: string): HouseNumberProblem | null {
  const typed = normalizeHouseNumber(answer.houseNumber);
  if (typed !== null && !HOUSE_NUMBER_PATTERN.test(typed)) return 'invalid';
  if (typed !== null && answer.noHouseNumber) return 'both';
  if (answer.noHouseNumber) return null;
  if (typed !== null) return null;
  return placeId && gazetteerHouseNumber(placeId) ? null : 'missing';
}

/** The number an answer stands for: null for "no house number" (call after houseNumberProblem is null). */
export function effectiveHouseNumber(answer: HouseNumberAnswer, placeId?: string): string | null {
  if (answer.noHouseNumber) return null;
  return normalizeHouseNumber(answer.houseNumber) ?? (placeId ? gazetteerHouseNumber(placeId) : null);
}

/**
 * The street line with `number` instead of the geocoder's own (`knownNumber`, which the geocoder
 * put at the end of `street`): 'Strada X 5' with known 5 and number 7 -> 'Strada X 7'; 'Strada X'
 * with none and 12 -> 'Strada X 12'; null removes the number. Street names that contain numbers
 * ('Strada 1 Decembrie 1918') are safe: only a suffix equal to `knownNumber` is ever removed.
 */
export function streetWithHouseNumber(street: string, knownNumber: string | null | undefined, number: string | null): string {
  let base = street.trim();
  const known = knownNumber?.trim();
  if (known) {
    const escaped = known.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&').replace(/\s+/g, '\\s*');
    base = base.replace(new RegExp(`\\s+${escaped}$`, 'i'), '');
  }
  return number ? `${base} ${number}` : base;
}

/**
 * An address saved before the rule (no number and no explicit "no number"): it still reads and
 * orders, but the form asks for the number when it is edited and its card says so.
 */
export function lacksHouseNumberAnswer(address: { houseNumber?: string | null; noHouseNumber?: boolean; placeId?: string }): boolean {
  return !address.houseNumber && !address.noHouseNumber && !(address.placeId && gazetteerHouseNumber(address.placeId));
}

/**
 * A place with the customer's house number. A place that already has it is returned as is (the
 * gazetteer's, re-keyed by its id); otherwise the number replaces the geocoder's own at the end of
 * the street line and the formatted address is rebuilt from the parts, in the gazetteer's shape
 * ('Strada Doja Gheorghe 12, 100151 Ploiești, Romania').
 */
/** The parts of a resolved place (schemas/address.ts's ResolvedPlace) this rule reads and rewrites. */
interface PlaceParts {
  placeId: string;
  streetAddress: string;
  houseNumber?: string | null | undefined;
  postalCode?: string | null | undefined;
  city: string;
  country: string;
  formattedAddress: string;
}

export function placeWithHouseNumber<P extends PlaceParts>(place: P, houseNumber: string | null, typedPostalCode: string | null): P {
  const known = place.houseNumber ?? gazetteerHouseNumber(place.placeId);
  if ((known ?? null) === houseNumber) return place;
  const streetAddress = streetWithHouseNumber(place.streetAddress, known, houseNumber);
  const postalCode = place.postalCode ?? typedPostalCode;
  return {
    ...place,
    streetAddress,
    houseNumber,
    formattedAddress: `${streetAddress}, ${postalCode ? `${postalCode} ` : ''}${place.city}, ${place.country}`,
  };
}
