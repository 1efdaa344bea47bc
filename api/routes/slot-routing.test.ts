/**
 * Issue 22, routing that weighs the slot (docs/decisions/0150-routing-weighs-the-slot.md): a delivery
 * for later goes to the covering kitchen that has the slot (nearest first, then the less loaded), not
 * refused because the nearest one is full; refused with 409 slot_full and the covering kitchens' next
 * free slots together only when none has it. In-process, on SQLite and on PostgreSQL (concurrent orders
 * for the last places: the covering kitchens are locked before their slots are counted).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { DAILY_11_TO_22 } from '../../src/shared/domain/opening-hours';
import type { DeliveryFees } from '../../src/shared/schemas/locations';
import type { OpeningHours } from '../../src/shared/schemas/restaurant';
import { slotRefusalDetailsSchema, slotsResponseSchema } from '../../src/shared/schemas/scheduling';
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
import { EAST, MIDDLE, NEAR_WEST, seededKitchenIds, setKitchen, WEST } from '../../tests/fixtures/two-kitchens';
import { SETTINGS_ROW_ID } from '../store/seed';

// OPEN_HOURS_INSTANT: Sunday 22 Nov 2026, 14:00 in Bucharest (12:00Z). The two kitchens of
// tests/fixtures/two-kitchens.ts, each with a 5 km zone.
/** ~3.2 km from the west kitchen, ~4.7 km from the east one: inside both zones, nearer the west. */
const NEARER_WEST = { latitude: 44.95, longitude: 26.04 };
const WEST_FEES: DeliveryFees = { bands: [{ upToKm: 5, feeBani: 500 }], freeAboveBani: null };
const EAST_FEES: DeliveryFees = { bands: [{ upToKm: 5, feeBani: 900 }], freeAboveBani: null };

const SLOT = '2026-11-22T16:00:00.000Z'; // 18:00 local
const at = (iso: string) => ({ start: iso, end: new Date(Date.parse(iso) + 15 * 60_000).toISOString() });

async function setUpKitchens(app: TestApp): Promise<{ westId: number; eastId: number }> {
  const [westId, eastId] = await seededKitchenIds(app.deps.store.db);
  app.clock.set(OPEN_HOURS_INSTANT);
  await app.deps.store.db.updateTable('restaurant_settings').set({ is_open: 1 }).where('id', '=', SETTINGS_ROW_ID).execute();
  const shared = { radiusKm: 5, hours: DAILY_11_TO_22, minimumOrderBani: 0, leadMinutes: 30, slotCapacity: 1, isOpen: true };
  await setKitchen(app.deps.store.db, westId, { ...shared, point: WEST, fees: WEST_FEES });
  await setKitchen(app.deps.store.db, eastId, { ...shared, point: EAST, fees: EAST_FEES });
  return { westId, eastId };
}

const plainOf = (catalogue: CatalogueItem[]) => catalogue.find((item) => minimalModifiers(item).length === 0 && item.priceBani > 0)!;

function deliveryForLater(catalogue: CatalogueItem[], addressId: number, slotStart: string) {
  return {
    items: [{ menuItemId: plainOf(catalogue).id, quantity: 1, modifierIds: [] }],
    fulfilment: { type: 'delivery' as const, addressId },
    paymentMethod: 'cash' as const,
    customer: CUSTOMER,
    when: { type: 'slot' as const, slotStart },
  };
}

async function refusalOf(response: Response) {
  const body = (await response.json()) as { error: { code: string; details: unknown } };
  return { status: response.status, code: body.error.code, details: body.error.details };
}

