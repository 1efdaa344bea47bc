/**
 * Orders for later (issue 22): the slots a kitchen still offers, and the slot check when an order
 * for one arrives. The slot rules themselves are the shared pure ones (src/shared/domain/slots.ts,
 * docs/decisions/0134-slot-rules.md); this file feeds them the kitchen's settings and the orders each
 * slot already holds, read from the store.
 *
 * - A slot holds the kitchen's orders that are not cancelled: a scheduled order in its slot, an ASAP
 *   order in the slot it is due in (its ready time once accepted, else placed + the lead time).
 * - The check runs inside the order's creation transaction, after the kitchen's row is locked on
 *   PostgreSQL (SQLite runs one write transaction at a time), so two customers cannot both take a
 *   slot's last place: the second counts the first's order and is refused 409 slot_full.
 * - A queued offline order sent late is checked the same way: a slot that is gone is refused, never
 *   moved to another (the client's needs-review shows the refusal and the next free slots).
 * - The manager's open toggles (the restaurant's and the kitchen's) stop online ordering altogether,
 *   for later too; only the opening hours are read at the slot's time
 *   (docs/decisions/0138-scheduled-orders-on-the-board.md).
 */
import type { Kysely, Transaction } from 'kysely';

import { routeDelivery, slotRefusalAcross, unionOfSlotLists, unionOfSlots } from '../../src/shared/domain/kitchen-routing';
import { isOpenAt } from '../../src/shared/domain/opening-hours';
import type { SlotQuery } from '../../src/shared/domain/slots';
import {
  checkSlot,
  countOrdersBySlot,
  MAX_NEXT_SLOTS,
  nextFreeSlots,
  openSlotsByDay,
  scheduleDates,
  SLOT_MS,
} from '../../src/shared/domain/slots';
import type { SlotCheck } from '../../src/shared/domain/slots';
import type { LatLng } from '../../src/shared/domain/zones';
import type { Slot, SlotsResponse } from '../../src/shared/schemas/scheduling';
import { SCHEDULE_DAYS_AHEAD } from '../../src/shared/schemas/locations';
import type { Location } from '../../src/shared/schemas/restaurant';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import type { KitchenRouting } from '../lib/kitchen-routing';
import { kitchenTakesOrders, routeKitchen } from '../lib/kitchen-routing';
import type { StoreDialect } from '../store/dialect';
import { locationFromRow } from '../store/location-row';
import type { Database, LocationRow } from '../store/schema';
import { SETTINGS_ROW_ID } from '../store/seed';
import { plusMinutes } from './lifecycle';

type Db = Kysely<Database> | Transaction<Database>;

const MS_PER_DAY = 24 * 60 * 60_000;
/**
 * ASAP orders placed this long ago or earlier are due before now, whatever their preparation time:
 * only more recent ones can weigh on a slot still offered.
 */
export const ASAP_LOAD_LOOKBACK_MS = 6 * 60 * 60_000;

/** The kitchen and whether the restaurant as a whole takes online orders (its toggle); null: no such kitchen. */
export async function kitchenOf(db: Db, locationId: number): Promise<{ location: Location; restaurantOpen: boolean } | null> {
  const [row, settings] = await Promise.all([
    db.selectFrom('locations').selectAll().where('id', '=', locationId).executeTakeFirst(),
    db.selectFrom('restaurant_settings').select('is_open').where('id', '=', SETTINGS_ROW_ID).executeTakeFirst(),
  ]);
  if (!row) return null;
  return { location: locationFromRow(row), restaurantOpen: settings?.is_open === 1 };
}

