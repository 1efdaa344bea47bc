import { describe, expect, it } from 'vitest';

import { deliveryRouteSchema } from '../schemas/scheduling';
import type { RoutableLocation, RoutingCandidate } from './kitchen-routing';
import { orderForPickup, routeDelivery, slotRefusalAcross, toDeliveryRoute, unionOfSlotLists, unionOfSlots } from './kitchen-routing';
import type { SlotQuery } from './slots';
import { checkSlot } from './slots';
import { DAILY_11_TO_22 } from './opening-hours';
import { haversineKm } from './zones';

// Two Ploiești kitchens about 2.2 km apart: North (5 km zone) and South (3 km zone).
const NORTH: RoutableLocation = {
  id: 1,
  name: 'North',
  latitude: 44.9537,
  longitude: 26.0224,
  zone: { kind: 'radius', radiusKm: 5 },
  deliveryFees: {
    bands: [
      { upToKm: 3, feeBani: 0 },
      { upToKm: 5, feeBani: 999 },
    ],
    freeAboveBani: 12_000,
  },
  minimumOrderBani: 4000,
};
const SOUTH: RoutableLocation = {
  id: 2,
  name: 'South',
  latitude: 44.9352,
  longitude: 26.0318,
  zone: { kind: 'radius', radiusKm: 3 },
  deliveryFees: { bands: [{ upToKm: 3, feeBani: 500 }], freeAboveBani: null },
  minimumOrderBani: 3000,
};

const candidate = (location: RoutableLocation, open = true, load = 0): RoutingCandidate => ({ location, open, load });

const NEAR_SOUTH = { latitude: 44.938, longitude: 26.03 }; // inside both zones, much nearer South
const FAR_NORTH = { latitude: 44.99, longitude: 26.0224 }; // ~4 km from North, ~6 km from South
const CAMPINA = { latitude: 45.125, longitude: 25.735 }; // outside both