describe('a delivery for later is routed to a covering kitchen that has the slot', () => {
  let t: TestApp;
  let alice: TestUser;
  let catalogue: CatalogueItem[];
  let westId: number;
  let eastId: number;
  /** Takes the kitchen's one place in a slot (a pickup there counts in its slots). */
  const fill = (locationId: number, slotStart: string) =>
    placeOrder(t, alice, pickupBody(locationId, [plainOf(catalogue)], { when: { type: 'slot', slotStart } }));
  const setHours = (locationId: number, hours: OpeningHours) =>
    t.deps.store.db
      .updateTable('locations')
      .set({ opening_hours: JSON.stringify(hours) })
      .where('id', '=', locationId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUserWithSession(t);
    catalogue = await loadCatalogue(t);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    const db = t.deps.store.db;
    await db.deleteFrom('order_events').execute();
    await db.deleteFrom('order_items').execute();
    await db.deleteFrom('idempotency_keys').execute();
    await db.deleteFrom('outbox').execute();
    await db.deleteFrom('orders').execute();
    ({ westId, eastId } = await setUpKitchens(t));
  });

  it('the nearer kitchen while it has room; its slot full: the farther covering kitchen, priced and measured from it', async () => {
    const address = await insertAddress(t, alice.id, NEARER_WEST);
    // The checkout's preview (GET /api/addresses/:id/kitchen?slotStart=) weighs the slot as the order does (decision 0149).
    const preview = async () =>
      (
        await t.request(`/api/addresses/${address}/kitchen?slotStart=${encodeURIComponent(SLOT)}`, { headers: { cookie: alice.cookie } })
      ).json();
    expect(await preview()).toMatchObject({ kind: 'routed', locationId: westId, readyAt: SLOT });
    const first = await placeOrder(t, alice, deliveryForLater(catalogue, address, SLOT));
    expect(first.kitchenLocationId).toBe(westId);
    expect(first.deliveryFeeBani).toBe(500);
    expect(await preview()).toMatchObject({ kind: 'routed', locationId: eastId, bandFeeBani: 900, readyAt: SLOT });
    const second = await placeOrder(t, alice, deliveryForLater(catalogue, address, SLOT));
    expect(second.kitchenLocationId).toBe(eastId);
    expect(second.scheduledFor).toBe(SLOT);
    // The east kitchen's own lead time, fee band and distance.
    expect(second.releaseAt).toBe('2026-11-22T15:30:00.000Z');
    expect(second.deliveryFeeBani).toBe(900);
    expect(second.deliveryZoneName).toMatch(/^4\.7 km/);
    // Another slot still free at the nearer kitchen goes there.
    expect((await placeOrder(t, alice, deliveryForLater(catalogue, address, '2026-11-22T16:15:00.000Z'))).kitchenLocationId).toBe(westId);
  });

  it('none has it: 409 slot_full with the next free slots of both kitchens together', async () => {
    const address = await insertAddress(t, alice.id, NEARER_WEST);
    await fill(westId, SLOT);
    await fill(eastId, SLOT);
    // West is also full at 18:15, east at 18:30: alone, each would offer the other's full slot first.
    await fill(westId, '2026-11-22T16:15:00.000Z');
    await fill(eastId, '2026-11-22T16:30:00.000Z');
    const refused = await refusalOf(await postOrder(t, alice, deliveryForLater(catalogue, address, SLOT)));
    expect(refused).toMatchObject({ status: 409, code: 'slot_full' });
    const { nextSlots } = slotRefusalDetailsSchema.parse(refused.details);
    expect(nextSlots.slice(0, 3)).toEqual([at('2026-11-22T16:15:00.000Z'), at('2026-11-22T16:30:00.000Z'), at('2026-11-22T16:45:00.000Z')]);
    expect(new Set(nextSlots.map((slot) => slot.start)).size).toBe(nextSlots.length);
    // And the offered 18:15 is taken by the east kitchen.
    expect((await placeOrder(t, alice, deliveryForLater(catalogue, address, nextSlots[0]!.start))).kitchenLocationId).toBe(eastId);
  });

  it('the nearer kitchen closed at the slot (its hours): the farther one takes it, while an order now still goes to the nearer', async () => {
    const address = await insertAddress(t, alice.id, NEARER_WEST);
    const untilFive: OpeningHours = {
      weekly: Object.fromEntries(
        Object.keys(DAILY_11_TO_22.weekly).map((day) => [day, [{ open: '11:00', close: '17:00' }]]),
      ) as OpeningHours['weekly'],
      exceptions: [],
    };
    await setHours(westId, untilFive);
    expect((await placeOrder(t, alice, deliveryForLater(catalogue, address, SLOT))).kitchenLocationId).toBe(eastId);
    const { when: _later, ...asap } = deliveryForLater(catalogue, address, SLOT);
    expect((await placeOrder(t, alice, asap)).kitchenLocationId).toBe(westId);
  });

  it('at the same distance: the less loaded of the kitchens that have the slot', async () => {
    const address = await insertAddress(t, alice.id, MIDDLE);
    const busy = await fill(westId, '2026-11-22T13:00:00.000Z');
    await t.deps.store.db.updateTable('orders').set({ status: 'confirmed' }).where('id', '=', busy.id).execute();
    expect((await placeOrder(t, alice, deliveryForLater(catalogue, address, SLOT))).kitchenLocationId).toBe(eastId);
  });

  it('a start that is a slot of neither: 422 slot_unavailable, the next free slots from both', async () => {
    const address = await insertAddress(t, alice.id, NEARER_WEST);
    // 23:00 local: both closed; tomorrow opens at 11:00 local (09:00Z).
    await fill(westId, '2026-11-23T09:00:00.000Z');
    const refused = await refusalOf(await postOrder(t, alice, deliveryForLater(catalogue, address, '2026-11-22T21:00:00.000Z')));
    expect(refused).toMatchObject({ status: 422, code: 'slot_unavailable' });
    // West's 11:00 is full, east's is not: the union still starts at 11:00.
    expect(slotRefusalDetailsSchema.parse(refused.details).nextSlots[0]).toEqual(at('2026-11-23T09:00:00.000Z'));
  });

  it('weighs only kitchens that cover the pin and are switched on', async () => {
    // Only the west kitchen covers this pin: its full slot is refused, the east's room does not help.
    const nearWest = await insertAddress(t, alice.id, NEAR_WEST);
    await fill(westId, SLOT);
    expect((await refusalOf(await postOrder(t, alice, deliveryForLater(catalogue, nearWest, SLOT)))).code).toBe('slot_full');
    // Both cover this one, but the east kitchen is switched off.
    const both = await insertAddress(t, alice.id, NEARER_WEST);
    await t.deps.store.db.updateTable('locations').set({ is_open: 0 }).where('id', '=', eastId).execute();
    expect((await refusalOf(await postOrder(t, alice, deliveryForLater(catalogue, both, SLOT)))).code).toBe('slot_full');
    // Both switched off: closed, as before.
    await t.deps.store.db.updateTable('locations').set({ is_open: 0 }).execute();
    expect(await refusalOf(await postOrder(t, alice, deliveryForLater(catalogue, both, SLOT)))).toMatchObject({
      status: 422,
      code: 'restaurant_closed',
    });
  });
});

