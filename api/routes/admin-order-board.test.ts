import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { LiveEvent } from '../../src/shared/schemas/admin';
import { nextStatuses } from '../../src/shared/domain/order-status';
import { boardResponseSchema } from '../../src/shared/schemas/admin';
import type { Order, OrderStatusEvent } from '../../src/shared/schemas/order';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { sseReader } from '../../tests/setup/sse-reader';
import { createTestApp, OPEN_HOURS_INSTANT } from '../../tests/setup/test-app';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import { firstLocationId, insertAddress, loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';
import { bucharestDayBounds } from './admin-order-board';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let catalogue: CatalogueItem[];
let locationId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithSession(t, { role: 'admin' });
  customer = await createUserWithSession(t);
  catalogue = await loadCatalogue(t);
  locationId = await firstLocationId(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.set(OPEN_HOURS_INSTANT);
});

const plain = () => catalogue.find((item) => item.groups.length === 0)!;
const place = () => placeOrder(t, customer, pickupBody(locationId, [plain()], { notes: 'Fără ceapă' }));
const move = (orderNumber: string, json: unknown) =>
  t.request(`/api/admin/board/${encodeURIComponent(orderNumber)}/status`, { method: 'POST', json, headers: { cookie: admin.cookie } });
const accept = (orderNumber: string, prepMinutes = 30) =>
  t.request(`/api/admin/board/${encodeURIComponent(orderNumber)}/accept`, {
    method: 'POST',
    json: { prepMinutes },
    headers: { cookie: admin.cookie },
  });
const cancel = (orderNumber: string, json: unknown) =>
  t.request(`/api/admin/board/${encodeURIComponent(orderNumber)}/cancel`, { method: 'POST', json, headers: { cookie: admin.cookie } });
const board = async (query = '') =>
  boardResponseSchema.parse(await (await t.request(`/api/admin/board${query}`, { headers: { cookie: admin.cookie } })).json()).orders;

describe('Bucharest day bounds', () => {
  it('covers the local calendar day (UTC+2 in winter, UTC+3 in summer)', () => {
    expect(bucharestDayBounds(new Date('2026-11-22T12:00:00Z'))).toEqual({
      start: '2026-11-21T22:00:00.000Z',
      end: '2026-11-22T22:00:00.000Z',
    });
    expect(bucharestDayBounds(new Date('2026-07-01T23:30:00Z'))).toEqual({
      start: '2026-07-01T21:00:00.000Z',
      end: '2026-07-02T21:00:00.000Z',
    });
  });
});

