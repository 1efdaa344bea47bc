/**
 * The address and geocoding contract (spec §3 Customer address, Address suggestion, validation and
 * reverse-geocode results; §5 address rules). One schema drives the API's validators, the geo
 * adapters' output and the PWA's forms.
 *
 * Deliverability, zone, distance and estimated time are never accepted from a client: the input
 * schemas do not carry them (unknown keys are stripped) and the server recomputes them from the pin.
 */
import { z } from 'zod/mini';

import {
  effectiveHouseNumber,
  HOUSE_NUMBER_TEXTS,
  houseNumberProblem,
  MAX_HOUSE_NUMBER_INPUT_LENGTH,
  normalizeHouseNumber,
} from '../domain/house-number';
import { baniSchema } from './common';

export const ADDRESS_LABELS = ['home', 'work', 'custom'] as const;
export const addressLabelSchema = z.enum(ADDRESS_LABELS);
export type AddressLabel = z.infer<typeof addressLabelSchema>;

/** Spec §5: search fires after 3 trimmed characters. */
export const MIN_SEARCH_CHARS = 3;
export const MAX_SEARCH_CHARS = 120;
export const MAX_SUGGESTIONS = 8;
export const MAX_STREET_LENGTH = 200;
export const MAX_FORMATTED_ADDRESS_LENGTH = 300;
export const MAX_PLACE_ID_LENGTH = 300;
export const MAX_CUSTOM_LABEL_LENGTH = 40;
export const MAX_UNIT_FIELD_LENGTH = 30;
export const MAX_INSTRUCTIONS_LENGTH = 500;

/** Defaults of a new address (spec §3). */
export const DEFAULT_CITY = 'Ploiești';
export const DEFAULT_COUNTRY = 'Romania';

export const latitudeSchema = z.number().check(z.gte(-90), z.lte(90));
export const longitudeSchema = z.number().check(z.gte(-180), z.lte(180));

/** Query strings arrive as text; 'abc', '' and 'NaN' are refused (spec §5: skip NaN coordinates). */
const coordinateParam = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.trim(), z.minLength(1), z.regex(/^-?\d+(\.\d+)?$/, 'Expected a decimal number')), z.transform(Number)),
    z.number().check(z.gte(min), z.lte(max)),
  );

// ---------- geocoding ----------

/**
 * Spec §8 Address errors, title and description verbatim. The server answers with `message` and
 * the title in `details.title`; the panel shows the same pair as its toast.
 */
export const GEO_ERROR_TEXTS = {
  /** The geocoder failed (upstream error status, timeout, unreachable). */
  search: { title: 'Search Error', message: 'Failed to fetch address suggestions. Please try again.' },
  /** The browser got something it could not read at all (not an API error). */
  searchUnexpected: { title: 'Search Error', message: 'An unexpected error occurred during address search.' },
  /** The server hit a bug while searching (500). */
  searchServerUnexpected: { title: 'Search Error', message: 'Unexpected error during search.' },
  validate: { title: 'Validation Error', message: 'Failed to validate address. Please try again.' },
  reverse: { title: 'Reverse Geocoding Failed', message: 'No address found for this point.' },
  reverseUnexpected: { title: 'Reverse Geocoding Error', message: 'Unexpected error' },
} as const satisfies Record<string, { title: string; message: string }>;
export type GeoErrorText = (typeof GEO_ERROR_TEXTS)[keyof typeof GEO_ERROR_TEXTS];

export const autocompleteQuerySchema = z.object({
  query: z
    .string()
    .check(z.trim(), z.minLength(MIN_SEARCH_CHARS, `Type at least ${MIN_SEARCH_CHARS} characters`), z.maxLength(MAX_SEARCH_CHARS)),
});