describe('GET /api/locations/slots?lat=&lng=: the slots a delivery to that pin can take', () => {
  let t: TestApp;
  let alice: TestUser;
  let catalogue: CatalogueItem[];
  let westId: number;
  let eastId: number;
  const slotsFor = async (pin: { latitude: number; longitude: number }) => {
    const response = await t.request(`/api/locations/slots?lat=${pin.latitude}&lng=${pin.longitude}`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return slotsResponseSchema.parse(await response.json());
  };
  const starts = (answer: { days: { slots: { start: string }[] }[] }) => answer.days.flatMap((day) => day.slots.map((slot) => slot.start));

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUserWithSession(t);
    catalogue = await loadCatalogue(t);
    ({ westId, eastId } = await setUpKitchens(t));
    // The west kitchen's one place at 18:00 is taken.
    await placeOrder(t, alice, pickupBody(westId, [plainOf(catalogue)], { when: { type: 'slot', slotStart: SLOT } }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('covered by both: every slot either still has, named after the kitchen an order now goes to', async () => {
    const west = slotsResponseSchema.parse(await (await t.request(`/api/locations/${westId}/slots`)).json());
    expect(starts(west)).not.toContain(SLOT);
    const answer = await slotsFor(NEARER_WEST);
    expect(answer.locationId).toBe(westId);
    expect(answer.asapAvailable).toBe(true);
    expect(answer.days).toHaveLength(7);
    expect(starts(answer)).toContain(SLOT);
    expect(starts(answer)).toEqual([...new Set([...starts(west), SLOT])].sort());
    // And the order for that slot is taken (by the east kitchen).
    const address = await insertAddress(t, alice.id, NEARER_WEST);
    expect((await placeOrder(t, alice, deliveryForLater(catalogue, address, SLOT))).kitchenLocationId).toBe(eastId);
  });

  it('covered by one: that kitchen’s own list; by none: 422 naming the nearest kitchen; not a pin: 400', async () => {
    const nearWest = await slotsFor(NEAR_WEST);
    expect(nearWest.locationId).toBe(westId);
    expect(starts(nearWest)).not.toContain(SLOT);
    const far = await t.request('/api/locations/slots?lat=44.8&lng=26.05');
    expect(far.status).toBe(422);
    expect(((await far.json()) as { error: { code: string; details: { nearestLocationId: number } } }).error).toMatchObject({
      code: 'address_not_deliverable',
      details: { nearestLocationId: expect.any(Number) },
    });
    expect((await t.request('/api/locations/slots?lat=abc&lng=26')).status).toBe(400);
    expect((await t.request('/api/locations/slots')).status).toBe(400);
  });
});

describe.runIf(postgresLegRuns('api/routes/slot-routing.test.ts'))('on PostgreSQL: the last places of two kitchens at once', () => {
  let app: TestApp | null = null;
  afterAll(async () => {
    await app?.close();
  });

  it('three customers for one slot with one place at each kitchen: one each, the third refused', async () => {
    app = await createLegApp('postgres', 'slot_routing');
    const pg = app;
    const { westId, eastId } = await setUpKitchens(pg);
    const catalogue = await loadCatalogue(pg);
    const buyers = await Promise.all([1, 2, 3].map(() => createUserWithSession(pg)));
    const bodies = await Promise.all(
      buyers.map(async (buyer) => deliveryForLater(catalogue, await insertAddress(pg, buyer.id, NEARER_WEST), SLOT)),
    );
    const answers = await Promise.all(buyers.map((buyer, index) => postOrder(pg, buyer, bodies[index])));
    expect(answers.map((response) => response.status).sort()).toEqual([201, 201, 409]);
    const kitchens = await pg.deps.store.db.selectFrom('orders').select('location_id').where('scheduled_for', '=', SLOT).execute();
    expect(kitchens.map((row) => row.location_id).sort()).toEqual([westId, eastId].sort());
  });
});
