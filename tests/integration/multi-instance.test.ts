/**
 * Two real API processes on one PostgreSQL (issue 10), as behind a load balancer: customers and the
 * manager spread across both; cash orders created through both and drained by both outbox workers
 * against the POS stand-in reach it exactly once each; a status change made on A reaches a customer's
 * live connection on B (LISTEN/NOTIFY); a session made on A works on B; rate limits count across
 * both; and an instance SIGKILLed while its POS hand-off hangs leaves rows that the other instance
 * hands off once their lease (OUTBOX_LEASE_MS) has run out.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Menu } from '../../src/shared/schemas/menu';
import type { Order } from '../../src/shared/schemas/order';
import type { RestaurantInfo } from '../../src/shared/schemas/restaurant';
import { startPosMock } from '../mocks/pos';
import type { PosMock } from '../mocks/pos';
import type { TestDatabase } from '../setup/postgres';
import { createTestDatabase, reportPostgresSkipped, TEST_DATABASE_URL } from '../setup/postgres';
import type { SpawnedServer } from '../setup/spawn-server';
import { spawnServer } from '../setup/spawn-server';
import { makeTempDir } from '../setup/test-app';
import { LOGIN_FREE_FAILURES_PER_CLIENT } from '../../api/lib/login-throttle';

const ADMIN = { email: 'manager@example.ro', password: 'a-long-enough-password' };
const CUSTOMER_PASSWORD = 'customer-password-1';
/** Short so a killed instance's rows move on quickly; longer than the POS timeout as env.ts requires. */
const LEASE_MS = 4_000;
const POS_TIMEOUT_MS = 2_000;
const POLL_MS = 100;
const WAIT_TIMEOUT_MS = 20_000;
/** Two tsx processes starting at once and scrypt logins on a shared 2-core machine take a while. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;
const ORDERS_PER_INSTANCE = 6;

reportPostgresSkipped('tests/integration/multi-instance.test.ts (two API processes on one PostgreSQL)');

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = WAIT_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

function post(server: SpawnedServer, pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...headers },
    body: JSON.stringify(body),
  });
}

/** Reads an SSE stream until an event's data satisfies `match`; aborts the connection afterwards. */
async function readSseUntil(response: Response, match: (data: string) => boolean, controller: AbortController): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const seen: string[] = [];
  let buffer = '';
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  try {
    while (Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        if (!data) continue;
        seen.push(data);
        if (match(data)) return seen;
      }
    }
    throw new Error(`no matching SSE event; saw ${JSON.stringify(seen)}`);
  } finally {
    controller.abort();
  }
}