describe('routing a delivery to a kitchen', () => {
  it('inside both zones: the nearer kitchen', () => {
    const route = routeDelivery(NEAR_SOUTH, [candidate(NORTH), candidate(SOUTH)]);
    expect(route.kind).toBe('routed');
    if (route.kind !== 'routed') return;
    expect(route.kitchen.location.id).toBe(2);
    expect(route.covering.map((k) => k.location.id)).toEqual([2, 1]);
    const answer = toDeliveryRoute(route);
    expect(answer).toEqual({
      kind: 'routed',
      locationId: 2,
      locationName: 'South',
      distanceKm: Math.round(haversineKm(SOUTH, NEAR_SOUTH) * 10) / 10,
      bandFeeBani: 500,
      freeAboveBani: null,
      minimumOrderBani: 3000,
    });
    expect(deliveryRouteSchema.parse(answer)).toEqual(answer);
  });

  it('inside one zone: that kitchen, with its band fee, threshold and minimum', () => {
    const route = routeDelivery(FAR_NORTH, [candidate(SOUTH), candidate(NORTH)]);
    expect(toDeliveryRoute(route)).toMatchObject({
      kind: 'routed',
      locationId: 1,
      locationName: 'North',
      bandFeeBani: 999,
      freeAboveBani: 12_000,
      minimumOrderBani: 4000,
    });
    expect(toDeliveryRoute(route)).toMatchObject({ distanceKm: Math.round(haversineKm(NORTH, FAR_NORTH) * 10) / 10 });
    expect(haversineKm(SOUTH, FAR_NORTH)).toBeGreaterThan(3);
  });

  it('inside no zone: out of zone, naming the nearest kitchen and its distance', () => {
    const route = routeDelivery(CAMPINA, [candidate(SOUTH), candidate(NORTH)]);
    const expectedKm = Math.round(haversineKm(NORTH, CAMPINA) * 10) / 10;
    expect(expectedKm).toBeGreaterThan(20);
    expect(route).toEqual({ kind: 'out_of_zone', nearest: NORTH, distanceKm: expectedKm });
    expect(toDeliveryRoute(route)).toEqual({
      kind: 'out_of_zone',
      nearestLocationId: 1,
      nearestLocationName: 'North',
      distanceKm: expectedKm,
    });
  });

  it('one kitchen closed: the open one that covers the pin, even if farther', () => {
    const route = routeDelivery(NEAR_SOUTH, [candidate(NORTH), candidate(SOUTH, false)]);
    expect(route.kind === 'routed' && route.kitchen.location.id).toBe(1);
    // The closed kitchen is the only one covering: closed, not out of zone.
    const southOnly = { latitude: 44.9106, longitude: 26.0442 }; // 2.9 km past South, away from North
    expect(haversineKm(SOUTH, southOnly)).toBeLessThan(3);
    expect(haversineKm(NORTH, southOnly)).toBeGreaterThan(5);
    const onlySouthCovers = routeDelivery(southOnly, [candidate(NORTH), candidate(SOUTH, false)]);
    expect(onlySouthCovers.kind).toBe('closed');
    expect(toDeliveryRoute(onlySouthCovers)).toMatchObject({ kind: 'routed', locationId: 2 });
    // Both closed: the covering ones nearest first.
    const bothClosed = routeDelivery(NEAR_SOUTH, [candidate(NORTH, false), candidate(SOUTH, false)]);
    expect(bothClosed.kind === 'closed' && bothClosed.covering.map((k) => k.location.id)).toEqual([2, 1]);
  });

  it('at the same distance: the lower load, then the lower id', () => {
    // Two kitchens on the same meridian, the pin halfway between them.
    const west = { ...NORTH, id: 7, name: 'A', latitude: 44.96, longitude: 26.02 };
    const east = { ...NORTH, id: 3, name: 'B', latitude: 44.94, longitude: 26.02 };
    const pin = { latitude: 44.95, longitude: 26.02 };
    expect(haversineKm(west, pin)).toBeCloseTo(haversineKm(east, pin), 9);
    const byLoad = routeDelivery(pin, [candidate(east, true, 4), candidate(west, true, 1)]);
    expect(byLoad.kind === 'routed' && byLoad.kitchen.location.id).toBe(7);
    const loadReversed = routeDelivery(pin, [candidate(east, true, 1), candidate(west, true, 4)]);
    expect(loadReversed.kind === 'routed' && loadReversed.kitchen.location.id).toBe(3);
    // Equal load: the lower id, whatever the order given.
    for (const list of [
      [candidate(west, true, 2), candidate(east, true, 2)],
      [candidate(east, true, 2), candidate(west, true, 2)],
    ]) {
      const route = routeDelivery(pin, list);
      expect(route.kind === 'routed' && route.kitchen.location.id).toBe(3);
    }
    // Load never beats distance.
    const nearerButBusy = routeDelivery(NEAR_SOUTH, [candidate(NORTH, true, 0), candidate(SOUTH, true, 50)]);
    expect(nearerButBusy.kind === 'routed' && nearerButBusy.kitchen.location.id).toBe(2);
  });

  it('does not deliver beyond the last fee band, even inside the radius; the zone edge is inclusive', () => {
    const wideZone: RoutableLocation = { ...NORTH, zone: { kind: 'radius', radiusKm: 10 } };
    expect(routeDelivery(FAR_NORTH, [candidate(wideZone)]).kind).toBe('routed');
    const beyondBands = { latitude: 45.0237, longitude: 26.0224 }; // ~7.8 km north: inside 10 km, past the 5 km band
    expect(routeDelivery(beyondBands, [candidate(wideZone)])).toMatchObject({ kind: 'out_of_zone', nearest: { id: 1 } });
    const exact = haversineKm(NORTH, FAR_NORTH);
    const edgeZone: RoutableLocation = {
      ...NORTH,
      zone: { kind: 'radius', radiusKm: exact },
      deliveryFees: { bands: [{ upToKm: 25, feeBani: 100 }], freeAboveBani: null },
    };
    expect(routeDelivery(FAR_NORTH, [candidate(edgeZone)]).kind).toBe('routed');
    expect(routeDelivery(FAR_NORTH, [candidate({ ...edgeZone, zone: { kind: 'radius', radiusKm: exact - 1e-9 } })]).kind).toBe(
      'out_of_zone',
    );
  });

  it('answers no_locations (null route) without kitchens', () => {
    expect(routeDelivery(NEAR_SOUTH, [])).toEqual({ kind: 'no_locations' });
    expect(toDeliveryRoute({ kind: 'no_locations' })).toBeNull();
  });
});

describe('the pickup list', () => {
  it('puts the nearest kitchen first from the default address', () => {
    expect(orderForPickup([NORTH, SOUTH], NEAR_SOUTH).map((choice) => [choice.location.id, choice.distanceKm])).toEqual([
      [2, Math.round(haversineKm(SOUTH, NEAR_SOUTH) * 10) / 10],
      [1, Math.round(haversineKm(NORTH, NEAR_SOUTH) * 10) / 10],
    ]);
    expect(orderForPickup([SOUTH, NORTH], FAR_NORTH).map((choice) => choice.location.id)).toEqual([1, 2]);
  });

  it('keeps the given order without a pin', () => {
    expect(orderForPickup([SOUTH, NORTH], null)).toEqual([
      { location: SOUTH, distanceKm: null },
      { location: NORTH, distanceKm: null },
    ]);
    expect(orderForPickup([NORTH, SOUTH], { latitude: Number.NaN, longitude: 26 }).map((c) => c.location.id)).toEqual([1, 2]);
  });
});

