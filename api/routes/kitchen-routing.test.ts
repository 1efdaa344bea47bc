/**
 * Issue 22, two kitchens (docs/decisions/0136-each-kitchen-runs-its-own-delivery.md,
 * 0137-location-save-and-the-restaurant-wide-fields.md): a delivery goes to the open kitchen whose
 * zone covers the pin (nearest, then the less loaded), priced by that kitchen's fee bands and free
 * threshold and held to its minimum; GET /api/addresses/:id/kitchen answers the same; the manager
 * saves one kitchen with PUT /api/admin/locations/:id; the status answers each kitchen's own toggle.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { DeliveryFees } from '../../src/shared/schemas/locations';
import type { DeliveryRoute } from '../../src/shared/schemas/scheduling';
import { deliveryRouteSchema } from '../../src/shared/schemas/scheduling';
import type { LiveEvent, LocationUpdate } from '../../src/shared/schemas/admin';
import { LOCATION_CONFLICT_CODE, locationHoursResponseSchema, restaurantStatusSchema } from '../../src/shared/schemas/admin';
import type { Location } from '../../src/shared/schemas/restaurant';
import { restaurantInfoSchema } from '../../src/shared/schemas/restaurant';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp, OPEN_HOURS_INSTANT } from '../../tests/setup/test-app';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import {
  CUSTOMER,
  insertAddress,
  loadCatalogue,
  minimalModifiers,
  pickupBody,
  placeOrder,
  postOrder,
} from '../../tests/integration/order-fixtures';
import { createLegApp, postgresLegRuns } from '../../tests/setup/store-legs';
import { kitchenLoads } from '../lib/kitchen-routing';
import { EAST, MIDDLE, NEAR_WEST, seededKitchenIds, setKitchen, WEST } from '../../tests/fixtures/two-kitchens';
import { SETTINGS_ROW_ID } from '../store/seed';

/** The two kitchens of tests/fixtures/two-kitchens.ts, each with a 5 km zone. */
const NEAR_EAST = { latitude: 44.95, longitude: 26.09 };
/** ~4 km west of the west kitchen: its 3-5 km band, outside the east zone. */
const FOUR_KM_WEST = { latitude: 44.95, longitude: 25.949 };
/** ~16 km south of both: no zone. */
const FAR_SOUTH = { latitude: 44.8, longitude: 26.05 };

const WEST_FEES: DeliveryFees = {
  bands: [
    { upToKm: 3, feeBani: 0 },
    { upToKm: 5, feeBani: 999 },
  ],
  freeAboveBani: null,
};
const ONE_FREE_BAND: DeliveryFees = { bands: [{ upToKm: 5, feeBani: 0 }], freeAboveBani: null };

let t: TestApp;
let alice: TestUser;
let admin: TestUser;
let catalogue: CatalogueItem[];
let westId: number;
let eastId: number;

const plain = () => catalogue.find((item) => minimalModifiers(item).length === 0 && item.priceBani > 0)!;

function deliveryBody(addressId: number, quantity = 1) {
  return {
    items: [{ menuItemId: plain().id, quantity, modifierIds: [] }],
    fulfilment: { type: 'delivery' as const, addressId },
    paymentMethod: 'cash' as const,
    customer: CUSTOMER,
  };
}

async function kitchenFor(addressId: number, who: TestUser = alice): Promise<DeliveryRoute> {
  const response = await t.request(`/api/addresses/${addressId}/kitchen`, { headers: { cookie: who.cookie } });
  expect(response.status).toBe(200);
  return deliveryRouteSchema.parse(await response.json());
}

async function locationsNow(): Promise<Location[]> {
  return restaurantInfoSchema.parse(await (await t.request('/api/restaurant')).json()).locations;
}

