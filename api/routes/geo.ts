/**
 * Geocoding for the address panel, behind the Geo port (GEOCODER picks the adapter; no key ever
 * reaches the browser). Signed-in customers only: it is only used while editing an address book,
 * and it keeps a paid upstream key from being an open proxy.
 *
 *   GET  /api/geo/autocomplete?query=   suggestions in Ploiești (>= 3 trimmed characters)
 *   POST /api/geo/validate-address      {place_id, formatted_address, latitude?, longitude?}
 *   GET  /api/geo/reverse?lat=&lng=     what is at a map point
 *
 * Deliverability is decided here from the pin and the kitchens' own zones (issue 22: a pin is
 * deliverable when a kitchen taking orders now or later covers it, routed as an order is; none does:
 * the spec's out-of-zone text naming the nearest kitchen and its distance), never by the geocoder and
 * never by the client (docs/decisions/0148-address-zones-are-the-kitchens-zones.md). An upstream
 * failure answers a JSON 502/503 within GEO_UPSTREAM_TIMEOUT_MS, never a 500 and never a hang.
 */
import { Hono } from 'hono';

import type { Kysely } from 'kysely';

import type { DeliveryDecision, LatLng } from '../../src/shared/domain/zones';
import {
  isFiniteLatLng,
  kmText,
  NOT_DELIVERABLE_TEXT,
  outOfZoneText,
  pausedKitchenText,
  roundKm,
  zoneBandFor,
  zoneName,
} from '../../src/shared/domain/zones';
import { asBani, formatBaniDecimal } from '../../src/shared/money';
import type { AddressValidationResult, AutocompleteResponse, GeoErrorText } from '../../src/shared/schemas/address';
import {
  autocompleteQuerySchema,
  GEO_ERROR_TEXTS,
  reverseQuerySchema,
  validateAddressRequestSchema,
} from '../../src/shared/schemas/address';
import type { AppDeps, AppEnv } from '../deps';
import { GeoUpstreamError } from '../integrations/geo/port';
import { geoForPlace } from '../integrations/geo/gazetteer';
import type { Logger } from '../lib/logger';
import { requestLocale } from '../lib/request-locale';
import { serverMessages } from '../i18n/translate';
import type { Locale } from '../../src/shared/i18n/locales';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { kitchenTakesOrders, routeKitchen } from '../lib/kitchen-routing';
import { requireUser } from '../middleware/session';
import { validate } from '../middleware/validate';
import type { Database } from '../store/schema';

/** The spec's own texts (§8 Address errors) as the answers' messages; the title rides in details.title. */
export const GEO_ERROR_MESSAGES = {
  search: GEO_ERROR_TEXTS.search.message,
  validate: GEO_ERROR_TEXTS.validate.message,
  reverse: GEO_ERROR_TEXTS.reverse.message,
} as const;

const GEO_ERROR_BY_MESSAGE = new Map<string, GeoErrorText>(
  [GEO_ERROR_TEXTS.search, GEO_ERROR_TEXTS.validate, GEO_ERROR_TEXTS.reverse].map((text) => [text.message, text]),
);

/** Spec §8 'Address Not Deliverable', verbatim; the answers add which kitchen is nearest and how far. */
export const NOT_DELIVERABLE_MESSAGE = NOT_DELIVERABLE_TEXT;
export { outOfZoneText as outOfZoneMessage, pausedKitchenText as pausedKitchenMessage };

export interface KitchenZoneDecision extends DeliveryDecision {
  /** The kitchen that would cook a delivery here (deliverable), or the nearest one (not). */
  kitchen: { id: number; name: string } | null;
  /** Null when deliverable; else the spec's text naming the nearest kitchen and its distance. */
  message: string | null;
  /** Why not (null when deliverable): what notDeliverableText says in the customer's language. */
  refusal: 'out_of_zone' | 'paused' | 'no_kitchens' | null;
}

/**
 * The address check's "not deliverable" sentence in `locale` (issue 23: a Romanian customer reads no
 * English). The English is the spec's own text (`message`, src/shared/domain/zones.ts), which the
 * English catalogue repeats word for word (tested); the distance is written the language's way.
 */
export function notDeliverableText(decision: KitchenZoneDecision, locale: Locale): string | null {
  if (decision.refusal === null) return null;
  const t = serverMessages(locale);
  const km = kmText(decision.distanceKm ?? 0, locale);
  const kitchen = decision.kitchen?.name ?? '';
  if (decision.refusal === 'out_of_zone') return t('zone.outOfZone', { kitchen, km });
  if (decision.refusal === 'paused') return t('zone.paused', { kitchen, km });
  return t('zone.notDeliverable');
}

/**
 * Whether a pin is deliverable, from the kitchens' own zones and fee bands (issue 22): routed as an
 * order is (api/lib/kitchen-routing.ts) among the kitchens switched on, whatever their hours (the
 * address book keeps an address for later too; the restaurant-wide toggle and the hours are the order's
 * checks). Distance, zone name, estimated time and fee are the routed kitchen's.
 * docs/decisions/0148-address-zones-are-the-kitchens-zones.md.
 */
export async function decideFromKitchens(db: Kysely<Database>, point: LatLng, at: Date): Promise<KitchenZoneDecision> {
  const rows = await db.selectFrom('locations').selectAll().orderBy('sort_order').orderBy('id').execute();
  const { route } = await routeKitchen(db, point, rows, (kitchen) => kitchenTakesOrders(kitchen, true, at, true));
  const refused = (
    distanceKm: number,
    kitchen: KitchenZoneDecision['kitchen'],
    message: string,
    refusal: NonNullable<KitchenZoneDecision['refusal']>,
  ): KitchenZoneDecision => ({
    isDeliverable: false,
    refusal,
    distanceKm: roundKm(distanceKm),
    zoneName: null,
    band: null,
    estimatedTime: null,
    deliveryFeeBani: 0,
    kitchen,
    message,
  });
  switch (route.kind) {
    case 'routed': {
      const { kitchen } = route;
      const zone = zoneBandFor(kitchen.exactDistanceKm);
      return {
        isDeliverable: true,
        distanceKm: kitchen.distanceKm,
        zoneName: zoneName(kitchen.exactDistanceKm, zone.band),
        band: zone.band,
        estimatedTime: zone.estimatedTime,
        deliveryFeeBani: kitchen.band.feeBani,
        kitchen: { id: kitchen.location.id, name: kitchen.location.name },
        message: null,
        refusal: null,
      };
    }
    case 'closed': {
      const nearest = route.covering[0]!;
      return refused(
        nearest.distanceKm,
        { id: nearest.location.id, name: nearest.location.name },
        pausedKitchenText(nearest.location.name, nearest.distanceKm),
        'paused',
      );
    }
    case 'out_of_zone':
      return refused(
        route.distanceKm,
        { id: route.nearest.id, name: route.nearest.name },
        outOfZoneText(route.nearest.name, route.distanceKm),
        'out_of_zone',
      );
    case 'no_locations':
      return refused(0, null, NOT_DELIVERABLE_MESSAGE, 'no_kitchens');
  }
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
      const decision = place && isFiniteLatLng(pin) ? await decideFromKitchens(deps.store.db, pin, deps.clock.now()) : null;
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
        deliveryLocationName: decision?.kitchen?.name ?? null,
        notDeliverableMessage: decision ? notDeliverableText(decision, requestLocale(c)) : null,
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
