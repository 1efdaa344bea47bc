/**
 * Placing an order names it in the request's log lines (docs/decisions/0104-order-numbers-in-logs.md):
 * placeOrder says so where it makes the number, and an idempotent replay names the order it answers with.
 */
import { randomUUID } from 'node:crypto';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Order } from '../../src/shared/schemas/order';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { firstLocationId, loadCatalogue, pickupBody, postOrder } from '../../tests/integration/order-fixtures';
import { createLogger } from '../lib/logger';

let t: TestApp;
let lines: Record<string, unknown>[];
beforeEach(async () => {
  lines = [];
  t = await createTestApp({ logger: createLogger('info', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>)) });
});
afterEach(async () => {
  await t.close();
});

describe('placing an order names it in the logs', () => {
  it('on the request line of the first attempt and of a replay under the same key', async () => {
    const user = await createUserWithSession(t);
    const catalogue = await loadCatalogue(t);
    const body = pickupBody(await firstLocationId(t), catalogue.slice(0, 1));
    const key = randomUUID();
    const first = await postOrder(t, user, body, key);
    expect(first.status).toBe(201);
    const { order } = (await first.json()) as { order: Order };
    const requestLine = () => lines.filter((line) => line.msg === 'request' && line.path === '/api/orders').at(-1);
    expect(requestLine()).toMatchObject({ method: 'POST', status: 201, orderNumber: order.orderNumber });

    lines.length = 0;
    const replay = await postOrder(t, user, body, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(requestLine()).toMatchObject({ method: 'POST', orderNumber: order.orderNumber });
  });

  it('a refused order names none', async () => {
    const user = await createUserWithSession(t);
    const refused = await postOrder(t, user, { items: [] });
    expect(refused.status).toBe(400);
    const line = lines.filter((entry) => entry.msg === 'request' && entry.path === '/api/orders').at(-1);
    expect(line).toMatchObject({ status: 400 });
    expect(line).not.toHaveProperty('orderNumber');
  });
});
