/**
 * Issue 22 in-process: a kitchen's slots (GET /api/locations/:id/slots), orders for later (the slot
 * checked when the order arrives: 409 slot_full with the next free slots, 422 slot_unavailable), the
 * board's Scheduled lane (out of the new orders and silent until the release time, then a new order
 * that rings), boards per location (a location-limited manager) and moving an order to the other kitchen.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { noticesOf, releasedNotices, loadNoticeContext } from '../notifications/notices';
import { isAwaitingRelease } from '../../src/shared/domain/scheduled-orders';
import { boardResponseSchema } from '../../src/shared/schemas/admin';
import { slotRefusalDetailsSchema, slotsResponseSchema } from '../../src/shared/schemas/scheduling';
import type { Order } from '../../src/shared/schemas/order';
import type { OpeningHours } from '../../src/shared/schemas/restaurant';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { sseReader } from '../../tests/setup/sse-reader';
import { createTestApp, OPEN_HOURS_INSTANT } from '../../tests/setup/test-app';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import { insertAddress, loadCatalogue, pickupBody, placeOrder, postOrder } from '../../tests/integration/order-fixtures';
import { DAILY_11_TO_22 } from '../../src/shared/domain/opening-hours';
import { createLegApp, postgresLegRuns } from '../../tests/setup/store-legs';

// OPEN_HOURS_INSTANT: Sunday 22 Nov 2026, 14:00 in Bucharest (12:00Z); both seeded kitchens open 11:00-22:00.
const MINUTE_MS = 60_000;
const at = (iso: string) => new Date(iso);

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let catalogue: CatalogueItem[];
let north: number;
let centre: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithSession(t, { role: 'admin' });
  customer = await createUserWithSession(t);
  catalogue = await loadCatalogue(t);
  const locations = await t.deps.store.db.selectFrom('locations').select('id').orderBy('sort_order').orderBy('id').execute();
  north = locations[0]!.id;
  centre = locations[1]!.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.clock.set(OPEN_HOURS_INSTANT);
  // Each test starts from an empty order book and the seeded kitchens.
  const db = t.deps.store.db;
  await db.deleteFrom('order_events').execute();
  await db.deleteFrom('order_items').execute();
  await db.deleteFrom('idempotency_keys').execute();
  await db.deleteFrom('outbox').execute();
  await db.deleteFrom('orders').execute();
  await db
    .updateTable('locations')
    .set({ opening_hours: JSON.stringify(DAILY_11_TO_22), lead_minutes: 30, slot_capacity: 8, is_open: 1 })
    .execute();
  await db.updateTable('users').set({ manager_location_id: null }).execute();
});

const plain = () => catalogue.find((item) => item.groups.length === 0)!;
const forLater = (locationId: number, slotStart: string) => pickupBody(locationId, [plain()], { when: { type: 'slot', slotStart } });
const asManager = (who: TestUser) => ({ headers: { cookie: who.cookie } });
const slotsOf = async (locationId: number) => {
  const response = await t.request(`/api/locations/${locationId}/slots`);
  expect(response.status).toBe(200);
  return slotsResponseSchema.parse(await response.json());
};
const boardOf = async (who: TestUser, query = '') => {
  const response = await t.request(`/api/admin/board${query}`, asManager(who));
  expect(response.status, await response.clone().text()).toBe(200);
  return boardResponseSchema.parse(await response.json());
};
const accept = (who: TestUser, orderNumber: string) =>
  t.request(`/api/admin/board/${encodeURIComponent(orderNumber)}/accept`, { method: 'POST', json: { prepMinutes: 20 }, ...asManager(who) });
const moveTo = (who: TestUser, orderNumber: string, locationId: number) =>
  t.request(`/api/admin/board/${encodeURIComponent(orderNumber)}/move`, { method: 'POST', json: { locationId }, ...asManager(who) });
const setHours = (locationId: number, hours: OpeningHours) =>
  t.deps.store.db
    .updateTable('locations')
    .set({ opening_hours: JSON.stringify(hours) })
    .where('id', '=', locationId)
    .execute();

describe('GET /api/locations/:id/slots', () => {
  it('lists 15-minute slots from now + the lead time to the last quarter before closing, for 7 dates', async () => {
    const slots = await slotsOf(north);
    expect(slots.locationId).toBe(north);
    expect(slots.asapAvailable).toBe(true);
    expect(slots.days.map((day) => day.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    const today = slots.days[0]!.slots;
    // 14:00 + 30 min lead = 14:30 local (12:30Z); the last slot is 21:45-22:00 local.
    expect(today[0]).toEqual({ start: '2026-11-22T12:30:00.000Z', end: '2026-11-22T12:45:00.000Z' });
    expect(today.at(-1)).toEqual({ start: '2026-11-22T19:45:00.000Z', end: '2026-11-22T20:00:00.000Z' });
    expect(slots.days[1]!.slots[0]!.start).toBe('2026-11-23T09:00:00.000Z');
  });

  it('offers the next days when the kitchen is closed now, and none on a closed day (a holiday)', async () => {
    await setHours(north, { ...DAILY_11_TO_22, exceptions: [{ date: '2026-11-23', intervals: [], note: 'Holiday' }] });
    t.clock.set(at('2026-11-22T20:30:00.000Z')); // 22:30 local: closed for today
    const slots = await slotsOf(north);
    expect(slots.asapAvailable).toBe(false);
    expect(slots.days[0]!.slots).toEqual([]);
    expect(slots.days[1]).toEqual({ date: '2026-11-23', slots: [] });
    expect(slots.days[2]!.slots[0]!.start).toBe('2026-11-24T09:00:00.000Z');
  });

  it('leaves out a full slot, counting the kitchen’s orders in it, and has no slots while the kitchen is switched off', async () => {
    await t.deps.store.db.updateTable('locations').set({ slot_capacity: 1 }).where('id', '=', north).execute();
    await placeOrder(t, customer, forLater(north, '2026-11-22T13:00:00.000Z'));
    const starts = (await slotsOf(north)).days[0]!.slots.map((slot) => slot.start);
    expect(starts).not.toContain('2026-11-22T13:00:00.000Z');
    expect(starts).toContain('2026-11-22T12:45:00.000Z');
    // The other kitchen's slot is its own.
    expect((await slotsOf(centre)).days[0]!.slots.map((slot) => slot.start)).toContain('2026-11-22T13:00:00.000Z');

    await t.deps.store.db.updateTable('locations').set({ is_open: 0 }).where('id', '=', north).execute();
    const off = await slotsOf(north);
    expect(off.asapAvailable).toBe(false);
    expect(off.days.flatMap((day) => day.slots)).toEqual([]);
  });

  it('answers 404 for a kitchen that does not exist and 400 for an id that is not one', async () => {
    expect((await t.request('/api/locations/999999/slots')).status).toBe(404);
    expect((await t.request('/api/locations/abc/slots')).status).toBe(400);
  });
});

describe('POST /api/orders for a slot', () => {
  it('stores the slot and its release time (slot start - lead time); a cash order escalates from its release', async () => {
    const order = await placeOrder(t, customer, forLater(north, '2026-11-22T16:00:00.000Z'));
    expect(order.scheduledFor).toBe('2026-11-22T16:00:00.000Z');
    expect(order.releaseAt).toBe('2026-11-22T15:30:00.000Z');
    expect(order.kitchenLocationId).toBe(north);
    // accept_within_minutes is 5 by default: 15:30Z + 5 min, not now + 5 min.
    expect(order.acceptDeadlineAt).toBe('2026-11-22T15:35:00.000Z');
    // The customer's "we received your order" mail names the slot (Bucharest time).
    const db = t.deps.store.db;
    const [placed] = await db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).execute();
    const notices = await noticesOf(db, placed!, await loadNoticeContext(db, 'https://example.ro'));
    expect(notices.find((notice) => notice.mail)?.mail?.text).toContain('Scheduled for 22 Nov 2026, 18:00');
    const asap = await placeOrder(t, customer, pickupBody(north, [plain()]));
    expect(asap.scheduledFor).toBeNull();
    expect(asap.releaseAt).toBeNull();
  });

  it('refuses a full slot with 409 slot_full and the next free slots, and only the last place once', async () => {
    await t.deps.store.db.updateTable('locations').set({ slot_capacity: 2 }).where('id', '=', north).execute();
    const slot = '2026-11-22T16:00:00.000Z';
    await placeOrder(t, customer, forLater(north, slot));
    // Two customers for the last place at once: one gets it.
    const results = await Promise.all([postOrder(t, customer, forLater(north, slot)), postOrder(t, customer, forLater(north, slot))]);
    expect(results.map((response) => response.status).sort()).toEqual([201, 409]);
    const refused = results.find((response) => response.status === 409)!;
    const body = (await refused.json()) as { error: { code: string; details: unknown } };
    expect(body.error.code).toBe('slot_full');
    const details = slotRefusalDetailsSchema.parse(body.error.details);
    expect(details.nextSlots[0]).toEqual({ start: '2026-11-22T16:15:00.000Z', end: '2026-11-22T16:30:00.000Z' });
    expect(details.nextSlots.length).toBeGreaterThan(1);
    const count = await t.deps.store.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scheduled_for', '=', slot)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('refuses with 422 slot_unavailable a start that is not a slot of that kitchen now', async () => {
    const refusal = async (slotStart: string) => {
      const response = await postOrder(t, customer, forLater(north, slotStart));
      const body = (await response.json()) as { error: { code: string; details: unknown } };
      return { status: response.status, code: body.error.code, details: slotRefusalDetailsSchema.parse(body.error.details) };
    };
    for (const start of [
      '2026-11-22T16:05:00.000Z', // not on a quarter hour
      '2026-11-22T11:00:00.000Z', // past
      '2026-11-22T12:15:00.000Z', // sooner than the lead time
      '2026-11-22T21:00:00.000Z', // 23:00 local: closed
      '2026-12-05T12:00:00.000Z', // beyond the 7 days
    ]) {
      const answer = await refusal(start);
      expect(answer, start).toMatchObject({ status: 422, code: 'slot_unavailable' });
    }
    // After the hours of today: the next free slots are tomorrow's first.
    expect((await refusal('2026-11-22T21:00:00.000Z')).details.nextSlots[0]!.start).toBe('2026-11-23T09:00:00.000Z');
  });

  it('takes an order for later in the future hours of a kitchen closed now, while refusing it as soon as possible', async () => {
    t.clock.set(at('2026-11-22T20:30:00.000Z')); // 22:30 local: closed until 11:00 tomorrow
    const asap = await postOrder(t, customer, pickupBody(north, [plain()]));
    expect(asap.status).toBe(422);
    expect(((await asap.json()) as { error: { code: string } }).error.code).toBe('restaurant_closed');
    const order = await placeOrder(t, customer, forLater(north, '2026-11-23T09:00:00.000Z'));
    expect(order.scheduledFor).toBe('2026-11-23T09:00:00.000Z');
    expect(order.releaseAt).toBe('2026-11-23T08:30:00.000Z');
  });

  it('checks a delivery’s slot at the kitchen it is routed to', async () => {
    const addressId = await insertAddress(t, customer.id);
    await t.deps.store.db.updateTable('locations').set({ slot_capacity: 1 }).execute();
    const body = {
      ...forLater(north, '2026-11-22T16:00:00.000Z'),
      fulfilment: { type: 'delivery' as const, addressId },
    };
    const first = await placeOrder(t, customer, body);
    expect(first.fulfilment).toBe('delivery');
    expect(first.kitchenLocationId).not.toBeNull();
    expect(first.scheduledFor).toBe('2026-11-22T16:00:00.000Z');
    // That kitchen's one place in the slot is taken: the next delivery goes to the other kitchen
    // covering the address (decision 0150), and once both are full it is refused.
    const second = await placeOrder(t, customer, body);
    expect(second.kitchenLocationId).not.toBe(first.kitchenLocationId);
    expect(second.scheduledFor).toBe('2026-11-22T16:00:00.000Z');
    const third = await postOrder(t, customer, body);
    expect(third.status).toBe(409);
  });

  it('refuses a queued offline order whose slot is gone when it is finally sent, never moving it', async () => {
    const body = forLater(north, '2026-11-22T12:30:00.000Z');
    // Queued at 13:55 local, sent at 14:20 local: 14:30 is now inside the lead time.
    t.clock.set(at('2026-11-22T12:20:00.000Z'));
    const response = await postOrder(t, customer, body);
    expect(response.status).toBe(422);
    const refused = (await response.json()) as { error: { code: string; details: unknown } };
    expect(refused.error.code).toBe('slot_unavailable');
    expect(slotRefusalDetailsSchema.parse(refused.error.details).nextSlots[0]!.start).toBe('2026-11-22T13:00:00.000Z');
    expect(await t.deps.store.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });
});

describe('the board’s Scheduled lane', () => {
  it('keeps an order for later out of the new orders and silent until its release time, then it rings', async () => {
    const db = t.deps.store.db;
    const order = await placeOrder(t, customer, forLater(north, '2026-11-22T16:00:00.000Z'));
    const context = await loadNoticeContext(db, 'https://example.ro');

    const before = await boardOf(admin, '?today=1');
    const onBoard = before.orders.find((candidate) => candidate.orderNumber === order.orderNumber)!;
    expect(before.serverNow).toBe(OPEN_HOURS_INSTANT.toISOString());
    expect(isAwaitingRelease(onBoard, new Date(before.serverNow!))).toBe(true);
    // Placing it rang nothing on the board (the customer's "we received it" mail still goes).
    const placed = await db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).execute();
    const placedNotices = (await Promise.all(placed.map((event) => noticesOf(db, event, context)))).flat();
    expect(placedNotices.filter((notice) => notice.audience === 'board')).toEqual([]);
    expect(await releasedNotices(db, t.clock.now())).toEqual([]);
    // Not escalating either: its accept deadline is after its release.
    expect(Date.parse(onBoard.acceptDeadlineAt!)).toBeGreaterThan(Date.parse(onBoard.releaseAt!));

    t.clock.set(at('2026-11-22T15:29:59.000Z'));
    expect(await releasedNotices(db, t.clock.now())).toEqual([]);
    t.clock.set(at('2026-11-22T15:30:00.000Z'));
    const after = await boardOf(admin, '?today=1');
    const released = after.orders.find((candidate) => candidate.orderNumber === order.orderNumber)!;
    expect(isAwaitingRelease(released, new Date(after.serverNow!))).toBe(false);
    const rings = await releasedNotices(db, t.clock.now());
    expect(rings).toEqual([
      expect.objectContaining({
        key: `new:${order.id}`,
        audience: 'board',
        at: '2026-11-22T15:30:00.000Z',
        push: expect.objectContaining({ kind: 'new-order', orderNumber: order.orderNumber }),
      }),
    ]);
  });

  it('a card order for later: paid now, on the board (and escalating) from its release, ringing then', async () => {
    const db = t.deps.store.db;
    const order = await placeOrder(t, customer, { ...forLater(north, '2026-11-22T16:00:00.000Z'), paymentMethod: 'card' });
    const start = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      json: { orderNumber: order.orderNumber },
      headers: { cookie: customer.cookie },
    });
    expect(start.status).toBe(200);
    const checkoutUrl = ((await start.json()) as { url: string }).url;
    const paid = await t.request(new URL(checkoutUrl).pathname, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', cardNumber: '4242424242424242' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const row = await db
      .selectFrom('orders')
      .select(['payment_status', 'accept_deadline_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_status: 'paid', accept_deadline_at: '2026-11-22T15:35:00.000Z' });
    const events = await db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).execute();
    const context = await loadNoticeContext(db, 'https://example.ro');
    const notices = (await Promise.all(events.map((event) => noticesOf(db, event, context)))).flat();
    expect(notices.filter((notice) => notice.audience === 'board')).toEqual([]);
    t.clock.set(at('2026-11-22T15:30:00.000Z'));
    expect((await releasedNotices(db, t.clock.now())).map((notice) => notice.key)).toEqual([`new:${order.id}`]);
  });

  it('tells open boards when an order for later is released (the live stream)', async () => {
    const order = await placeOrder(t, customer, forLater(north, '2026-11-22T13:00:00.000Z'));
    const response = await t.request('/api/admin/events', asManager(admin));
    expect(response.status).toBe(200);
    const stream = sseReader(response);
    await stream.until(/: connected/);
    // Placed before the stream opened, nothing about its row changes at 12:30Z (13:00 - 30 min lead):
    // the poll announces the release itself.
    t.clock.set(at('2026-11-22T12:30:00.000Z'));
    await stream.until(new RegExp(`event: order-updated\\ndata: \\{[^\\n]*"orderNumber":"${order.orderNumber}"`));
    await stream.cancel();
  });

  it('shows an order for later placed on an earlier day on the day’s board', async () => {
    t.clock.set(at('2026-11-21T12:00:00.000Z'));
    const order = await placeOrder(t, customer, forLater(north, '2026-11-22T16:00:00.000Z'));
    t.clock.set(OPEN_HOURS_INSTANT);
    const board = await boardOf(admin, '?today=1');
    expect(board.orders.map((candidate) => candidate.orderNumber)).toContain(order.orderNumber);
  });
});

describe('boards per location', () => {
  let centreManager: TestUser;
  beforeAll(async () => {
    centreManager = await createUserWithSession(t, { role: 'admin' });
  });
  const limit = (who: TestUser, locationId: number | null, by: TestUser = admin) =>
    t.request(`/api/admin/staff/${who.id}/location`, { method: 'PUT', json: { locationId }, ...asManager(by) });

  it('lets a manager of all kitchens give an account one kitchen, and no one else', async () => {
    expect((await limit(centreManager, centre)).status).toBe(200);
    expect(
      (await t.deps.store.db.selectFrom('users').select('manager_location_id').where('id', '=', centreManager.id).executeTakeFirstOrThrow())
        .manager_location_id,
    ).toBe(centre);
    // A limited manager cannot change anyone's kitchens (their own included).
    expect((await limit(admin, north, centreManager)).status).toBe(403);
    expect((await limit(centreManager, null, centreManager)).status).toBe(403);
    // Not one's own account; not a customer; not a kitchen that does not exist.
    expect((await limit(admin, north)).status).toBe(422);
    expect((await limit(customer, north)).status).toBe(404);
    expect((await limit(centreManager, 999999)).status).toBe(422);
    expect((await limit(centreManager, null)).status).toBe(200);
  });

  it('shows a location-limited manager only their kitchen’s orders and lets them act only on those', async () => {
    expect((await limit(centreManager, centre)).status).toBe(200);
    const atNorth = await placeOrder(t, customer, pickupBody(north, [plain()]));
    const atCentre = await placeOrder(t, customer, forLater(centre, '2026-11-22T16:00:00.000Z'));

    const own = await boardOf(centreManager);
    expect(own.orders.map((order) => order.orderNumber)).toEqual([atCentre.orderNumber]);
    expect(own.locationId).toBe(centre);
    expect(own.managerLocationId).toBe(centre);
    expect(isAwaitingRelease(own.orders[0]!, new Date(own.serverNow!))).toBe(true);
    expect((await t.request(`/api/admin/board?location=${north}`, asManager(centreManager))).status).toBe(403);
    // The other kitchen's order reads as missing.
    expect((await accept(centreManager, atNorth.orderNumber)).status).toBe(404);
    expect(
      (await t.request(`/api/admin/orders/${atNorth.orderNumber}/resend-pos`, { method: 'POST', ...asManager(centreManager) })).status,
    ).toBe(404);
    expect((await accept(centreManager, atCentre.orderNumber)).status).toBe(200);

    // A manager of all kitchens filters by kitchen, or sees both.
    const northBoard = await boardOf(admin, `?location=${north}`);
    expect(northBoard.orders.map((order) => order.orderNumber)).toEqual([atNorth.orderNumber]);
    expect((await boardOf(admin)).orders).toHaveLength(2);
  });

  it('a limited manager’s live stream announces only their kitchen’s orders', async () => {
    expect((await limit(centreManager, centre)).status).toBe(200);
    // Same release (12:30Z); the north one written first, so unfiltered it would be announced first.
    const atNorth = await placeOrder(t, customer, forLater(north, '2026-11-22T13:00:00.000Z'));
    const atCentre = await placeOrder(t, customer, forLater(centre, '2026-11-22T13:00:00.000Z'));
    const stream = sseReader(await t.request('/api/admin/events', asManager(centreManager)));
    await stream.until(/: connected/);
    t.clock.set(at('2026-11-22T12:30:00.000Z'));
    await stream.until(new RegExp(`"orderNumber":"${atCentre.orderNumber}"`));
    await stream.cancel();
    expect(stream.received()).not.toContain(atNorth.orderNumber);
  });

  it('moves an accepted order to the other kitchen, with the customer told by push', async () => {
    const order = await placeOrder(t, customer, pickupBody(north, [plain()]));
    expect((await moveTo(admin, order.orderNumber, centre)).status).toBe(409); // not accepted yet
    expect((await accept(admin, order.orderNumber)).status).toBe(200);
    expect((await moveTo(admin, order.orderNumber, north)).status).toBe(409); // already there
    expect((await moveTo(admin, order.orderNumber, 999999)).status).toBe(422);

    t.clock.advanceMs(5 * MINUTE_MS);
    const response = await moveTo(admin, order.orderNumber, centre);
    expect(response.status, await response.clone().text()).toBe(200);
    const moved = ((await response.json()) as { order: Order }).order;
    expect(moved.kitchenLocationId).toBe(centre);
    expect(moved.pickupLocation?.id).toBe(centre);
    expect(moved.status).toBe('confirmed');

    const db = t.deps.store.db;
    const event = await db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('kind', '=', 'location')
      .executeTakeFirstOrThrow();
    expect(event.value).toBe(String(centre));
    const notices = await noticesOf(db, event, await loadNoticeContext(db, 'https://example.ro'));
    expect(notices).toEqual([
      expect.objectContaining({
        audience: 'customer',
        push: expect.objectContaining({
          kind: 'status',
          orderNumber: order.orderNumber,
          text: {
            en: 'Your order moved — pick it up at Casa Grătarului Centru',
            ro: 'Comanda ta s-a mutat — o ridici de la Casa Grătarului Centru',
          },
        }),
      }),
    ]);
    // The centre's manager can act on it now, the north's cannot.
    const northManager = await createUserWithSession(t, { role: 'admin' });
    expect((await limit(northManager, north)).status).toBe(200);
    expect((await moveTo(northManager, order.orderNumber, north)).status).toBe(404);
  });
});

describe('accepting an order for later ahead of its slot', () => {
  it('promises it ready at the slot, not the preparation time from now, and the push names the day', async () => {
    const order = await placeOrder(t, customer, forLater(north, '2026-11-23T16:00:00.000Z'));
    const response = await accept(admin, order.orderNumber);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { order: Order }).order.readyAt).toBe('2026-11-23T16:00:00.000Z');
    const db = t.deps.store.db;
    const confirmed = await db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('value', '=', 'confirmed')
      .executeTakeFirstOrThrow();
    const notices = await noticesOf(db, confirmed, await loadNoticeContext(db, 'https://example.ro'));
    expect(notices.map((notice) => notice.push?.text)).toEqual([
      { en: 'Confirmed — ready at 23 Nov 2026, 18:00', ro: 'Comandă confirmată — gata la 23 nov. 2026, 18:00' },
    ]);
  });

  it('promises a delivery for later arriving from its slot', async () => {
    const addressId = await insertAddress(t, customer.id);
    const order = await placeOrder(t, customer, {
      ...forLater(north, '2026-11-22T16:00:00.000Z'),
      fulfilment: { type: 'delivery', addressId },
    });
    const response = await accept(admin, order.orderNumber);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { order: Order }).order.arrivalWindow?.from).toBe('2026-11-22T16:00:00.000Z');
  });
});

describe.runIf(postgresLegRuns('api/routes/scheduled-orders.test.ts'))(
  'a slot’s last place on PostgreSQL (concurrent transactions)',
  () => {
    let pgApp: TestApp | null = null;
    afterAll(async () => {
      await pgApp?.close();
    });

    it('is taken once: the kitchen’s row is locked before the slot is counted', async () => {
      pgApp = await createLegApp('postgres', 'scheduled_orders');
      const app = pgApp;
      const buyer = await createUserWithSession(app);
      const buyers = [buyer, ...(await Promise.all([1, 2, 3, 4].map(() => createUserWithSession(app))))];
      const items = await loadCatalogue(app);
      const kitchen = (await app.deps.store.db.selectFrom('locations').select('id').orderBy('sort_order').executeTakeFirstOrThrow()).id;
      await app.deps.store.db.updateTable('locations').set({ slot_capacity: 2 }).where('id', '=', kitchen).execute();
      const body = pickupBody(kitchen, [items.find((item) => item.groups.length === 0)!], {
        when: { type: 'slot', slotStart: '2026-11-22T16:00:00.000Z' },
      });
      await placeOrder(app, buyer, body);
      // Four customers (each under their own cash caps) for the one place left, at once.
      const answers = await Promise.all(buyers.slice(1).map((who) => postOrder(app, who, body)));
      expect(answers.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    });
  },
);
