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
import type { AddressValidationResult, AutocompleteResponse } from '../../src/shared/schemas/address';
import { autocompleteQuerySchema, reverseQuerySchema, validateAddressRequestSchema } from '../../src/shared/schemas/address';
import type { RestaurantSettings } from '../../src/shared/schemas/restaurant';
import type { AppDeps, AppEnv } from '../deps';
import { GeoUpstreamError } from '../integrations/geo';
import type { Logger } from '../lib/logger';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { requireUser } from '../middleware/session';
import { validate } from '../middleware/validate';

/** The spec's own texts (§8 Address errors) as the answers' messages. */
export const GEO_ERROR_MESSAGES = {
  search: 'Failed to fetch address suggestions. Please try again.',
  validate: 'Failed to validate address. Please try again.',
  reverse: 'Reverse geocoding failed. Please try again.',
} as const;

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
    throw apiError(status, `geocoder_${error.kind}`, message);
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
        return upstreamFailure(error, GEO_ERROR_MESSAGES.search, c.get('logger'));
      }
    })
    .post('/validate-address', validate('json', validateAddressRequestSchema), async (c) => {
      const input = c.req.valid('json');
      let place;
      try {
        place = await deps.geo.resolve(input.place_id);
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
        estimatedTime: decision?.estimatedTime ?? null,
        distance: decision?.distanceKm ?? null,
        latitude: place ? pin.latitude : null,
        longitude: place ? pin.longitude : null,
        method: deps.geo.method,
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