describe('an order for later: the covering kitchen that has the slot (decision 0150)', () => {
  const now = new Date('2026-11-22T12:00:00.000Z'); // Sunday 14:00 in Bucharest
  const SLOT = new Date('2026-11-22T16:00:00.000Z');
  const query = (booked: Record<string, number> = {}, capacity = 1): SlotQuery => ({
    openingHours: DAILY_11_TO_22,
    leadMinutes: 30,
    slotCapacity: capacity,
    now,
    booked: new Map(Object.entries(booked)),
  });
  const slot = (iso: string) => ({ start: iso, end: new Date(Date.parse(iso) + 15 * 60_000).toISOString() });

  it('the slot full at the nearer kitchen: the farther covering kitchen that has it', () => {
    const northCheck = checkSlot(query(), SLOT);
    const southCheck = checkSlot(query({ [SLOT.toISOString()]: 1 }), SLOT);
    expect(southCheck).toMatchObject({ ok: false, reason: 'full' });
    const route = routeDelivery(NEAR_SOUTH, [candidate(NORTH, northCheck.ok), candidate(SOUTH, southCheck.ok)]);
    expect(route.kind === 'routed' && route.kitchen.location.id).toBe(1);
    // With room at both, the nearer, whatever the load of the farther.
    const both = routeDelivery(NEAR_SOUTH, [candidate(NORTH, true, 0), candidate(SOUTH, true, 9)]);
    expect(both.kind === 'routed' && both.kitchen.location.id).toBe(2);
  });

  it('none has it: full when it is full at one of them, else not a slot', () => {
    const full = checkSlot(query({ [SLOT.toISOString()]: 1 }), SLOT);
    const closed = checkSlot(query(), new Date('2026-11-22T21:00:00.000Z'));
    const tooSoon = checkSlot(query(), new Date('2026-11-22T12:15:00.000Z'));
    expect(closed).toMatchObject({ ok: false, reason: 'outside_hours' });
    expect(slotRefusalAcross([full, closed])).toBe('slot_full');
    expect(slotRefusalAcross([closed, full])).toBe('slot_full');
    expect(slotRefusalAcross([closed, tooSoon])).toBe('slot_unavailable');
    expect(slotRefusalAcross([])).toBe('slot_unavailable');
  });

  it('the next free slots of several kitchens: each start once, earliest first, at most the limit', () => {
    const a = [slot('2026-11-22T16:30:00.000Z'), slot('2026-11-22T16:45:00.000Z'), slot('2026-11-22T17:00:00.000Z')];
    const b = [slot('2026-11-22T16:15:00.000Z'), slot('2026-11-22T16:45:00.000Z')];
    expect(unionOfSlots([a, b]).map((s) => s.start)).toEqual([
      '2026-11-22T16:15:00.000Z',
      '2026-11-22T16:30:00.000Z',
      '2026-11-22T16:45:00.000Z',
      '2026-11-22T17:00:00.000Z',
    ]);
    expect(unionOfSlots([a, b], 2).map((s) => s.start)).toEqual(['2026-11-22T16:15:00.000Z', '2026-11-22T16:30:00.000Z']);
    expect(unionOfSlots([])).toEqual([]);
  });

  it('the slot lists of the covering kitchens as one: date by date, ASAP when any takes it', () => {
    const north = {
      locationId: 1,
      asapAvailable: false,
      days: [
        { date: '2026-11-22', slots: [slot('2026-11-22T16:00:00.000Z')] },
        { date: '2026-11-23', slots: [] },
      ],
    };
    const south = {
      locationId: 2,
      asapAvailable: true,
      days: [
        { date: '2026-11-22', slots: [slot('2026-11-22T15:45:00.000Z'), slot('2026-11-22T16:00:00.000Z')] },
        { date: '2026-11-23', slots: [slot('2026-11-23T09:00:00.000Z')] },
      ],
    };
    expect(unionOfSlotLists(1, [north, south])).toEqual({
      locationId: 1,
      asapAvailable: true,
      days: [
        { date: '2026-11-22', slots: [slot('2026-11-22T15:45:00.000Z'), slot('2026-11-22T16:00:00.000Z')] },
        { date: '2026-11-23', slots: [slot('2026-11-23T09:00:00.000Z')] },
      ],
    });
    expect(unionOfSlotLists(2, [north])).toEqual({ ...north, locationId: 2 });
  });
});
