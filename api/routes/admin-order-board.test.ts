import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { LiveEvent } from '../../src/shared/schemas/admin';
import { boardResponseSchema } from '../../src/shared/schemas/admin';
import type { Order, OrderStatusEvent } from '../../src/shared/schemas/order';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp, OPEN_HOURS_INSTANT } from '../../tests/setup/test-app';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import { firstLocationId, loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';
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
const board = async (query = '') =>
  boardResponseSchema.parse(await (await t.request(`/api/admin/board${query}`, { headers: { cookie: admin.cookie } })).json()).orders;

function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async until(pattern: RegExp): Promise<RegExpExecArray> {
      for (;;) {
        const match = pattern.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return match;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

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

  it('moves an order along the allowed transitions and refuses the others with 409', async () => {
    const order = await place();
    expect((await move(order.orderNumber, { status: 'preparing' })).status).toBe(409);
    const confirmed = await move(order.orderNumber, { status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { order: Order }).order.status).toBe('confirmed');
    const again = await move(order.orderNumber, { status: 'confirmed' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('invalid_transition');
    for (const status of ['preparing', 'sent to kitchen', 'delivered'] as const) {
      expect((await move(order.orderNumber, { status })).status).toBe(200);
    }
    // Final: nothing moves out of delivered.
    expect((await move(order.orderNumber, { status: 'cancelled', reason: 'late' })).status).toBe(409);
    expect((await move('ORD-UNKNOWN', { status: 'confirmed' })).status).toBe(404);
  });

  it('cancelling needs a reason, which the customer reads', async () => {
    const order = await place();
    const noReason = await move(order.orderNumber, { status: 'cancelled' });
    expect(noReason.status).toBe(400);
    expect((await move(order.orderNumber, { status: 'cancelled', reason: '   ' })).status).toBe(400);
    expect((await move(order.orderNumber, { status: 'cancelled', reason: 'Out of charcoal' })).status).toBe(200);
    const mine = (await (await t.request(`/api/orders/${order.orderNumber}`, { headers: { cookie: customer.cookie } })).json()) as {
      order: Order;
    };
    expect(mine.order).toMatchObject({ status: 'cancelled', cancelReason: 'Out of charcoal' });
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
    await move(order.orderNumber, { status: 'confirmed' });
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
    await move(order.orderNumber, { status: 'confirmed' });
    const updated = JSON.parse((await stream.until(/event: order-updated\ndata: (.*)\n/))[1]!) as LiveEvent;
    expect(updated).toMatchObject({ type: 'order-updated', orderNumber: order.orderNumber, status: 'confirmed' });
    await stream.cancel();
  });
});
