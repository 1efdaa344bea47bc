/**
 * Geocoding for the address panel, behind the Geo port (GEOCODER picks the adapter; no key ever
 * reaches the browser). Signed-in customers only: it is only used while editing an address book,
 * and it keeps a paid upstream key from being an open proxy.
 *
 *   GET  /api/geo/autocomplete?query=   suggestions in Ploiești (>= 3 trimmed characters)
 *   POST /api/geo/validate-address      {place_id, formatted_address, latitude?, longitude?}
 *   GET  /api/geo/reverse?lat=&lng=     what is at a map point
 *
 * Deliverability is decided here from the pin and the restaurant's settings (haversine vs
 * deliveryRadiusKm), never by the geocoder and never by the client. An upstream failure answers a
 * JSON 502/503 within GEO_UPSTREAM_TIMEOUT_MS, never a 500 and never a hang.
 */
import { Hono } from 'hono';

import type { DeliveryDecision, LatLng } from '../../src/shared/domain/zones';
import { decideDelivery, isFiniteLatLng } from '../../src/shared/domain/zones';
import { asBani, formatBaniDecimal } from '../../src/shared/money';
import type { AddressValidationResult, AutocompleteResponse, GeoErrorText } from '../../src/shared/schemas/address';
import {
  autocompleteQuerySchema,
  GEO_ERROR_TEXTS,
  reverseQuerySchema,
  validateAddressRequestSchema,
} from '../../src/shared/schemas/address';
import type { RestaurantSettings } from '../../src/shared/schemas/restaurant';
import type { AppDeps, AppEnv } from '../deps';
import { GeoUpstreamError } from '../integrations/geo/port';
import { geoForPlace } from '../integrations/geo/gazetteer';
import type { Logger } from '../lib/logger';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { requireUser } from '../middleware/session';
import { validate } from '../middleware/validate';

/** The spec's own texts (§8 Address errors) as the answers' messages; the title rides in details.title. */
export const GEO_ERROR_MESSAGES = {
  search: GEO_ERROR_TEXTS.search.message,
  validate: GEO_ERROR_TEXTS.validate.message,
  reverse: GEO_ERROR_TEXTS.reverse.message,
} as const;

const GEO_ERROR_BY_MESSAGE = new Map<string, GeoErrorText>(
  [GEO_ERROR_TEXTS.search, GEO_ERROR_TEXTS.validate, GEO_ERROR_TEXTS.reverse].map((text) => [text.message, text]),
);

export function decideFromSettings(point: LatLng, settings: RestaurantSettings): DeliveryDecision {
  return decideDelivery(point, {
    base: { latitude: settings.deliveryBaseLat, longitude: settings.deliveryBaseLng },
    radiusKm: settings.deliveryRadiusKm,
    deliveryFeeBani: settings.deliveryFeeBani,
  });
}

/** Turns an adapter failure into our JSON error; anything else is a bug and stays a 500. */
export function upstreamFailure(error: unknown, message: string, logger: Logger): never {
  if (error instanceof GeoUpstreamError) {
    logger.warn('geocoder failed', { kind: error.kind, reason: error.message });
    const status = error.kind === 'denied' || error.kind === 'bad_response' ? HTTP_STATUS.BAD_GATEWAY : HTTP_STATUS.SERVICE_UNAVAILABLE;
    const title = GEO_ERROR_BY_MESSAGE.get(message)?.title;
    throw apiError(status, `geocoder_${error.kind}`, message, title ? { title } : undefined);
  }
  throw error;
}

export function geoRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', requireUser)
    .get('/autocomplete', validate('query', autocompleteQuerySchema), async (c) => {
      const { query } = c.req.valid('query');
      try {
        const body: AutocompleteResponse = { predictions: await deps.geo.autocomplete(query) };
        return c.json(body);
      } catch (error) {
        if (error instanceof GeoUpstreamError) return upstreamFailure(error, GEO_ERROR_MESSAGES.search, c.get('logger'));
        // A bug, not the geocoder: still the spec's search text, and the request id in the log.
        c.get('logger').error('address search failed unexpectedly', { error: error instanceof Error ? error.message : String(error) });
        const text = GEO_ERROR_TEXTS.searchServerUnexpected;
        throw apiError(HTTP_STATUS.INTERNAL, 'search_failed', text.message, { title: text.title });
      }
    })
    .post('/validate-address', validate('json', validateAddressRequestSchema), async (c) => {
      const input = c.req.valid('json');
      // A gazetteer id (found on the device while offline) resolves whatever GEOCODER is (docs/decisions/0058-a-new-address-can-be-added-offline.md).
      const geo = geoForPlace(deps.geo, input.place_id);
      let place;
      try {
        place = await geo.resolve(input.place_id);
      } catch (error) {
        return upstreamFailure(error, GEO_ERROR_MESSAGES.validate, c.get('logger'));
      }
      // The customer's pin wins over the geocoder's point: it is where the courier goes.
      const pin = { latitude: input.latitude ?? place?.latitude ?? null, longitude: input.longitude ?? place?.longitude ?? null };
      const settings = await deps.cms.loadSettings();
      const decision = place && isFiniteLatLng(pin) ? decideFromSettings(pin, settings) : null;
      const body: AddressValidationResult = {
        isValid: place !== null,
        isDeliverable: decision?.isDeliverable ?? false,
        deliveryZone: decision?.zoneName ?? null,
        deliveryFeeBani: decision?.deliveryFeeBani ?? 0,
        deliveryFee: formatBaniDecimal(asBani(decision?.deliveryFeeBani ?? 0)),
        estimatedTime: decision?.estimatedTime ?? null,
        distance: decision?.distanceKm ?? null,
        latitude: place ? pin.latitude : null,
        longitude: place ? pin.longitude : null,
        method: geo.method,
        place: place
          ? {
              placeId: place.placeId,
              streetAddress: place.streetAddress,
              city: place.city,
              postalCode: place.postalCode,
              country: place.country,
              formattedAddress: place.formattedAddress,
            }
          : null,
      };
      return c.json(body);
    })
    .get('/reverse', validate('query', reverseQuerySchema), async (c) => {
      const { lat, lng } = c.req.valid('query');
      try {
        return c.json(await deps.geo.reverse(lat, lng));
      } catch (error) {
        return upstreamFailure(error, GEO_ERROR_MESSAGES.reverse, c.get('logger'));
      }
    });
}
