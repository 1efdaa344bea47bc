/**
 * Which kitchen cooks a delivery (issue 22), and the order the pickup list shows the kitchens in.
 * Pure; the API routes every delivery order (authoritative), the PWA only displays the answer.
 * Rules and edges: docs/decisions/0135-routing-and-fee-band-edges.md.
 *
 * A kitchen covers a pin when its zone holds it (a radius today, compared before rounding as
 * zones.ts's decideDelivery does) and its fee bands price that distance. Among the covering kitchens
 * that are open, the one that can make it soonest gets it: the nearest (by the distance as shown,
 * 0.1 km), then the lower current load (orders accepted and not ready), then the lower id so the
 * answer never depends on list order.
 */
import type { DeliveryFeeBand, DeliveryZone, LocationOperations } from '../schemas/locations';
import type { DeliveryRoute, Slot, SlotsResponse } from '../schemas/scheduling';
import type { Location } from '../schemas/restaurant';
import { feeBandFor } from './delivery-fees';
import type { SlotCheck } from './slots';
import type { LatLng } from './zones';
import { haversineKm, roundKm } from './zones';

/** What routing reads of a location (a Location carries all of it). */
export type RoutableLocation = Pick<Location, 'id' | 'name' | 'latitude' | 'longitude'> &
  Pick<LocationOperations, 'zone' | 'deliveryFees' | 'minimumOrderBani'>;

export interface RoutingCandidate {
  location: RoutableLocation;
  /**
   * Whether this kitchen takes the order: the caller's reading of the kitchen's toggle, the
   * restaurant-wide toggle and the hours (now for ASAP, at the slot for an order for later).
   */
  open: boolean;
  /** Orders accepted and not ready at this kitchen now. */
  load: number;
}

export interface CoveringKitchen {
  location: RoutableLocation;
  open: boolean;
  load: number;
  /** Unrounded, for ordering and the zone edge. */
  exactDistanceKm: number;
  /** Rounded to 0.1 km, as shown. */
  distanceKm: number;
  band: DeliveryFeeBand;
}

export type KitchenRoute =
  /** An open kitchen covers the pin: `kitchen` cooks it; `covering` lists every covering kitchen, best first. */
  | { kind: 'routed'; kitchen: CoveringKitchen; covering: CoveringKitchen[] }
  /**
   * Kitchens cover the pin but none is open: `covering`, nearest first. ASAP delivery is refused as
   * closed; an order for later is routed by the caller asking again with `open` read at the slot.
   */
  | { kind: 'closed'; covering: CoveringKitchen[] }
  /** No kitchen covers the pin: the nearest kitchen and its distance, for the out-of-zone message. */
  | { kind: 'out_of_zone'; nearest: RoutableLocation; distanceKm: number }
  /** No kitchens at all (a misconfigured restaurant). */
  | { kind: 'no_locations' };

/** Whether `zone` around `base` holds the pin `exactDistanceKm` away (room for a drawn polygon later). */
export function zoneCovers(zone: DeliveryZone, exactDistanceKm: number): boolean {
  switch (zone.kind) {
    case 'radius':
      return exactDistanceKm <= zone.radiusKm;
  }
}

function byDistanceThenId<T extends { distanceKm: number; location: { id: number } }>(a: T, b: T): number {
  return a.distanceKm - b.distanceKm || a.location.id - b.location.id;
}

/** The kitchen that cooks a delivery to `pin`, or why none does. */
export function routeDelivery(pin: LatLng, candidates: readonly RoutingCandidate[]): KitchenRoute {
  if (candidates.length === 0) return { kind: 'no_locations' };
  const measured = candidates.map((candidate) => {
    const exactDistanceKm = haversineKm(candidate.location, pin);
    return { ...candidate, exactDistanceKm, distanceKm: roundKm(exactDistanceKm) };
  });
  const covering: CoveringKitchen[] = [];
  for (const kitchen of measured) {
    if (!zoneCovers(kitchen.location.zone, kitchen.exactDistanceKm)) continue;
    // A zone wider than the fee bands: the ring beyond the last band is not delivered (no price for it).
    const band = feeBandFor(kitchen.location.deliveryFees, kitchen.exactDistanceKm);
    if (band) covering.push({ ...kitchen, band });
  }
  if (covering.length === 0) {
    const nearest = [...measured].sort((a, b) => a.exactDistanceKm - b.exactDistanceKm || a.location.id - b.location.id)[0]!;
    return { kind: 'out_of_zone', nearest: nearest.location, distanceKm: nearest.distanceKm };
  }
  const best = [...covering].sort(
    (a, b) => Number(b.open) - Number(a.open) || a.distanceKm - b.distanceKm || a.load - b.load || a.location.id - b.location.id,
  );
  if (!best[0]!.open) return { kind: 'closed', covering: [...covering].sort(byDistanceThenId) };
  return { kind: 'routed', kitchen: best[0]!, covering: best };
}