export const addressSuggestionSchema = z.object({
  place_id: z.string().check(z.minLength(1), z.maxLength(MAX_PLACE_ID_LENGTH)),
  description: z.string(),
  structured_formatting: z.object({ main_text: z.string(), secondary_text: z.string() }),
  /** Only geocoders that know the point send it; the embedded street gazetteer has none (pin on the map). */
  latitude: z.optional(z.nullable(latitudeSchema)),
  longitude: z.optional(z.nullable(longitudeSchema)),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

/** GET /api/geo/autocomplete answer (spec §7: {predictions[...]}). */
export const autocompleteResponseSchema = z.object({ predictions: z.array(addressSuggestionSchema) });
export type AutocompleteResponse = z.infer<typeof autocompleteResponseSchema>;

/** POST /api/geo/validate-address body (spec §7: {place_id, formatted_address}, plus the pin when there is one). */
export const validateAddressRequestSchema = z.object({
  place_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PLACE_ID_LENGTH)),
  formatted_address: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_FORMATTED_ADDRESS_LENGTH)),
  latitude: z.optional(latitudeSchema),
  longitude: z.optional(longitudeSchema),
});
export type ValidateAddressRequest = z.infer<typeof validateAddressRequestSchema>;

/** What a geocoder knows about a chosen place, normalised. */
export const resolvedPlaceSchema = z.object({
  placeId: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  postalCode: z.nullable(z.string()),
  country: z.string(),
  formattedAddress: z.string(),
  /**
   * The house number the geocoder knows for this place (it ends `streetAddress`), null when the place
   * is a street without one. Optional: older answers and adapters may not say.
   */
  houseNumber: z.optional(z.nullable(z.string())),
});
export type ResolvedPlace = z.infer<typeof resolvedPlaceSchema>;

/**
 * Spec §3 validation result. isValid: the place exists. isDeliverable: a pin exists and lies within
 * the delivery radius. latitude/longitude are null until there is a pin (the gazetteer has none).
 */
export const addressValidationResultSchema = z.object({
  isValid: z.boolean(),
  isDeliverable: z.boolean(),
  deliveryZone: z.nullable(z.string()),
  deliveryFeeBani: baniSchema,
  /**
   * Spec §3 field: the same fee in lei as a two-decimal string ('5.00'), for display and the spec's
   * shape. deliveryFeeBani stays the amount code computes with (docs/decisions/0002-money-in-integer-bani.md).
   */
  deliveryFee: z.string().check(z.regex(/^\d+\.\d{2}$/)),
  estimatedTime: z.nullable(z.string()),
  /** Kilometres from the kitchen that would deliver (else the nearest one), one decimal; null without a pin. */
  distance: z.nullable(z.number()),
  latitude: z.nullable(latitudeSchema),
  longitude: z.nullable(longitudeSchema),
  /** Which geocoder answered ('Street gazetteer', 'Nominatim', 'Google Maps'): the card's 'validated via'. */
  method: z.string(),
  /**
   * Issue 22: the kitchen that would deliver here (distance, zone and fee are from it); null when not
   * deliverable or without a pin. docs/decisions/0148-address-zones-are-the-kitchens-zones.md.
   */
  deliveryLocationName: z.optional(z.nullable(z.string())),
  /**
   * Not deliverable with a pin: the server's words, the spec's 'Address Not Deliverable' text naming
   * the nearest kitchen and its distance; the PWA shows them as they are.
   */
  notDeliverableMessage: z.optional(z.nullable(z.string())),
  place: z.nullable(resolvedPlaceSchema),
});
export type AddressValidationResult = z.infer<typeof addressValidationResultSchema>;

export const reverseQuerySchema = z.object({ lat: coordinateParam(-90, 90), lng: coordinateParam(-180, 180) });

/** Spec §3 reverse-geocode result. found=false: nothing known at this point ('No address found for this point.'). */
export const reverseResultSchema = z.object({
  found: z.boolean(),
  streetNumber: z.nullable(z.string()),
  route: z.nullable(z.string()),
  postalCode: z.nullable(z.string()),
  locality: z.nullable(z.string()),
  country: z.nullable(z.string()),
  formattedAddress: z.nullable(z.string()),
  placeId: z.nullable(z.string()),
  /** Embedded default: whether the point lies inside the Ploiești city boundary (null when unknown). */
  insideCity: z.nullable(z.boolean()),
});
export type ReverseResult = z.infer<typeof reverseResultSchema>;