async function current(id: number): Promise<Location> {
  return (await locationsNow()).find((l) => l.id === id)!;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t);
  admin = await createUserWithSession(t, { role: 'admin' });
  catalogue = await loadCatalogue(t);
  [westId, eastId] = await seededKitchenIds(t.deps.store.db);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.clock.set(OPEN_HOURS_INSTANT);
  await t.deps.store.db
    .updateTable('restaurant_settings')
    .set({ is_open: 1, minimum_order_applies_to_pickup: 0 })
    .where('id', '=', SETTINGS_ROW_ID)
    .execute();
  await t.deps.store.db
    .updateTable('locations')
    .set({ is_open: 1, minimum_order_bani: 0, delivery_zone: JSON.stringify({ kind: 'radius', radiusKm: 5 }) })
    .execute();
  await setKitchen(t.deps.store.db, westId, { point: WEST, fees: WEST_FEES });
  await setKitchen(t.deps.store.db, eastId, { point: EAST, fees: ONE_FREE_BAND });
  // Nothing in either kitchen: each test makes its own load.
  await t.deps.store.db.updateTable('orders').set({ status: 'delivered' }).execute();
});

describe('a delivery is routed to a kitchen', () => {
  it('inside one zone: that kitchen cooks it, the distance is from it, the order stores it', async () => {
    const west = await placeOrder(t, alice, deliveryBody(await insertAddress(t, alice.id, NEAR_WEST)));
    expect(west.kitchenLocationId).toBe(westId);
    expect(west.deliveryZoneName).toBe('0.8 km Center');
    const east = await placeOrder(t, alice, deliveryBody(await insertAddress(t, alice.id, NEAR_EAST)));
    expect(east.kitchenLocationId).toBe(eastId);
    expect(east.deliveryZoneName).toBe('0.8 km Center');
    const stored = await t.deps.store.db
      .selectFrom('orders')
      .select('location_id')
      .where('order_number', '=', east.orderNumber)
      .executeTakeFirstOrThrow();
    expect(stored.location_id).toBe(eastId);
    // A delivery is not a pickup: the kitchen is not shown as a pickup location.
    expect(east.pickupLocation).toBeNull();
  });

  it('inside both zones: the nearer kitchen; at the same distance the less loaded one, then the lower id', async () => {
    const nearerWest = { latitude: 44.95, longitude: 26.04 };
    expect((await placeOrder(t, alice, deliveryBody(await insertAddress(t, alice.id, nearerWest)))).kitchenLocationId).toBe(westId);

    const middle = await insertAddress(t, alice.id, MIDDLE);
    // Equal distance, equal load (none): the lower id.
    expect((await placeOrder(t, alice, deliveryBody(middle))).kitchenLocationId).toBe(Math.min(westId, eastId));
    expect((await kitchenFor(middle)).kind).toBe('routed');

    // Two orders accepted and cooking at the lower-id kitchen: the other one gets the next.
    const busyId = Math.min(westId, eastId);
    const freeId = Math.max(westId, eastId);
    const first = await placeOrder(t, alice, deliveryBody(middle));
    const second = await placeOrder(t, alice, deliveryBody(middle));
    await t.deps.store.db
      .updateTable('orders')
      .set({ location_id: busyId, status: 'confirmed' })
      .where('order_number', '=', first.orderNumber)
      .execute();
    await t.deps.store.db
      .updateTable('orders')
      .set({ location_id: busyId, status: 'sent to kitchen' })
      .where('order_number', '=', second.orderNumber)
      .execute();
    expect((await placeOrder(t, alice, deliveryBody(middle))).kitchenLocationId).toBe(freeId);
    expect(await kitchenFor(middle)).toMatchObject({ kind: 'routed', locationId: freeId });

    // Orders not yet accepted, or out for delivery, are not load: ready or not the kitchen's yet.
    await t.deps.store.db
      .updateTable('orders')
      .set({ status: 'out for delivery' })
      .where('order_number', '=', second.orderNumber)
      .execute();
    await t.deps.store.db
      .updateTable('orders')
      .set({ location_id: freeId, status: 'preparing' })
      .where('order_number', '=', first.orderNumber)
      .execute();
    // Now the other kitchen has one order cooking and the first none: the first takes the next.
    expect((await placeOrder(t, alice, deliveryBody(middle))).kitchenLocationId).toBe(busyId);
  });

  it('in no zone: the out-of-zone refusal names the nearest kitchen and its distance', async () => {
    const addressId = await insertAddress(t, alice.id, FAR_SOUTH);
    const response = await postOrder(t, alice, deliveryBody(addressId));
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { code: string; details: Record<string, unknown> } };
    expect(error.code).toBe('address_not_deliverable');
    expect(error.details).toMatchObject({ nearestLocationId: expect.any(Number), nearestLocationName: expect.any(String), radiusKm: 5 });
    expect(error.details.distanceKm as number).toBeGreaterThan(16);
    const route = await kitchenFor(addressId);
    expect(route).toEqual({
      kind: 'out_of_zone',
      nearestLocationId: error.details.nearestLocationId,
      nearestLocationName: error.details.nearestLocationName,
      distanceKm: error.details.distanceKm,
    });
  });

  it('a kitchen switched off takes no delivery: the other covering kitchen does, or none; the status says it is closed', async () => {
    await setKitchen(t.deps.store.db, westId, { isOpen: false });
    // Middle: both cover it, only the east one is on.
    expect((await placeOrder(t, alice, deliveryBody(await insertAddress(t, alice.id, MIDDLE)))).kitchenLocationId).toBe(eastId);
    // Near west: only the west kitchen covers it, and it is off.
    const nearWest = await insertAddress(t, alice.id, NEAR_WEST);
    const refused = await postOrder(t, alice, deliveryBody(nearWest));
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string; details: unknown } }).error).toMatchObject({
      code: 'restaurant_closed',
      details: { nextOpeningAt: null },
    });
    // The checkout still learns which kitchen it is (closed now; the status says so).
    expect(await kitchenFor(nearWest)).toMatchObject({ kind: 'routed', locationId: westId });

    const status = restaurantStatusSchema.parse(await (await t.request('/api/restaurant/status')).json());
    expect(status.locations.find((l) => l.id === westId)).toMatchObject({ isOpen: false, nextOpeningAt: null, closesAt: null });
    expect(status.locations.find((l) => l.id === eastId)).toMatchObject({ isOpen: true });
    expect(status.isOpen).toBe(true);
    expect((await locationsNow()).find((l) => l.id === westId)!.isOpen).toBe(false);

    // Pickup from the switched-off kitchen is refused too.
    const pickup = await postOrder(t, alice, pickupBody(westId, [plain()]));
    expect(pickup.status).toBe(422);
    expect(((await pickup.json()) as { error: { code: string } }).error.code).toBe('restaurant_closed');

    // The restaurant-wide toggle still closes every kitchen.
    await t.deps.store.db.updateTable('restaurant_settings').set({ is_open: 0 }).execute();
    const closed = restaurantStatusSchema.parse(await (await t.request('/api/restaurant/status')).json());
    expect(closed.locations.every((l) => !l.isOpen)).toBe(true);
    expect(closed.isOpen).toBe(false);
  });
});