/**
 * The contract's DeliveryRoute (GET /api/addresses/:id/kitchen, the checkout summary). A pin covered
 * only by closed kitchens answers with the nearest of them as 'routed': it is the kitchen that would
 * cook it, and the location's own status says it is closed now (ordering for later stays possible).
 * Null when there are no locations at all.
 */
export function toDeliveryRoute(route: KitchenRoute): DeliveryRoute | null {
  switch (route.kind) {
    case 'routed':
    case 'closed': {
      const kitchen = route.kind === 'routed' ? route.kitchen : route.covering[0]!;
      return {
        kind: 'routed',
        locationId: kitchen.location.id,
        locationName: kitchen.location.name,
        distanceKm: kitchen.distanceKm,
        bandFeeBani: kitchen.band.feeBani,
        freeAboveBani: kitchen.location.deliveryFees.freeAboveBani,
        minimumOrderBani: kitchen.location.minimumOrderBani,
      };
    }
    case 'out_of_zone':
      return {
        kind: 'out_of_zone',
        nearestLocationId: route.nearest.id,
        nearestLocationName: route.nearest.name,
        distanceKm: route.distanceKm,
      };
    case 'no_locations':
      return null;
  }
}

export interface PickupChoice<T> {
  location: T;
  /** From the pin, rounded to 0.1 km; null without a pin. */
  distanceKm: number | null;
}

/**
 * The pickup list: nearest first from `pin` (the customer's default address), ties in the given
 * order; without a pin (or an unusable one) the given order unchanged.
 */
export function orderForPickup<T extends LatLng>(locations: readonly T[], pin: LatLng | null | undefined): PickupChoice<T>[] {
  if (!pin || !Number.isFinite(pin.latitude) || !Number.isFinite(pin.longitude)) {
    return locations.map((location) => ({ location, distanceKm: null }));
  }
  return locations
    .map((location, index) => ({ location, index, exact: haversineKm(location, pin) }))
    .sort((a, b) => a.exact - b.exact || a.index - b.index)
    .map(({ location, exact }) => ({ location, distanceKm: roundKm(exact) }));
}

/**
 * An order for later to a pin covered by several kitchens (docs/decisions/0150-routing-weighs-the-slot.md):
 * each covering kitchen switched on has checked the requested slot against its own hours, lead time and
 * orders in that slot. The order goes to the kitchen that has the slot, nearest first, then the less
 * loaded (routeDelivery with `open` = "has the slot"); this says why none has it: full when at least one
 * covering kitchen would have offered the slot but it is full there (409: pick another time), else not a
 * slot of any of them (422).
 */
export function slotRefusalAcross(checks: readonly SlotCheck[]): 'slot_full' | 'slot_unavailable' {
  // The codes as literals (the contract's SLOT_*_CODE): a value import of the schemas module would pull
  // zod into every chunk that routes a delivery.
  return checks.some((check) => !check.ok && check.reason === 'full') ? 'slot_full' : 'slot_unavailable';
}

/**
 * Several kitchens' slot lists as one: every start any of them offers, once, earliest first, at most
 * `limit` (the refusal's next free slots across the covering kitchens).
 */
export function unionOfSlots(lists: readonly (readonly Slot[])[], limit = Number.POSITIVE_INFINITY): Slot[] {
  const byStart = new Map<number, Slot>();
  for (const list of lists) for (const slot of list) if (!byStart.has(Date.parse(slot.start))) byStart.set(Date.parse(slot.start), slot);
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .slice(0, limit)
    .map(([, slot]) => slot);
}

/**
 * The slots a delivery to a pin can take: the union of its covering kitchens' lists (each kitchen's own
 * answer of GET /api/locations/:id/slots), date by date, with "As soon as possible" when any of them
 * takes it now; named after `locationId` (the kitchen an order now would go to). Dates are the same
 * seven in every list (one clock); a date missing from one list is taken from the others.
 */
export function unionOfSlotLists(locationId: number, lists: readonly SlotsResponse[]): SlotsResponse {
  const dates: string[] = [];
  const byDate = new Map<string, Slot[][]>();
  for (const list of lists) {
    for (const day of list.days) {
      if (!byDate.has(day.date)) {
        byDate.set(day.date, []);
        dates.push(day.date);
      }
      byDate.get(day.date)!.push(day.slots);
    }
  }
  return {
    locationId,
    asapAvailable: lists.some((list) => list.asapAvailable),
    days: dates.sort().map((date) => ({ date, slots: unionOfSlots(byDate.get(date)!) })),
  };
}