/** Orders per slot (by slotKey) of this kitchen from `now` to the end of the schedule window. */
export async function slotLoadOf(db: Db, location: Pick<Location, 'id' | 'leadMinutes'>, now: Date): Promise<Map<string, number>> {
  const windowEnd = new Date(now.getTime() + (SCHEDULE_DAYS_AHEAD + 1) * MS_PER_DAY).toISOString();
  const [scheduled, asap] = await Promise.all([
    // orders_slot_load (scheduled_for, location_id, status): read from the index alone.
    db
      .selectFrom('orders')
      .select('scheduled_for')
      .where('scheduled_for', '>=', new Date(now.getTime() - SLOT_MS).toISOString())
      .where('scheduled_for', '<', windowEnd)
      .where('location_id', '=', location.id)
      .where('status', '<>', 'cancelled')
      .execute(),
    db
      .selectFrom('orders')
      .select(['created_at', 'ready_at'])
      .where('created_at', '>=', new Date(now.getTime() - ASAP_LOAD_LOOKBACK_MS).toISOString())
      .where('location_id', '=', location.id)
      .where('scheduled_for', 'is', null)
      .where('status', '<>', 'cancelled')
      .execute(),
  ]);
  return countOrdersBySlot([
    ...scheduled.map((row) => new Date(row.scheduled_for!)),
    ...asap.map((row) => (row.ready_at ? new Date(row.ready_at) : plusMinutes(new Date(row.created_at), location.leadMinutes))),
  ]);
}

function slotQueryOf(location: Location, now: Date, booked: ReadonlyMap<string, number>): SlotQuery {
  return { openingHours: location.openingHours, leadMinutes: location.leadMinutes, slotCapacity: location.slotCapacity, now, booked };
}

/** Whether the kitchen takes online orders at all (the restaurant's and its own toggle). */
function takesOrders(kitchen: { location: Location; restaurantOpen: boolean }): boolean {
  return kitchen.restaurantOpen && kitchen.location.isOpen;
}

/** GET /api/locations/:id/slots: the kitchen's open slots by Bucharest date (every date listed), and whether ASAP is offered now. */
export async function slotsOf(db: Db, locationId: number, now: Date): Promise<SlotsResponse | null> {
  const kitchen = await kitchenOf(db, locationId);
  if (!kitchen) return null;
  const { location } = kitchen;
  if (!takesOrders(kitchen)) {
    return { locationId, asapAvailable: false, days: scheduleDates(now).map((date) => ({ date, slots: [] })) };
  }
  const booked = await slotLoadOf(db, location, now);
  return {
    locationId,
    asapAvailable: isOpenAt(location.openingHours, now),
    days: openSlotsByDay(slotQueryOf(location, now, booked)),
  };
}

/**
 * GET /api/locations/slots?lat=&lng= (docs/decisions/0150-routing-weighs-the-slot.md): the slots a
 * delivery to this pin can take, which is every slot any covering kitchen switched on still has, since
 * the order goes to whichever of them has it (routeDeliveryForSlot). Named after the kitchen an order
 * now would go to (the open covering one, nearest, less loaded; none open: the nearest covering one),
 * "As soon as possible" when any of them takes it now. No kitchen covers the pin: `out_of_zone` with
 * the route (its answer names the nearest kitchen).
 */
export async function deliverySlotsOf(
  db: Db,
  pin: LatLng,
  now: Date,
): Promise<{ kind: 'slots'; slots: SlotsResponse } | { kind: 'out_of_zone'; route: KitchenRouting['route'] }> {
  const [rows, settings] = await Promise.all([
    db.selectFrom('locations').selectAll().orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('restaurant_settings').select('is_open').where('id', '=', SETTINGS_ROW_ID).executeTakeFirst(),
  ]);
  const restaurantOpen = settings?.is_open === 1;
  const { route } = await routeKitchen(db, pin, rows, (location) => kitchenTakesOrders(location, restaurantOpen, now));
  if (route.kind !== 'routed' && route.kind !== 'closed') return { kind: 'out_of_zone', route };
  const named = route.kind === 'routed' ? route.kitchen : route.covering[0]!;
  // A kitchen switched off (or the restaurant's toggle off) answers no slots and no ASAP (slotsOf).
  const lists = await Promise.all(route.covering.map((kitchen) => slotsOf(db, kitchen.location.id, now)));
  return {
    kind: 'slots',
    slots: unionOfSlotLists(
      named.location.id,
      lists.filter((list): list is SlotsResponse => list !== null),
    ),
  };
}