describe('the checkout’s kitchen and its ready time (GET /api/addresses/:id/kitchen, decision 0149)', () => {
  it('now + the kitchen’s lead time for as soon as possible, the slot’s start for later, none when it is closed then', async () => {
    const near = await insertAddress(t, alice.id, NEAR_WEST);
    await t.deps.store.db.updateTable('locations').set({ lead_minutes: 45 }).where('id', '=', westId).execute();
    try {
      const asap = await kitchenFor(near);
      expect(asap).toMatchObject({
        kind: 'routed',
        locationId: westId,
        readyAt: new Date(OPEN_HOURS_INSTANT.getTime() + 45 * 60_000).toISOString(),
      });
      const slotStart = new Date(OPEN_HOURS_INSTANT.getTime() + 24 * 60 * 60_000).toISOString();
      const later = await t.request(`/api/addresses/${near}/kitchen?slotStart=${encodeURIComponent(slotStart)}`, {
        headers: { cookie: alice.cookie },
      });
      expect(deliveryRouteSchema.parse(await later.json())).toMatchObject({ kind: 'routed', locationId: westId, readyAt: slotStart });
      // Switched off: still named (it would cook an order for later), with no ready time now.
      await setKitchen(t.deps.store.db, westId, { isOpen: false });
      expect(await kitchenFor(near)).toMatchObject({ kind: 'routed', locationId: westId, readyAt: null });
    } finally {
      await t.deps.store.db.updateTable('locations').set({ lead_minutes: 30 }).where('id', '=', westId).execute();
    }
  });
});