describe.skipIf(!TEST_DATABASE_URL)('two API instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let pos: PosMock;
  let a: SpawnedServer;
  let b: SpawnedServer;
  const dirs: string[] = [];
  let locationId: number;
  let menuItemId: number;

  const start = (instanceId: string) => {
    const dataDir = makeTempDir(`storefront-${instanceId}-`);
    dirs.push(dataDir);
    return spawnServer({
      dataDir,
      env: {
        INSTANCE_ID: instanceId,
        DATABASE_URL: database.url,
        POS: 'http',
        POS_URL: pos.url,
        POS_API_KEY: pos.apiKey,
        OUTBOX_RETRY_BASE_MS: '200',
        OUTBOX_RETRY_MAX_MS: '1000',
        OUTBOX_POS_TIMEOUT_MS: String(POS_TIMEOUT_MS),
        OUTBOX_LEASE_MS: String(LEASE_MS),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
    });
  };

  async function register(server: SpawnedServer, email: string): Promise<string> {
    const response = await post(server, '/api/auth/register', {
      email,
      password: CUSTOMER_PASSWORD,
      firstName: 'Radu',
      lastName: 'Ene',
      phone: '0722000000',
    });
    expect(response.status).toBe(201);
    return cookieOf(response);
  }

  async function login(server: SpawnedServer, email: string, password: string): Promise<Response> {
    return post(server, '/api/auth/login', { email, password });
  }

  const adminCookies = new Map<SpawnedServer, string>();
  /** The manager accepts it on the board (issue 19): only then does the vendor POS hear of it. */
  async function acceptOn(server: SpawnedServer, orderNumber: string): Promise<void> {
    let cookie = adminCookies.get(server);
    if (!cookie) {
      cookie = cookieOf(await login(server, ADMIN.email, ADMIN.password));
      adminCookies.set(server, cookie);
    }
    const response = await post(server, `/api/admin/board/${orderNumber}/accept`, { prepMinutes: 30 }, { cookie });
    expect(response.status).toBe(200);
  }

  /** A cash order placed (and, unless `accept` is false, accepted) through `server`. */
  async function placeCashOrder(server: SpawnedServer, cookie: string, key: string = randomUUID(), accept = true): Promise<Order> {
    const response = await post(
      server,
      '/api/orders',
      {
        items: [{ menuItemId, quantity: 1, modifierIds: [] }],
        fulfilment: { type: 'pickup', locationId },
        paymentMethod: 'cash',
        customer: { firstName: 'Radu', lastName: 'Ene', email: 'radu@example.ro', phone: '0722000000' },
      },
      { cookie, 'Idempotency-Key': key },
    );
    expect(response.status).toBe(201);
    const order = ((await response.json()) as { order: Order }).order;
    if (accept) await acceptOn(server, order.orderNumber);
    return order;
  }

  async function orderOn(server: SpawnedServer, cookie: string, orderNumber: string): Promise<Order> {
    return ((await (await fetch(`${server.url}/api/orders/${orderNumber}`, { headers: { cookie } })).json()) as { order: Order }).order;
  }

  beforeAll(async () => {
    database = await createTestDatabase('multi_instance');
    pos = await startPosMock();
    // Both start at once on an empty database: migrations and the seed must happen exactly once.
    [a, b] = await Promise.all([start('instance-a'), start('instance-b')]);
    for (const server of [a, b]) expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    const menu = (await (await fetch(`${a.url}/api/menu`)).json()) as Menu;
    menuItemId = menu.items.find((item) => item.modifierGroups.length === 0 && !item.soldOut)!.id;
    const info = (await (await fetch(`${b.url}/api/restaurant`)).json()) as RestaurantInfo;
    locationId = info.locations[0]!.id;
  }, PROCESS_TEST_TIMEOUT_MS);

  afterAll(async () => {
    for (const server of [a, b]) {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    await pos?.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, PROCESS_TEST_TIMEOUT_MS);

  it(
    'starts both instances on one seed and serves the same menu from both',
    async () => {
      const [menuA, menuB] = await Promise.all(
        [a, b].map(async (server) => (await (await fetch(`${server.url}/api/menu`)).json()) as Menu),
      );
      expect(menuA!.version).toBe(menuB!.version);
      expect(menuA!.items).toHaveLength(51);
      expect(a.output() + b.output()).not.toMatch(/"level":"error"/);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'honours a session made on A on B, and logout on B ends it on A',
    async () => {
      const email = `session.${randomUUID().slice(0, 8)}@example.ro`;
      const cookie = await register(a, email);
      const me = (await (await fetch(`${b.url}/api/auth/me`, { headers: { cookie } })).json()) as { user: { email: string } | null };
      expect(me.user?.email).toBe(email);
      expect((await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: b.url } })).status).toBeLessThan(300);
      const after = (await (await fetch(`${a.url}/api/auth/me`, { headers: { cookie } })).json()) as { user: unknown };
      expect(after.user).toBeNull();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'counts failed logins for one account across both instances',
    async () => {
      const email = `limited.${randomUUID().slice(0, 8)}@example.ro`;
      await register(b, email);
      for (let i = 0; i < LOGIN_FREE_FAILURES_PER_CLIENT; i += 1) {
        expect((await login(i % 2 === 0 ? a : b, email, 'wrong-password-1')).status).toBe(401);
      }
      // Each instance saw only some of this client's failures; together they reach the free ones, and the
      // next attempt must wait on either instance (api/lib/login-throttle.ts).
      const refused = await login(a, email, CUSTOMER_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await login(b, email, CUSTOMER_PASSWORD)).status).toBe(429);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'hands every cash order made through either instance to the POS exactly once, drained by both workers',
    async () => {
      const customerA = await register(a, `orders.a.${randomUUID().slice(0, 8)}@example.ro`);
      const customerB = await register(b, `orders.b.${randomUUID().slice(0, 8)}@example.ro`);
      // Where each order can be read back: its customer's cookie and an instance (reads work on either).
      const owners = new Map<string, { server: SpawnedServer; cookie: string }>();
      // A replayed key on the other instance must not make a second order either.
      const sharedKey = randomUUID();
      const first = await placeCashOrder(a, customerA, sharedKey);
      const replayed = await placeCashOrder(b, customerA, sharedKey, false);
      expect(replayed.orderNumber).toBe(first.orderNumber);
      owners.set(first.orderNumber, { server: b, cookie: customerA });
      const placing: Promise<Order>[] = [];
      for (let i = 0; i < ORDERS_PER_INSTANCE; i += 1) placing.push(placeCashOrder(a, customerA), placeCashOrder(b, customerB));
      for (const [index, order] of (await Promise.all(placing)).entries()) {
        // Read each back through the instance that did NOT create it.
        owners.set(order.orderNumber, index % 2 === 0 ? { server: b, cookie: customerA } : { server: a, cookie: customerB });
      }
      const numbers = [...owners.keys()];
      expect(numbers).toHaveLength(2 * ORDERS_PER_INSTANCE + 1);
      await waitFor('every order at the POS', async () => numbers.every((number) => pos.accepted.has(number)));
      for (const number of numbers) {
        expect(pos.accepted.get(number), number).toHaveLength(1);
        expect(pos.attempts.get(number), number).toBe(1);
      }
      await waitFor('every order marked sent to kitchen', async () => {
        const states = await Promise.all(numbers.map((number) => orderOn(owners.get(number)!.server, owners.get(number)!.cookie, number)));
        return states.every((state) => state.status === 'sent to kitchen' && state.posInjectionStatus === 'sent');
      });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    "delivers a status change made on A to a customer's live connection on B",
    async () => {
      const adminCookie = cookieOf(await login(a, ADMIN.email, ADMIN.password));
      const customer = await register(b, `live.${randomUUID().slice(0, 8)}@example.ro`);
      const order = await placeCashOrder(b, customer);
      await waitFor('the order at the kitchen', async () => (await orderOn(b, customer, order.orderNumber)).status === 'sent to kitchen');
      const controller = new AbortController();
      const stream = await fetch(`${b.url}/api/orders/${order.orderNumber}/events`, {
        headers: { cookie: customer },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const reading = readSseUntil(stream, (data) => data.includes('"status":"delivered"'), controller);
      // Give B's stream a moment to subscribe before the change happens on A.
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A pickup order is handed over from 'ready for pickup' (stored 'out for delivery'), never straight from the kitchen.
      const ready = await post(a, `/api/admin/board/${order.orderNumber}/status`, { status: 'out for delivery' }, { cookie: adminCookie });
      expect(ready.status).toBe(200);
      const change = await post(a, `/api/admin/board/${order.orderNumber}/status`, { status: 'delivered' }, { cookie: adminCookie });
      expect(change.status).toBe(200);
      const seen = await reading;
      expect(JSON.parse(seen.at(-1)!)).toMatchObject({ orderNumber: order.orderNumber, status: 'delivered' });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    "hands a SIGKILLed instance's claimed rows to the other one after the lease",
    async () => {
      const customer = await register(a, `killed.${randomUUID().slice(0, 8)}@example.ro`);
      pos.setHold(true);
      const orders = [await placeCashOrder(a, customer), await placeCashOrder(a, customer), await placeCashOrder(a, customer)];
      // A claims its new orders at once (its own nudge); B would only find them at its next poll.
      await waitFor('a hung POS request', async () => pos.heldCount() > 0);
      const numbers = orders.map((order) => order.orderNumber);
      const leased = await waitFor('leases on the new orders', async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const result = await client.query<{ order_number: string; locked_by: string | null }>(
            "select payload::json->>'orderNumber' as order_number, locked_by from outbox where payload::json->>'orderNumber' = any($1)",
            [numbers],
          );
          return result.rows.some((row) => row.locked_by) ? result.rows : null;
        } finally {
          await client.end();
        }
      });
      // Kill the instance holding the first order's lease (normally A, nudged by its own order); the other must finish.
      const holder = leased.find((row) => row.locked_by)!.locked_by!.split(':')[0];
      const [victim, survivor] = holder === 'instance-a' ? [a, b] : [b, a];
      const victimRows = leased.filter((row) => row.locked_by?.startsWith(`${holder}:`)).map((row) => row.order_number);
      expect(victimRows.length).toBeGreaterThan(0);
      const requestsBeforeKill = victimRows.map((number) => pos.attempts.get(number) ?? 0);
      victim.child.kill('SIGKILL');
      expect((await victim.exited).signal).toBe('SIGKILL');
      // The survivor's own hung requests (if it claimed any) are answered now; the victim's died with it.
      pos.setHold(false);
      // Well inside the lease: the victim's rows are still its own, so nobody sends them again. (The
      // victim's own hung request reached the POS before the kill; the POS may count it as received
      // once the hold ends, as a real POS would, if the dead client's socket was not yet seen closed.)
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 4));
      expect(victimRows.map((number) => pos.attempts.get(number) ?? 0)).toEqual(requestsBeforeKill);
      await waitFor(
        'the killed instance’s orders at the POS',
        async () => numbers.every((number) => pos.accepted.has(number)),
        LEASE_MS * 4,
      );
      for (const number of numbers) expect(pos.accepted.get(number), number).toHaveLength(1);
      // The POS has answered; the survivor records that answer a moment later, in its own transaction.
      const state = await waitFor('the order marked sent to the kitchen', async () => {
        const order = await orderOn(survivor, customer, orders[0]!.orderNumber);
        return order.status === 'sent to kitchen' ? order : null;
      });
      expect(state.status).toBe('sent to kitchen');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
