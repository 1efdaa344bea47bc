/**
 * Which kitchen cooks a delivery (issue 22), read from the store: each location's own settings, whether
 * it takes orders at the time asked, and its current load (orders accepted and not ready), handed to the
 * shared rule (src/shared/domain/kitchen-routing.ts, docs/decisions/0135-routing-and-fee-band-edges.md).
 * Order pricing (authoritative, inside the order's transaction) and GET /api/addresses/:id/kitchen
 * (what the checkout shows) both come through here, so they never disagree.
 * docs/decisions/0136-each-kitchen-runs-its-own-delivery.md.
 */
import type { Kysely, Transaction } from 'kysely';

import type { KitchenRoute, RoutingCandidate } from '../../src/shared/domain/kitchen-routing';
import { routeDelivery } from '../../src/shared/domain/kitchen-routing';
import { isOpenAt } from '../../src/shared/domain/opening-hours';
import type { LatLng } from '../../src/shared/domain/zones';
import type { OrderStatus } from '../../src/shared/schemas/order';
import type { Location } from '../../src/shared/schemas/restaurant';
import { locationFromRow } from '../store/location-row';
import type { ApiHttpError } from './http-errors';
import { apiError, HTTP_STATUS } from './http-errors';
import type { Database, LocationRow } from '../store/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A kitchen's load: its orders a person accepted that are not ready yet (issue 22, "orders accepted and not ready"). */
export const KITCHEN_LOAD_STATUSES: readonly OrderStatus[] = ['confirmed', 'preparing', 'sent to kitchen'];

/**
 * Whether a kitchen takes an order at `at`: the restaurant-wide toggle, the kitchen's own toggle, and
 * (unless `ignoreHours`) its hours at that instant (now for as soon as possible, the slot's start for
 * an order for later).
 */
export function kitchenTakesOrders(location: Location, restaurantOpen: boolean, at: Date, ignoreHours = false): boolean {
  return restaurantOpen && location.isOpen && (ignoreHours || isOpenAt(location.openingHours, at));
}

/** Orders accepted and not ready per kitchen, in one grouped count over the orders_kitchen_load index. */
export async function kitchenLoads(db: Db, locationIds: readonly number[]): Promise<Map<number, number>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['location_id', eb.fn.countAll<number | string>().as('load')])
    .where('status', 'in', [...KITCHEN_LOAD_STATUSES])
    .where('location_id', 'in', [...locationIds])
    .groupBy('location_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.location_id), Number(row.load)]));
}

export interface KitchenRouting {
  route: KitchenRoute;
  /** The rows and their parsed locations, by id (pricing keeps the row of the kitchen it routed to). */
  rows: Map<number, LocationRow>;
  locations: Map<number, Location>;
}

/**
 * Routes a delivery to `pin` among `rows` (every location, in the store's order). `open` says which
 * kitchens take the order (kitchenTakesOrders with the caller's time); the load is read only when more
 * than one open kitchen could be compared.
 */
export async function routeKitchen(
  db: Db,
  pin: LatLng,
  rows: readonly LocationRow[],
  open: (location: Location) => boolean,
): Promise<KitchenRouting> {
  const locations = rows.map(locationFromRow);
  const openIds = locations.filter(open).map((l) => l.id);
  const loads = openIds.length > 1 ? await kitchenLoads(db, openIds) : new Map<number, number>();
  const candidates: RoutingCandidate[] = locations.map((location) => ({
    location,
    open: openIds.includes(location.id),
    load: loads.get(location.id) ?? 0,
  }));
  return {
    route: routeDelivery(pin, candidates),
    rows: new Map(rows.map((row) => [row.id, row])),
    locations: new Map(locations.map((l) => [l.id, l])),
  };
}

/**
 * The refusal of a delivery no kitchen covers (an order, or the slot list of a pin): 422
 * address_not_deliverable with the nearest kitchen and its distance for the out-of-zone message.
 */
export function addressNotDeliverable(route: KitchenRoute): ApiHttpError {
  const nearest = route.kind === 'out_of_zone' ? route.nearest : null;
  return apiError(
    HTTP_STATUS.UNPROCESSABLE,
    'address_not_deliverable',
    'This address is outside our delivery zone. Please choose a different location.',
    {
      distanceKm: route.kind === 'out_of_zone' ? route.distanceKm : null,
      radiusKm: nearest ? nearest.zone.radiusKm : null,
      nearestLocationId: nearest?.id ?? null,
      nearestLocationName: nearest?.name ?? null,
    },
  );
}