describe('fees and the minimum are the kitchen’s own', () => {
  it('fee by the band of the distance from the kitchen, free above the threshold, in the order total', async () => {
    const far = await insertAddress(t, alice.id, FOUR_KM_WEST);
    const price = plain().priceBani;
    const banded = await placeOrder(t, alice, deliveryBody(far));
    expect(banded.kitchenLocationId).toBe(westId);
    expect(banded.deliveryFeeBani).toBe(999);
    expect(banded.deliveryZoneName).toBe('4.0 km Near');
    expect(banded.totalBani).toBe(price + 999);
    expect(await kitchenFor(far)).toEqual({
      kind: 'routed',
      locationId: westId,
      locationName: expect.any(String),
      distanceKm: 4,
      bandFeeBani: 999,
      freeAboveBani: null,
      minimumOrderBani: 0,
      // As soon as possible: now plus the kitchen's lead time (decision 0149).
      readyAt: new Date(OPEN_HOURS_INSTANT.getTime() + (await current(westId)).leadMinutes * 60_000).toISOString(),
    });
    // The first band is free.
    expect((await placeOrder(t, alice, deliveryBody(await insertAddress(t, alice.id, NEAR_WEST)))).deliveryFeeBani).toBe(0);

    // A threshold at two dishes: one dish pays the band, two are delivered free.
    await setKitchen(t.deps.store.db, westId, { fees: { ...WEST_FEES, freeAboveBani: price * 2 } });
    expect((await placeOrder(t, alice, deliveryBody(far, 1))).deliveryFeeBani).toBe(999);
    const free = await placeOrder(t, alice, deliveryBody(far, 2));
    expect(free.deliveryFeeBani).toBe(0);
    expect(free.totalBani).toBe(price * 2);
    expect(await kitchenFor(far)).toMatchObject({ kind: 'routed', bandFeeBani: 999, freeAboveBani: price * 2 });

    // The customer confirmed the total without the fee: 409 price_changed, the fee is the server's.
    const stale = await postOrder(t, alice, { ...deliveryBody(far), expectedTotalBani: price });
    expect(stale.status).toBe(409);
  });

  it("the minimum order of the kitchen that cooks it (pickup: the location's, only when extended to pickup)", async () => {
    await setKitchen(t.deps.store.db, eastId, { minimumOrderBani: 100_000 });
    const nearEast = await insertAddress(t, alice.id, NEAR_EAST);
    const refused = await postOrder(t, alice, deliveryBody(nearEast));
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string; details: unknown } }).error).toEqual(
      expect.objectContaining({ code: 'below_minimum', details: { minimumOrderBani: 100_000, subtotalBani: plain().priceBani } }),
    );
    expect(await kitchenFor(nearEast)).toMatchObject({ locationId: eastId, minimumOrderBani: 100_000 });
    // The west kitchen has none.
    expect((await postOrder(t, alice, deliveryBody(await insertAddress(t, alice.id, NEAR_WEST)))).status).toBe(201);
    // Pickup at the east kitchen: through by default, refused once the minimum applies to pickup.
    expect((await postOrder(t, alice, pickupBody(eastId, [plain()]))).status).toBe(201);
    await t.deps.store.db.updateTable('restaurant_settings').set({ minimum_order_applies_to_pickup: 1 }).execute();
    expect((await postOrder(t, alice, pickupBody(eastId, [plain()]))).status).toBe(422);
    expect((await postOrder(t, alice, pickupBody(westId, [plain()]))).status).toBe(201);
  });
});

