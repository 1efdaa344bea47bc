/**
 * Orders in the real server process: once the manager accepts a cash order, the outbox worker
 * started by api/index.ts hands it to a vendor POS (the stand-in) and the vendor's acknowledgement
 * moves it to 'sent to kitchen' (issue 19); SIGTERM ends live order streams and stops the worker
 * before the store closes (exit 0); an acknowledged order survives kill -9 and a restart (QUALITY R4).
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';

import { afterEach, describe, expect, it } from 'vitest';

import type { Menu } from '../../src/shared/schemas/menu';
import type { Order } from '../../src/shared/schemas/order';
import type { RestaurantInfo } from '../../src/shared/schemas/restaurant';
import type { PosMock } from '../mocks/pos';
import { startPosMock } from '../mocks/pos';
import type { SpawnedServer } from '../setup/spawn-server';
import { spawnServer } from '../setup/spawn-server';
import { makeTempDir } from '../setup/test-app';

const ADMIN = { ADMIN_EMAIL: 'manager@example.ro', ADMIN_PASSWORD: 'a-long-enough-password' };
const POLL_MS = 100;
const HAND_OFF_TIMEOUT_MS = 10_000;
/** Spawning tsx and one scrypt login per server take seconds on a shared 2-core machine. */
const PROCESS_TEST_TIMEOUT_MS = 90_000;

const running: SpawnedServer[] = [];
const dirs: string[] = [];
const posMocks: PosMock[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const pos of posMocks.splice(0)) await pos.close();
});

async function start(dataDir: string, env: Record<string, string> = {}) {
  const server = await spawnServer({ dataDir, env: { ...ADMIN, ...env } });
  running.push(server);
  return server;
}

async function signIn(server: SpawnedServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function placeCashOrder(server: SpawnedServer, cookie: string): Promise<Order> {
  const menu = (await (await fetch(`${server.url}/api/menu`)).json()) as Menu;
  const info = (await (await fetch(`${server.url}/api/restaurant`)).json()) as RestaurantInfo;
  const item = menu.items.find((i) => i.modifierGroups.length === 0)!;
  const response = await fetch(`${server.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({
      items: [{ menuItemId: item.id, quantity: 2, modifierIds: [] }],
      fulfilment: { type: 'pickup', locationId: info.locations[0]!.id },
      paymentMethod: 'cash',
      customer: { firstName: 'Ana', lastName: 'Popescu', email: 'ana@example.ro', phone: '0722 123 456' },
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}

describe('orders in the server process', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('hands an accepted cash order to the kitchen, streams its status, and exits 0 on SIGTERM with a stream open', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const pos = await startPosMock();
    posMocks.push(pos);
    const server = await start(dataDir, { POS: 'http', POS_URL: pos.url, POS_API_KEY: pos.apiKey });
    const cookie = await signIn(server);
    const order = await placeCashOrder(server, cookie);
    const accepted = await fetch(`${server.url}/api/admin/board/${order.orderNumber}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify({ prepMinutes: 30 }),
    });
    expect(accepted.status).toBe(200);
    const deadline = Date.now() + HAND_OFF_TIMEOUT_MS;
    let current = order;
    while (current.posInjectionStatus !== 'sent' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      current = ((await (await fetch(`${server.url}/api/orders/${order.orderNumber}`, { headers: { cookie } })).json()) as { order: Order })
        .order;
    }
    expect(current).toMatchObject({ posInjectionStatus: 'sent', status: 'sent to kitchen' });
    expect(current.statusHistory.map((step) => step.status)).toEqual(['received', 'confirmed', 'sent to kitchen']);
    expect(pos.accepted.get(order.orderNumber)).toHaveLength(1);

    const stream = await fetch(`${server.url}/api/orders/${order.orderNumber}/events`, { headers: { cookie } });
    const reader = stream.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: status');
    expect(first).toContain('sent to kitchen');
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('keeps an acknowledged order across kill -9 and a restart', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const first = await start(dataDir);
    const cookie = await signIn(first);
    const order = await placeCashOrder(first, cookie);
    first.child.kill('SIGKILL');
    await first.exited;
    // Sessions live in the store too, so the same cookie still works after the restart.
    const second = await start(dataDir);
    const response = await fetch(`${second.url}/api/orders/${order.orderNumber}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { order: Order }).order.totalBani).toBe(order.totalBani);
  });
});