/** What a scheduled order stores: its slot and when it reaches the new-orders lane. */
export interface ScheduledTiming {
  scheduledFor: string;
  releaseAt: string;
}

/**
 * The kitchens' rows locked until the transaction ends (PostgreSQL; SQLite writes one transaction at a
 * time), in id order, so two transactions locking several kitchens never wait on each other crosswise.
 */
async function lockKitchens(trx: Transaction<Database>, dialect: StoreDialect, locationIds: readonly number[]): Promise<void> {
  if (dialect !== 'postgres' || locationIds.length === 0) return;
  await trx
    .selectFrom('locations')
    .select('id')
    .where('id', 'in', [...locationIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

async function lockKitchen(trx: Transaction<Database>, dialect: StoreDialect, locationId: number): Promise<void> {
  await lockKitchens(trx, dialect, [locationId]);
}

function refusal(code: 'slot_full' | 'slot_unavailable', message: string, nextSlots: Slot[]) {
  return apiError(code === 'slot_full' ? HTTP_STATUS.CONFLICT : HTTP_STATUS.UNPROCESSABLE, code, message, { nextSlots });
}

/**
 * The slot check of POST /api/orders (inside its transaction): the kitchen's row locked, its slots'
 * orders counted, the requested start checked by the shared rule. Refusals carry the next free slots
 * after the requested one (slotRefusalDetailsSchema): 409 slot_full when the slot filled meanwhile,
 * 422 slot_unavailable when it is not (or no longer) a slot of this kitchen; a kitchen not taking
 * online orders has no slots at all (422, none offered).
 */
export async function reserveSlot(
  trx: Transaction<Database>,
  dialect: StoreDialect,
  input: { locationId: number; slotStart: string; now: Date },
): Promise<ScheduledTiming> {
  await lockKitchen(trx, dialect, input.locationId);
  const kitchen = await kitchenOf(trx, input.locationId);
  if (!kitchen) throw apiError(HTTP_STATUS.NOT_FOUND, 'location_not_found', 'This location does not exist.');
  const requested = new Date(input.slotStart);
  if (!takesOrders(kitchen)) {
    throw refusal('slot_unavailable', 'This kitchen is not taking orders for later right now.', []);
  }
  const query = slotQueryOf(kitchen.location, input.now, await slotLoadOf(trx, kitchen.location, input.now));
  const check = checkSlot(query, requested);
  if (!check.ok) {
    const nextSlots = nextSlotsAfter(query, check, requested, input.now);
    throw check.code === 'slot_full'
      ? refusal('slot_full', 'This time slot has just filled up. Please pick another one.', nextSlots)
      : refusal('slot_unavailable', 'This time slot is not available. Please pick another one.', nextSlots);
  }
  return {
    scheduledFor: check.slot.start,
    releaseAt: plusMinutes(new Date(check.slot.start), -kitchen.location.leadMinutes).toISOString(),
  };
}

/** The next free slots after a refused start (the customer wanted about then; from now when it was beyond the window or not a time). */
function nextSlotsAfter(query: SlotQuery, check: SlotCheck, requested: Date, now: Date): Slot[] {
  const after = (!check.ok && check.reason === 'too_far_ahead') || !Number.isFinite(requested.getTime()) ? now : requested;
  return nextFreeSlots(query, after, MAX_NEXT_SLOTS);
}

/**
 * The routing step of a delivery for later (issue 22: "the open location whose zone covers the pin and
 * that can make it soonest"; docs/decisions/0150-routing-weighs-the-slot.md), inside the order's
 * transaction: every kitchen covering the pin and switched on is locked (PostgreSQL, in id order), its
 * orders in the slots counted, and the requested slot checked against its own hours, lead time and
 * capacity. The order goes to a kitchen that has the slot: the nearest of them, then the less loaded
 * (the shared routeDelivery with "open" read as "has the slot"). A slot full at the nearer kitchen
 * goes to the farther one that still has room.
 *
 * None has it: 409 slot_full when it is full where it would be a slot, else 422 slot_unavailable, with
 * the next free slots of all the covering kitchens together (any of them would take the order). The
 * route answers `closed` only when every covering kitchen is switched off, `out_of_zone` /
 * `no_locations` as routeKitchen does. The caller's reserveSlot on the chosen kitchen counts again under
 * the same locks, so it agrees.
 */
export async function routeDeliveryForSlot(
  trx: Transaction<Database>,
  dialect: StoreDialect,
  input: { pin: LatLng; rows: readonly LocationRow[]; restaurantOpen: boolean; slotStart: string; now: Date },
): Promise<KitchenRouting> {
  const weighed = await weighDeliverySlot(trx, input, (ids) => lockKitchens(trx, dialect, ids));
  if (!weighed.refused) return weighed.routing;
  const { code, nextSlots } = weighed.refused;
  throw code === 'slot_full'
    ? refusal('slot_full', 'This time slot has just filled up. Please pick another one.', nextSlots)
    : refusal('slot_unavailable', 'This time slot is not available. Please pick another one.', nextSlots);
}

/**
 * routeDeliveryForSlot's weighing without the refusal (and, outside an order's transaction, without
 * locks): the routing, and when covering kitchens are switched on but none has the slot, why and their
 * next free slots together. For a preview of where an order for later would go
 * (GET /api/addresses/:id/kitchen?slotStart=) that must agree with the order.
 */
export async function weighDeliverySlot(
  db: Db,
  input: { pin: LatLng; rows: readonly LocationRow[]; restaurantOpen: boolean; slotStart: string; now: Date },
  lock: (locationIds: readonly number[]) => Promise<void> = () => Promise.resolve(),
): Promise<{ routing: KitchenRouting; refused: { code: 'slot_full' | 'slot_unavailable'; nextSlots: Slot[] } | null }> {
  const { pin, rows, now } = input;
  const locations = rows.map(locationFromRow);
  const switchedOn = (location: Location) => input.restaurantOpen && location.isOpen;
  // Which kitchens cover the pin at all (distance and fee bands only): those are the ones to lock and count.
  const coverage = routeDelivery(
    pin,
    locations.map((location) => ({ location, open: switchedOn(location), load: 0 })),
  );
  if (coverage.kind !== 'routed') return { routing: await routeKitchen(db, pin, rows, () => false), refused: null };
  const candidates = coverage.covering.filter((kitchen) => kitchen.open).map((kitchen) => kitchen.location.id);
  await lock(candidates);
  const requested = new Date(input.slotStart);
  const checked = new Map<number, { query: SlotQuery; check: SlotCheck }>();
  for (const location of locations.filter((l) => candidates.includes(l.id))) {
    const query = slotQueryOf(location, now, await slotLoadOf(db, location, now));
    checked.set(location.id, { query, check: checkSlot(query, requested) });
  }
  const routing = await routeKitchen(db, pin, rows, (location) => checked.get(location.id)?.check.ok === true);
  if (routing.route.kind === 'routed') return { routing, refused: null };
  const refused = [...checked.values()];
  return {
    routing,
    refused: {
      code: slotRefusalAcross(refused.map(({ check }) => check)),
      nextSlots: unionOfSlots(
        refused.map(({ query, check }) => nextSlotsAfter(query, check, requested, now)),
        MAX_NEXT_SLOTS,
      ),
    },
  };
}

/** When an order reaches the new-orders lane: a scheduled order at its release time, any other at once. */
export function onBoardFrom(now: Date, releaseAt: string | null): Date {
  if (releaseAt === null) return now;
  const release = new Date(releaseAt);
  return release.getTime() > now.getTime() ? release : now;
}