describe('PUT /api/admin/locations/:id', () => {
  function bodyOf(location: Location, changes: Partial<LocationUpdate> = {}): LocationUpdate {
    const { id: _id, ...rest } = location;
    return { ...rest, ...changes };
  }

  async function put(id: number, body: unknown, who: TestUser | null = admin) {
    return t.request(`/api/admin/locations/${id}`, { method: 'PUT', json: body, headers: who ? { cookie: who.cookie } : {} });
  }

  it('saves one kitchen’s own settings, bumps its version, tells open storefronts, and routing uses them at once', async () => {
    const before = await current(eastId);
    const events: LiveEvent[] = [];
    const unsubscribe = t.deps.liveEvents.subscribe((event) => events.push(event));
    const fees: DeliveryFees = {
      bands: [
        { upToKm: 3, feeBani: 0 },
        { upToKm: 6, feeBani: 999 },
        { upToKm: 10, feeBani: 1_499 },
      ],
      freeAboveBani: 12_000,
    };
    const response = await put(
      eastId,
      bodyOf(before, {
        name: '  Casa Grătarului Est  ',
        isOpen: true,
        zone: { kind: 'radius', radiusKm: 10 },
        leadMinutes: 45,
        slotCapacity: 4,
        minimumOrderBani: 5_000,
        deliveryFees: fees,
      }),
    );
    unsubscribe();
    expect(response.status).toBe(200);
    const { location } = locationHoursResponseSchema.parse(await response.json());
    expect(location).toMatchObject({
      id: eastId,
      name: 'Casa Grătarului Est',
      zone: { kind: 'radius', radiusKm: 10 },
      leadMinutes: 45,
      slotCapacity: 4,
      minimumOrderBani: 5_000,
      deliveryFees: fees,
      version: before.version + 1,
    });
    expect(await current(eastId)).toEqual(location);
    expect(events.some((event) => event.type === 'settings-changed')).toBe(true);
    // Routing reads the saved kitchen at once: the near-east pin is in its free first band.
    expect(await kitchenFor(await insertAddress(t, alice.id, NEAR_EAST))).toMatchObject({
      locationId: eastId,
      bandFeeBani: 0,
      freeAboveBani: 12_000,
      minimumOrderBani: 5_000,
    });
  });

  it('a save from an older version is 409 location_conflict with the current copy; nothing changes', async () => {
    const loaded = await current(westId);
    expect((await put(westId, bodyOf(loaded, { leadMinutes: 20 }))).status).toBe(200);
    const stale = await put(westId, bodyOf(loaded, { leadMinutes: 60 }));
    expect(stale.status).toBe(409);
    const { error } = (await stale.json()) as { error: { code: string; details: { current: Location } } };
    expect(error.code).toBe(LOCATION_CONFLICT_CODE);
    expect(error.details.current).toEqual(await current(westId));
    expect(error.details.current.leadMinutes).toBe(20);
    // The hours route moves the version too: a form loaded before it cannot put the old hours back.
    const afterLead = await current(westId);
    const hours = await t.request(`/api/admin/locations/${westId}/hours`, {
      method: 'PUT',
      json: afterLead.openingHours,
      headers: { cookie: admin.cookie },
    });
    expect(hours.status).toBe(200);
    expect((await put(westId, bodyOf(afterLead, { leadMinutes: 25 }))).status).toBe(409);
  });

  it.each([
    [
      'fee bands out of order',
      {
        deliveryFees: {
          bands: [
            { upToKm: 5, feeBani: 0 },
            { upToKm: 3, feeBani: 999 },
          ],
          freeAboveBani: null,
        },
      },
      'deliveryFees.bands',
    ],
    ['a radius off the 0.5 km steps', { zone: { kind: 'radius', radiusKm: 4.3 } }, 'zone.radiusKm'],
    ['bands short of the zone', { zone: { kind: 'radius', radiusKm: 8 } }, 'deliveryFees.bands.1.upToKm'],
    ['a pin outside Romania', { latitude: 51.5 }, 'latitude'],
    ['a slot capacity of 0', { slotCapacity: 0 }, 'slotCapacity'],
    ['a negative minimum', { minimumOrderBani: -1 }, 'minimumOrderBani'],
    ['an empty name', { name: '   ' }, 'name'],
    [
      'an interval closing before it opens',
      {
        openingHours: {
          weekly: { mon: [{ open: '22:00', close: '11:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
          exceptions: [],
        },
      },
      'openingHours.weekly.mon',
    ],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_what, changes, path) => {
    const loaded = await current(westId);
    const response = await put(westId, { ...bodyOf(loaded), ...changes });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; details: { path: string }[] } };
    expect(error.code).toBe('invalid_input');
    expect(error.details.map((issue) => issue.path)).toContain(path);
    expect(await current(westId)).toEqual(loaded);
  });

  it('is the manager’s: 401 for guests, 403 for customers, 404 for an unknown id, 403 for another kitchen’s manager', async () => {
    const loaded = await current(westId);
    expect((await put(westId, bodyOf(loaded), null)).status).toBe(401);
    expect((await put(westId, bodyOf(loaded), alice)).status).toBe(403);
    const unknown = await put(999_999, bodyOf(loaded));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('location_not_found');

    const eastManager = await createUserWithSession(t, { role: 'admin' });
    await t.deps.store.db.updateTable('users').set({ manager_location_id: eastId }).where('id', '=', eastManager.id).execute();
    expect((await put(westId, bodyOf(loaded), eastManager)).status).toBe(403);
    const east = await current(eastId);
    expect((await put(eastId, bodyOf(east, { slotCapacity: 6 }), eastManager)).status).toBe(200);
    expect(await current(westId)).toEqual(loaded);
  });
});

describe('the general settings no longer carry a fee, radius or minimum (decision 0148: the bridge of 0137 is gone)', () => {
  it("a save that still names them (an older client's queued save) leaves every kitchen's zone, bands and minimum as they are", async () => {
    const settings = (await (await t.request('/api/admin/settings', { headers: { cookie: admin.cookie } })).json()) as {
      settings: Record<string, unknown> & { version: number };
    };
    const before = await locationsNow();
    const editable = {
      name: settings.settings.name,
      description: settings.settings.description,
      phone: settings.settings.phone,
      email: settings.settings.email,
      address: settings.settings.address,
      isOpen: true,
      estimatedDeliveryTime: settings.settings.estimatedDeliveryTime,
      deliveryBaseLat: settings.settings.deliveryBaseLat,
      deliveryBaseLng: settings.settings.deliveryBaseLng,
      version: settings.settings.version,
    };
    const save = (body: unknown) => t.request('/api/admin/settings', { method: 'PUT', json: body, headers: { cookie: admin.cookie } });
    const olderClient = await save({ ...editable, deliveryFeeBani: 750, deliveryRadiusKm: 7.5, minimumOrderBani: 3_000 });
    expect(olderClient.status).toBe(200);
    expect(((await olderClient.json()) as { settings: { version: number } }).settings.version).toBe(editable.version + 1);
    expect(await locationsNow()).toEqual(before);
    expect((await current(westId)).deliveryFees).toEqual(WEST_FEES);
  });
});

describe.runIf(postgresLegRuns('api/routes/kitchen-routing.test.ts'))('on PostgreSQL', () => {
  it('routes by load with the grouped count (counts come back as text there) and stores the kitchen', async () => {
    const pg = await createLegApp('postgres', 'kitchen_routing');
    try {
      pg.clock.set(OPEN_HOURS_INSTANT);
      const customer = await createUserWithSession(pg);
      const ids = (await pg.deps.store.db.selectFrom('locations').select('id').orderBy('id').execute()).map((row) => row.id);
      const [low, high] = [ids[0]!, ids[1]!];
      for (const [id, point] of [
        [low, WEST],
        [high, EAST],
      ] as const) {
        await pg.deps.store.db
          .updateTable('locations')
          .set({
            latitude: point.latitude,
            longitude: point.longitude,
            delivery_zone: JSON.stringify({ kind: 'radius', radiusKm: 5 }),
            delivery_fees: JSON.stringify(ONE_FREE_BAND),
          })
          .where('id', '=', id)
          .execute();
      }
      const item = (await loadCatalogue(pg)).find((i) => minimalModifiers(i).length === 0 && i.priceBani > 0)!;
      const middle = await insertAddress(pg, customer.id, MIDDLE);
      const body = { ...deliveryBody(middle), items: [{ menuItemId: item.id, quantity: 1, modifierIds: [] }] };
      const first = await placeOrder(pg, customer, body);
      expect(first.kitchenLocationId).toBe(low);
      await pg.deps.store.db.updateTable('orders').set({ status: 'confirmed' }).where('order_number', '=', first.orderNumber).execute();
      expect((await kitchenLoads(pg.deps.store.db, [low, high])).get(low)).toBe(1);
      expect((await placeOrder(pg, customer, body)).kitchenLocationId).toBe(high);
    } finally {
      await pg.close();
    }
  });
});