describe('the order board', () => {
  it('lists every order newest first with lines, notes and payment / POS status; filters by status and today', async () => {
    const first = await place();
    t.clock.advanceMs(60_000);
    const second = await place();
    const orders = await board();
    expect(orders.map((o) => o.orderNumber).slice(0, 2)).toEqual([second.orderNumber, first.orderNumber]);
    expect(orders[0]).toMatchObject({ customerNotes: 'Fără ceapă', paymentMethod: 'cash', posInjectionStatus: 'pending' });
    expect(orders[0]!.orderItems.length).toBe(1);
    expect((await board('?status=received')).every((o) => o.status === 'received')).toBe(true);
    expect((await board('?status=delivered')).length).toBe(0);
    expect((await board('?today=1')).length).toBeGreaterThanOrEqual(2);
    t.clock.set(new Date('2026-11-23T12:00:00Z'));
    expect((await board('?today=1')).length).toBe(0);
    expect((await t.request('/api/admin/board?status=bogus', { headers: { cookie: admin.cookie } })).status).toBe(400);
  });

  it('says which kitchen hand-off runs, so the board offers only the moves the server takes', async () => {
    const embedded = await t.request('/api/admin/board', { headers: { cookie: admin.cookie } });
    expect(boardResponseSchema.parse(await embedded.json()).pos).toBe('kitchen-board');
    const vendor = await createTestApp({ env: { POS: 'http', POS_URL: 'http://127.0.0.1:9/unused' } });
    try {
      const manager = await createUserWithSession(vendor, { role: 'admin' });
      const answer = await vendor.request('/api/admin/board', { headers: { cookie: manager.cookie } });
      const { pos } = boardResponseSchema.parse(await answer.json());
      expect(pos).toBe('http');
      // With a vendor POS the board never offers 'sent to kitchen': only the vendor's acknowledgement makes it.
      expect(nextStatuses('preparing', 'delivery', pos)).toEqual(['cancelled']);
      expect(nextStatuses('preparing', 'delivery', 'kitchen-board')).toEqual(['sent to kitchen', 'cancelled']);
    } finally {
      await vendor.close();
    }
  });

  it('moves an order along the allowed transitions and refuses the others with 409', async () => {
    const order = await place();
    expect((await move(order.orderNumber, { status: 'preparing' })).status).toBe(409);
    // Accepting has its own route (with the preparation time): the status route only steps forward.
    const viaStatus = await move(order.orderNumber, { status: 'confirmed' });
    expect(viaStatus.status).toBe(409);
    expect(((await viaStatus.json()) as { error: { code: string } }).error.code).toBe('invalid_transition');
    const confirmed = await accept(order.orderNumber);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { order: Order }).order.status).toBe('confirmed');
    const again = await accept(order.orderNumber);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('invalid_transition');
    for (const status of ['preparing', 'sent to kitchen'] as const) {
      expect((await move(order.orderNumber, { status })).status).toBe(200);
    }
    // A pickup order is not handed over straight from the kitchen: 'ready for pickup' comes first.
    const skip = await move(order.orderNumber, { status: 'delivered' });
    expect(skip.status).toBe(409);
    expect(((await skip.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'invalid_transition',
      message: "A pickup order that is 'In Kitchen' cannot move to 'Picked Up'.",
    });
    for (const status of ['out for delivery', 'delivered'] as const) {
      expect((await move(order.orderNumber, { status })).status).toBe(200);
    }
    // Final: nothing moves out of delivered, by either route.
    expect((await move(order.orderNumber, { status: 'cancelled', reason: 'late' })).status).toBe(409);
    expect((await cancel(order.orderNumber, { reasonCode: 'too_busy' })).status).toBe(409);
    expect((await move('ORD-UNKNOWN', { status: 'preparing' })).status).toBe(404);
    expect((await accept('ORD-UNKNOWN')).status).toBe(404);
    expect((await accept(order.orderNumber, 0)).status).toBe(400);
    expect((await accept(order.orderNumber, 241)).status).toBe(400);
  });

  it('rejecting needs a reason code (and a note for other), which the customer reads', async () => {
    const order = await place();
    expect((await cancel(order.orderNumber, {})).status).toBe(400);
    expect((await cancel(order.orderNumber, { reasonCode: 'other' })).status).toBe(400);
    expect((await cancel(order.orderNumber, { reasonCode: 'customer_request' })).status).toBe(400);
    // Cancelling is not a step of the status route any more.
    expect((await move(order.orderNumber, { status: 'cancelled', reason: 'Out of charcoal' })).status).toBe(409);
    const rejected = await cancel(order.orderNumber, { reasonCode: 'sold_out' });
    expect(rejected.status).toBe(200);
    const mine = (await (await t.request(`/api/orders/${order.orderNumber}`, { headers: { cookie: customer.cookie } })).json()) as {
      order: Order;
    };
    expect(mine.order).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Sold out',
      cancelReasonCode: 'sold_out',
      cancelledBy: 'restaurant',
    });
    expect(mine.order.statusHistory.map((step) => step.status)).toEqual(['received', 'cancelled']);

    const other = await place();
    expect((await cancel(other.orderNumber, { reasonCode: 'other', note: 'Out of charcoal' })).status).toBe(200);
    const read = (await (await t.request(`/api/orders/${other.orderNumber}`, { headers: { cookie: customer.cookie } })).json()) as {
      order: Order;
    };
    expect(read.order).toMatchObject({ cancelReason: 'Out of charcoal', cancelReasonCode: 'other' });
  });

  it("a move reaches the customer's order stream live", async () => {
    const order = await place();
    const controller = new AbortController();
    const response = await t.request(`/api/orders/${encodeURIComponent(order.orderNumber)}/events`, {
      headers: { cookie: customer.cookie },
      signal: controller.signal,
    });
    const stream = sseReader(response);
    const parse = async () => JSON.parse((await stream.until(/event: status\ndata: (.*)\n/))[1]!) as OrderStatusEvent;
    expect((await parse()).status).toBe('received');
    await accept(order.orderNumber);
    expect((await parse()).status).toBe('confirmed');
    await stream.cancel();
  });

  it('the admin stream carries new orders (by its poll) and board moves', async () => {
    const controller = new AbortController();
    const response = await t.request('/api/admin/events', { headers: { cookie: admin.cookie }, signal: controller.signal });
    const stream = sseReader(response);
    await stream.until(/: connected/);
    const order = await place();
    const created = JSON.parse((await stream.until(/event: order-created\ndata: (.*)\n/))[1]!) as LiveEvent;
    expect(created).toMatchObject({ type: 'order-created', orderNumber: order.orderNumber });
    await accept(order.orderNumber);
    const updated = JSON.parse((await stream.until(/event: order-updated\ndata: (.*)\n/))[1]!) as LiveEvent;
    expect(updated).toMatchObject({ type: 'order-updated', orderNumber: order.orderNumber, status: 'confirmed' });
    await stream.cancel();
  });

  it('a delivery order carries the whole door as placed: number, bloc, scară, etaj, apartament, interfon, pin', async () => {
    const addressId = await insertAddress(t, customer.id);
    await t.deps.store.db
      .updateTable('customer_addresses')
      .set({ street_address: 'Bulevardul Republicii 12', house_number: '12', apartment: 'Corp B', interfon: '17A' })
      .where('id', '=', addressId)
      .execute();
    const order = await placeOrder(t, customer, { ...pickupBody(locationId, [plain()]), fulfilment: { type: 'delivery', addressId } });
    // The customer edits the saved address afterwards: the order keeps the door it was placed for.
    await t.deps.store.db
      .updateTable('customer_addresses')
      .set({ street_address: 'Strada Nouă 1', house_number: '1', bloc: 'Z9', interfon: '99' })
      .where('id', '=', addressId)
      .execute();
    const listed = (await board()).find((o) => o.orderNumber === order.orderNumber)!;
    expect(listed.deliveryAddress).toMatchObject({
      street: 'Bulevardul Republicii 12',
      houseNumber: '12',
      apartment: 'Corp B',
      bloc: 'A3',
      scara: '2',
      etaj: '4',
      apartament: '17',
      interfon: '17A',
      details: 'Corp B, Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17A',
    });
    expect(listed).toMatchObject({ deliveryInstructions: 'Sunați la interfon', customerPhone: '0722 123 456' });
    expect(listed.deliveryLatitude).toBeCloseTo(44.9415);
    expect(listed.deliveryLongitude).toBeCloseTo(26.0235);
  });

  it("moves a delivery order through 'out for delivery' to 'delivered', never skipping", async () => {
    const addressId = await insertAddress(t, customer.id);
    const order = await placeOrder(t, customer, { ...pickupBody(locationId, [plain()]), fulfilment: { type: 'delivery', addressId } });
    expect((await accept(order.orderNumber)).status).toBe(200);
    for (const status of ['preparing', 'sent to kitchen'] as const) {
      expect((await move(order.orderNumber, { status })).status).toBe(200);
    }
    expect((await move(order.orderNumber, { status: 'delivered' })).status).toBe(409);
    expect((await move(order.orderNumber, { status: 'out for delivery' })).status).toBe(200);
    expect((await move(order.orderNumber, { status: 'delivered' })).status).toBe(200);
  });
});