// ---------- the address book ----------

const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((value) => (value ? value : null)),
  );

/**
 * POST /api/addresses and PUT /api/addresses/:id body. Required fields: spec §5, plus the house-number
 * rule (src/shared/domain/house-number.ts): a number (typed, or in a gazetteer place id) or an
 * explicit `noHouseNumber: true`; anything else is a 400 naming `houseNumber`. After parsing,
 * `houseNumber` is the number the address stands for (null with `noHouseNumber`).
 */
export const addressInputSchema = z.pipe(
  z
    .object({
      label: z._default(addressLabelSchema, 'home'),
      customLabel: optionalText(MAX_CUSTOM_LABEL_LENGTH),
      streetAddress: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_STREET_LENGTH)),
      /** '12', '12A' ('nr. 12 a' is read as '12A'); absent or empty: see noHouseNumber. */
      houseNumber: z.pipe(z.nullish(z.string().check(z.maxLength(MAX_HOUSE_NUMBER_INPUT_LENGTH))), z.transform(normalizeHouseNumber)),
      /** The customer said the place has no house number (issue 27): the explicit alternative to one. */
      noHouseNumber: z._default(z.boolean(), false),
      apartment: optionalText(MAX_UNIT_FIELD_LENGTH),
      bloc: optionalText(MAX_UNIT_FIELD_LENGTH),
      scara: optionalText(MAX_UNIT_FIELD_LENGTH),
      etaj: optionalText(MAX_UNIT_FIELD_LENGTH),
      apartament: optionalText(MAX_UNIT_FIELD_LENGTH),
      interfon: optionalText(MAX_UNIT_FIELD_LENGTH),
      city: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
      postalCode: z.pipe(
        z.pipe(
          z.nullish(z.string().check(z.trim())),
          z.transform((value) => value || null),
        ),
        z.nullable(z.string().check(z.regex(/^\d{6}$/, 'A Romanian postal code has 6 digits'))),
      ),
      country: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(60)), DEFAULT_COUNTRY),
      latitude: latitudeSchema,
      longitude: longitudeSchema,
      formattedAddress: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_FORMATTED_ADDRESS_LENGTH)),
      placeId: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PLACE_ID_LENGTH)),
      /** The customer placed or confirmed the pin on the map (the gazetteer has no coordinates of its own). */
      pinConfirmed: z._default(z.boolean(), false),
      deliveryInstructions: optionalText(MAX_INSTRUCTIONS_LENGTH),
      isDefault: z.optional(z.boolean()),
    })
    .check(
      z.refine((input) => input.label !== 'custom' || !!input.customLabel, {
        path: ['customLabel'],
        message: 'Name the custom label',
      }),
      z.superRefine((input, ctx) => {
        const problem = houseNumberProblem(input, input.placeId);
        if (problem) ctx.addIssue({ code: 'custom', path: ['houseNumber'], message: HOUSE_NUMBER_TEXTS[problem] });
      }),
    ),
  z.transform((input) => ({ ...input, houseNumber: effectiveHouseNumber(input, input.placeId) })),
);
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressInputParsed = z.output<typeof addressInputSchema>;

/** Spec §5 required fields, in the names the 'Missing Required Data' toast lists. */
export const REQUIRED_ADDRESS_FIELDS = [
  ['streetAddress', 'street_address'],
  ['city', 'city'],
  ['latitude', 'latitude'],
  ['longitude', 'longitude'],
  ['formattedAddress', 'formatted_address'],
  ['placeId', 'place_id'],
] as const;

