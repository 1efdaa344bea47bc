import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { menuSchema } from '../../src/shared/schemas/menu';
import { orderResponseSchema } from '../../src/shared/schemas/order';
import { restaurantInfoSchema } from '../../src/shared/schemas/restaurant';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { MAX_FEEDBACK_PER_ORDER } from './order-feedback';

let t: TestApp;

/** A cash pickup order for `cookie`, placed through the real order route. */
async function placeOrder(cookie: string): Promise<string> {
  const menu = menuSchema.parse(await (await t.request('/api/menu')).json());
  const info = restaurantInfoSchema.parse(await (await t.request('/api/restaurant')).json());
  const item = menu.items.find((i) => i.modifierGroups.length === 0 && !i.soldOut && i.priceBani > 0)!;
  const quantity = Math.min(99, Math.ceil(info.settings.minimumOrderBani / item.priceBani) + 1);
  const response = await t.request('/api/orders', {
    method: 'POST',
    headers: { cookie, 'Idempotency-Key': crypto.randomUUID() },
    json: {
      items: [{ menuItemId: item.id, quantity, modifierIds: [] }],
      fulfilment: { type: 'pickup', locationId: info.locations[0]!.id },
      paymentMethod: 'cash',
      customer: { firstName: 'Ana', lastName: 'Pop', email: 'ana@example.ro', phone: '0722000000' },
    },
  });
  expect(response.status).toBe(201);
  return orderResponseSchema.parse(await response.json()).order.orderNumber;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/orders/:orderNumber/feedback', () => {
  it('stores a rating and message for my own order', async () => {
    const me = await createUserWithSession(t);
    const orderNumber = await placeOrder(me.cookie);
    const response = await t.request(`/api/orders/${orderNumber}/feedback`, {
      method: 'POST',
      headers: { cookie: me.cookie },
      json: { rating: 5, message: '  Mici excelenți  ' },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { feedback: { rating: number; message: string; orderNumber: string } };
    expect(body.feedback).toMatchObject({ rating: 5, message: 'Mici excelenți', orderNumber });
    const rows = await t.deps.store.db.selectFrom('order_feedback').selectAll().where('customer_id', '=', me.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses guests, other customers’ orders (404) and bad input (400) without storing anything', async () => {
    const owner = await createUserWithSession(t);
    const other = await createUserWithSession(t);
    const orderNumber = await placeOrder(owner.cookie);
    const path = `/api/orders/${orderNumber}/feedback`;
    expect((await t.request(path, { method: 'POST', json: { rating: 4, message: '' } })).status).toBe(401);
    expect((await t.request(path, { method: 'POST', headers: { cookie: other.cookie }, json: { rating: 4, message: '' } })).status).toBe(
      404,
    );
    for (const bad of [
      { rating: 0, message: '' },
      { rating: 6, message: '' },
      { rating: 3.5, message: '' },
      { rating: '5', message: '' },
      { rating: 5, message: 'x'.repeat(1001) },
      null,
    ]) {
      const response = await t.request(path, { method: 'POST', headers: { cookie: owner.cookie }, json: bad });
      expect(response.status).toBe(400);
    }
    const unknown = await t.request('/api/orders/ORD-NOPE/feedback', {
      method: 'POST',
      headers: { cookie: owner.cookie },
      json: { rating: 4, message: '' },
    });
    expect(unknown.status).toBe(404);
    const rows = await t.deps.store.db.selectFrom('order_feedback').selectAll().where('customer_id', 'in', [owner.id, other.id]).execute();
    expect(rows).toEqual([]);
  });

  it(`keeps at most ${MAX_FEEDBACK_PER_ORDER} submissions per order`, async () => {
    const me = await createUserWithSession(t);
    const orderNumber = await placeOrder(me.cookie);
    for (let i = 0; i < MAX_FEEDBACK_PER_ORDER; i += 1) {
      const ok = await t.request(`/api/orders/${orderNumber}/feedback`, {
        method: 'POST',
        headers: { cookie: me.cookie },
        json: { rating: 3, message: `#${i}` },
      });
      expect(ok.status).toBe(201);
    }
    const refused = await t.request(`/api/orders/${orderNumber}/feedback`, {
      method: 'POST',
      headers: { cookie: me.cookie },
      json: { rating: 3, message: 'again' },
    });
    expect(refused.status).toBe(409);
  });
});
