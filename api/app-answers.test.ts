/**
 * Answers leave through @hono/node-server as they were built: the app-wide headers (request id,
 * security headers, the API's default Cache-Control) are set before the route builds its answer, never
 * written onto a finished one. A header written onto a finished answer makes @hono/node-server rebuild
 * it as a Fetch Response and stream its body out: 35-80 µs of CPU on every answer, order creation
 * included (docs/decisions/0154-app-headers-before-the-answer.md).
 */

import { getRequestListener } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { firstLocationId, loadCatalogue, pickupBody } from '../tests/integration/order-fixtures';
import { createUserWithSession } from '../tests/setup/auth';
import { listenOnLoopback } from '../tests/setup/loopback-server';
import type { TestApp } from '../tests/setup/test-app';
import { createTestApp } from '../tests/setup/test-app';
import { SECURITY_HEADERS } from './middleware/security-headers';

let t: TestApp;
let baseUrl: string;
let close: () => Promise<void>;
/** Per answered path: how many times the listener called res.write (a body streamed out of a rebuilt Response). */
let streamedWrites: Map<string, number>;

beforeEach(async () => {
  t = await createTestApp();
  streamedWrites = new Map();
  const listener = getRequestListener(t.app.fetch);
  const server = await listenOnLoopback((req, res) => {
    const key = `${req.method} ${req.url}`;
    streamedWrites.set(key, 0);
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    res.write = ((...args: unknown[]) => {
      streamedWrites.set(key, (streamedWrites.get(key) ?? 0) + 1);
      return write(...args);
    }) as typeof res.write;
    void listener(req, res);
  });
  baseUrl = server.baseUrl;
  close = server.close;
});
afterEach(async () => {
  await close();
  await t.close();
});

/**
 * Sent as built: @hono/node-server hands the body to node in one res.end(body), with its length. A
 * rebuilt answer is read from a stream and written piece by piece (res.write, then an empty end).
 */
function expectSentAsBuilt(response: Response, what: string) {
  expect(streamedWrites.get(what), what).toBe(0);
  expect(response.headers.get('content-length'), what).toMatch(/^\d+$/);
}

function expectAppHeaders(response: Response, what: string) {
  expect(response.headers.get('x-request-id'), what).toBeTruthy();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), `${what}: ${name}`).toBe(value);
}

describe('API answers through the node listener', () => {
  it('places an order with the answer sent as built, with every app-wide header', async () => {
    const user = await createUserWithSession(t);
    const body = pickupBody(await firstLocationId(t), (await loadCatalogue(t)).slice(0, 3));
    const response = await fetch(`${baseUrl}/api/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: baseUrl,
        cookie: user.cookie,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expectSentAsBuilt(response, 'POST /api/orders');
    expectAppHeaders(response, 'POST /api/orders');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps a route’s own Cache-Control and gives errors and unknown routes the defaults', async () => {
    const restaurant = await fetch(`${baseUrl}/api/restaurant`);
    expect(restaurant.status).toBe(200);
    expect(restaurant.headers.get('cache-control')).toBe('no-cache');
    expectSentAsBuilt(restaurant, 'GET /api/restaurant');
    expectAppHeaders(restaurant, 'GET /api/restaurant');

    const guest = await fetch(`${baseUrl}/api/orders`);
    expect(guest.status).toBe(401);
    const unknown = await fetch(`${baseUrl}/api/no-such-route`);
    expect(unknown.status).toBe(404);
    for (const [what, response] of [
      ['GET /api/orders', guest],
      ['GET /api/no-such-route', unknown],
    ] as const) {
      expectSentAsBuilt(response, what);
      expectAppHeaders(response, what);
      expect(response.headers.get('cache-control'), what).toBe('no-store');
    }
  });

  it('answers with the request id the client sent when it is sane', async () => {
    const response = await fetch(`${baseUrl}/api/health`, { headers: { 'x-request-id': 'client-chosen-id-1' } });
    expect(response.headers.get('x-request-id')).toBe('client-chosen-id-1');
    expectSentAsBuilt(response, 'GET /api/health');
  });
});