/** The spec's field names that are missing or unusable in a draft (empty list: all present). */
export function missingAddressFields(draft: Partial<Record<(typeof REQUIRED_ADDRESS_FIELDS)[number][0], unknown>>): string[] {
  return REQUIRED_ADDRESS_FIELDS.filter(([key]) => {
    const value = draft[key];
    if (typeof value === 'number') return !Number.isFinite(value);
    return typeof value !== 'string' || value.trim() === '';
  }).map(([, name]) => name);
}

export const addressIdParamSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)) });

/** An address as the API answers it. */
export const addressSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  label: addressLabelSchema,
  customLabel: z.nullable(z.string()),
  streetAddress: z.string(),
  /**
   * The house number (also at the end of streetAddress); null with noHouseNumber, or for an address
   * saved before the house-number rule (see lacksHouseNumberAnswer). Defaults keep device copies
   * written by older versions readable.
   */
  houseNumber: z._default(z.nullable(z.string()), null),
  noHouseNumber: z._default(z.boolean(), false),
  apartment: z.nullable(z.string()),
  bloc: z.nullable(z.string()),
  scara: z.nullable(z.string()),
  etaj: z.nullable(z.string()),
  apartament: z.nullable(z.string()),
  interfon: z.nullable(z.string()),
  city: z.string(),
  postalCode: z.nullable(z.string()),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  formattedAddress: z.string(),
  placeId: z.string(),
  pinConfirmed: z.boolean(),
  isValidated: z.boolean(),
  lastValidatedAt: z.nullable(z.string()),
  validationMethod: z.nullable(z.string()),
  validationNotes: z.nullable(z.string()),
  deliveryInstructions: z.nullable(z.string()),
  isDeliverable: z.boolean(),
  deliveryZoneName: z.nullable(z.string()),
  estimatedDeliveryTime: z.nullable(z.string()),
  deliveryFeeOverrideBani: z.nullable(baniSchema),
  distanceKm: z.nullable(z.number()),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** GET /api/addresses. `customerId` names whose book this is (the device's offline copy is per person). */
export const addressListResponseSchema = z.object({
  addresses: z.array(addressSchema),
  customerId: z.number().check(z.int(), z.positive()),
});
export const addressResponseSchema = z.object({ address: addressSchema });

/** The label a card shows: the custom text for 'custom', otherwise the label itself. */
export function addressDisplayLabel(address: Pick<Address, 'label' | 'customLabel'>): string | null {
  const raw = address.label === 'custom' ? address.customLabel : address.label;
  if (!raw) return null;
  return raw.charAt(0).toUpperCase() + raw.slice(1);
}

/** 'bl. 12, sc. B, et. 3, ap. 14, interfon 14' — the Romanian block details in one line. */
export function blockDetailsLine(address: Pick<Address, 'bloc' | 'scara' | 'etaj' | 'apartament' | 'interfon'>): string | null {
  const parts = [
    address.bloc && `bl. ${address.bloc}`,
    address.scara && `sc. ${address.scara}`,
    address.etaj && `et. ${address.etaj}`,
    address.apartament && `ap. ${address.apartament}`,
    address.interfon && `interfon ${address.interfon}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

// ---------- map ----------

/** GET /api/map/config: which style the map loads (MAP_STYLE_URL, else our offline style). */
export const mapConfigSchema = z.object({
  styleUrl: z.string(),
  embeddedStyle: z.boolean(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;

/** Spec §9 map constants. */
export const MAP_MIN_ZOOM = 1;
export const MAP_MAX_ZOOM = 21;
export const MAP_DEFAULT_ZOOM = 12;
export const ADDRESS_PANEL_DEFAULT_CENTER = { latitude: 44.94, longitude: 26.03 } as const;
export const ADDRESS_EDIT_DEFAULT_CENTER = { latitude: 44.9393125, longitude: 26.0276875 } as const;
export const RESTAURANT_DEFAULT_CENTER = { latitude: 44.9537, longitude: 26.0224 } as const;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MAP_DEFAULT_ZOOM;
  return Math.min(MAP_MAX_ZOOM, Math.max(MAP_MIN_ZOOM, zoom));
}
