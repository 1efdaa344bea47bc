/**
 * Issue 10's bench row (P6-PG): order creation throughput on PostgreSQL with one API instance and with
 * two on the same database, as behind a load balancer. Each measurement: a fresh database, the
 * instance(s) started on it, one customer, then autocannon at full speed for a few seconds per
 * instance (connections split evenly), each request a fresh Idempotency-Key; afterwards the store
 * must hold exactly one order per acknowledged request. The figure is orders/s and the ratio
 * two/one. Needs a PostgreSQL: TEST_DATABASE_URL (npm run bench starts a throwaway cluster when
 * the binaries are installed, see scripts/with-postgres.sh); otherwise "not measured".
 *
 * On a machine with few cores the instances, PostgreSQL and the load generator share them, so the
 * ratio shows what the hardware leaves, not a ceiling of the design.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import pg from 'pg';

import { menuSchema } from '../src/shared/schemas/menu';
import type { CreateOrderInput } from '../src/shared/schemas/order';
import type { SpawnedServer } from '../tests/setup/spawn-server';
import { spawnServer } from '../tests/setup/spawn-server';
import type { Row } from './row';

/** Each measurement runs this long: enough for a stable figure, short enough for a shared machine. */
const MEASURE_SECONDS = 5;
const TOTAL_CONNECTIONS = 16;

interface Measurement {
  instances: number;
  ordersPerSecond: number;
  acknowledged: number;
  orders: number;
  errors: number;
  p99Ms: number;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function measure(adminUrl: string, instances: number): Promise<Measurement> {
  const name = `storefront_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dirs: string[] = [];
  const servers: SpawnedServer[] = [];
  try {
    // One after the other: the first migrates and seeds, the rest find the store ready.
    for (let i = 0; i < instances; i += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-pg-'));
      dirs.push(dataDir);
      servers.push(
        await spawnServer({
          dataDir,
          env: { DATABASE_URL: databaseUrl, INSTANCE_ID: `bench-${i + 1}`, LOG_LEVEL: 'warn', AUTH_CLIENT_RATE_LIMIT: '1000000' },
        }),
      );
    }
    const first = servers[0]!;
    const email = `bench-${Date.now()}@example.ro`;
    const register = await fetch(`${first.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url },
      body: JSON.stringify({ email, password: 'bench-password-1', firstName: 'Bench', lastName: 'Client', phone: '0722000000' }),
    });
    if (register.status !== 201) throw new Error(`register answered ${register.status}`);
    const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const menu = menuSchema.parse(await (await fetch(`${first.url}/api/menu`)).json());
    const body: CreateOrderInput = {
      items: menu.items
        .filter((item) => !item.soldOut)
        .slice(0, 3)
        .map((item) => ({
          menuItemId: item.id,
          quantity: 2,
          modifierIds: item.modifierGroups
            .filter((group) => group.isRequired)
            .flatMap((group) => group.options.slice(0, Math.max(1, group.minSelections)).map((o) => o.id)),
        })),
      fulfilment: { type: 'pickup', locationId: 1 },
      paymentMethod: 'cash',
      customer: { firstName: 'Bench', lastName: 'Client', email, phone: '0722000000' },
    };
    const results = await Promise.all(
      servers.map((server) =>
        autocannon({
          url: `${server.url}/api/orders`,
          connections: TOTAL_CONNECTIONS / instances,
          duration: MEASURE_SECONDS,
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: server.url, cookie },
              body: JSON.stringify(body),
              setupRequest: (request) => ({
                ...request,
                headers: { ...(request.headers as Record<string, string>), 'idempotency-key': randomUUID() },
              }),
            },
          ],
        }),
      ),
    );
    const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
    const acknowledged = results.reduce((sum, r) => sum + r.requests.total - r.non2xx - r.errors - r.timeouts, 0);
    const orders = await withAdmin(databaseUrl, async (client) =>
      Number((await client.query('select count(*) as n from orders')).rows[0].n),
    );
    return {
      instances,
      ordersPerSecond: acknowledged / MEASURE_SECONDS,
      acknowledged,
      orders,
      errors,
      p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    };
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

export async function benchPostgresScaleOut(adminUrl: string | undefined): Promise<Row | { notMeasured: string }> {
  if (!adminUrl) return { notMeasured: 'no PostgreSQL (TEST_DATABASE_URL unset; install it with scripts/ensure-postgres.sh)' };
  const one = await measure(adminUrl, 1);
  const two = await measure(adminUrl, 2);
  const ratio = two.ordersPerSecond / one.ordersPerSecond;
  // Requests still in flight when autocannon stops are committed but not counted as acknowledged, so
  // the store may hold up to one order per connection more; never fewer, and never a duplicate.
  const consistent = (m: Measurement) => m.orders >= m.acknowledged && m.orders <= m.acknowledged + TOTAL_CONNECTIONS;
  const exact = consistent(one) && consistent(two);
  return {
    id: 'P6-PG',
    figure:
      `POST /api/orders on PostgreSQL, ${MEASURE_SECONDS} s each: 1 instance ${one.ordersPerSecond.toFixed(0)} orders/s (p99 ${one.p99Ms} ms), ` +
      `2 instances ${two.ordersPerSecond.toFixed(0)} orders/s (p99 ${two.p99Ms} ms) = ×${ratio.toFixed(2)} on ${cpus().length} cores, ` +
      `${one.errors + two.errors} errors, ${exact ? 'one order per acknowledged request' : `ORDER COUNT MISMATCH (${one.orders}/${one.acknowledged}, ${two.orders}/${two.acknowledged})`}`,
    target: 'informational: ratio (> 1 needs spare cores); 0 errors, one order per key',
    pass: exact && one.errors + two.errors === 0,
    hard: false,
    raw: { one, two, ratio, cores: cpus().length },
  };
}
