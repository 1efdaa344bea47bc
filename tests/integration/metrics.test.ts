/**
 * GET /api/metrics: the Prometheus text exposition, read back by a Prometheus text-format parser
 * (parse-prometheus-text-format, not prom-client itself), with the numbers compared to the store;
 * the METRICS_TOKEN bearer check; and, without a token, loopback scrapers only (over a real socket).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { getRequestListener, serve } from '@hono/node-server';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import type { PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order } from '../../src/shared/schemas/order';
import { enqueueMail } from '../../api/integrations/mail/outbox';
import { createMenuFastPath } from '../../api/menu-fast-path';
import { isLoopbackAddress } from '../../api/routes/metrics';
import type { TestUser } from '../setup/auth';
import { createUserWithSession } from '../setup/auth';
import type { TestApp } from '../setup/test-app';
import { createLegApp, postgresLegRuns } from '../setup/store-legs';
import { createTestApp } from '../setup/test-app';
import { firstLocationId, loadCatalogue, pickupBody, placeOrder } from './order-fixtures';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const OUTBOX_AGE_SECONDS = 90;

let t: TestApp;
let alice: TestUser;
let orders: Order[];

async function scrapeText(app: TestApp = t): Promise<string> {
  const response = await app.request('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

async function scrape(app: TestApp = t): Promise<PrometheusFamily[]> {
  return parsePrometheusTextFormat(await scrapeText(app));
}

/** One labelled histogram series as an exposition of its own: HELP, TYPE and its lines without their labels. */
function histogramSeries(text: string, name: string, label: string): string {
  const lines = text.split('\n');
  const own = lines.filter((line) => line.startsWith(`${name}_`) && line.includes(label));
  expect(own.length).toBeGreaterThan(2);
  const header = lines.filter((line) => line.startsWith(`# HELP ${name} `) || line.startsWith(`# TYPE ${name} `));
  // Keep only `le`: the parser reads _sum and _count only without labels.
  const unlabelled = own.map((line) =>
    line.replace(/\{[^}]*\}/, (labels) => /le="[^"]*"/.exec(labels)?.[0].replace(/^/, '{').concat('}') ?? ''),
  );
  return [...header, ...unlabelled].join('\n') + '\n';
}

function family(families: PrometheusFamily[], name: string): PrometheusFamily {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric ${name} in ${families.map((f) => f.name).join(', ')}`);
  return found;
}

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  alice = await createUserWithSession(t);
  const catalogue = await loadCatalogue(t);
  const locationId = await firstLocationId(t);
  const plain = [catalogue.find((item) => item.groups.length === 0)!];
  orders = [
    await placeOrder(t, alice, pickupBody(locationId, plain)),
    await placeOrder(t, alice, pickupBody(locationId, plain)),
    await placeOrder(t, alice, pickupBody(locationId, plain, { paymentMethod: 'card' })),
  ];
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  it('refuses a scrape without the bearer token or with a wrong one, whoever is signed in', async () => {
    const none = await t.request('/api/metrics', { headers: { cookie: alice.cookie } });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('metrics_token_required');
    const wrong = await t.request('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const basic = await t.request('/api/metrics', { headers: { authorization: `Basic ${METRICS_TOKEN}` } });
    expect(basic.status).toBe(401);
  });

  it('orders by status and payment method match the store', async () => {
    const families = await scrape();
    const orderFamily = family(families, 'storefront_orders');
    expect(orderFamily.type).toBe('GAUGE');
    const rows = await t.deps.store.db
      .selectFrom('orders')
      .select(['status', 'payment_method', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy(['status', 'payment_method'])
      .execute();
    const expected = Object.fromEntries(rows.map((row) => [`${row.status}|${row.payment_method}`, Number(row.count)]));
    const reported = Object.fromEntries(
      orderFamily.metrics.map((sample) => [`${sample.labels?.status}|${sample.labels?.payment_method}`, Number(sample.value)]),
    );
    expect(reported).toEqual(expected);
    const total = Object.values(reported).reduce((sum, count) => sum + count, 0);
    expect(total).toBe(orders.length);
    expect(Object.keys(reported).some((key) => key.endsWith('|card'))).toBe(true);
    expect(Object.keys(reported).some((key) => key.endsWith('|cash'))).toBe(true);
  });

  it('counts requests and their latency by route pattern, never by raw path', async () => {
    const order = orders[0]!;
    for (let i = 0; i < 3; i += 1) {
      expect((await t.request(`/api/orders/${order.orderNumber}`, { headers: { cookie: alice.cookie } })).status).toBe(200);
    }
    const text = await scrapeText();
    const families = parsePrometheusTextFormat(text);
    const requests = family(families, 'storefront_http_requests_total');
    expect(requests.type).toBe('COUNTER');
    const orderReads = requests.metrics.find(
      (sample) => sample.labels?.route === '/api/orders/:orderNumber' && sample.labels.method === 'GET' && sample.labels.status === '200',
    );
    expect(Number(orderReads?.value)).toBe(3);
    const creates = requests.metrics.find((sample) => sample.labels?.route === '/api/orders' && sample.labels.method === 'POST');
    expect(Number(creates?.value)).toBeGreaterThanOrEqual(orders.length);
    // Unmatched paths count under the JSON 404's pattern, so a scanner cannot grow the series.
    expect((await t.request(`/api/no-such-thing-${randomUUID()}`)).status).toBe(404);
    const after = family(await scrape(), 'storefront_http_requests_total');
    expect(after.metrics.find((sample) => sample.labels?.status === '404' && sample.labels.route === '/api/*')).toBeDefined();
    for (const sample of after.metrics) expect(sample.labels?.route ?? '').not.toMatch(/ORD-|no-such-thing/);

    expect(family(families, 'storefront_http_request_duration_seconds').type).toBe('HISTOGRAM');
    // The parser folds a labelled histogram's series into one (its flattenMetrics drops the labels), so
    // one series is read on its own: its lines, with the route label taken off, parsed as a histogram.
    const series = histogramSeries(text, 'storefront_http_request_duration_seconds', 'route="/api/orders/:orderNumber"');
    const [orderLatency] = family(parsePrometheusTextFormat(series), 'storefront_http_request_duration_seconds').metrics;
    expect(Number(orderLatency?.count)).toBe(3);
    expect(Number(orderLatency?.buckets?.['+Inf'])).toBe(3);
    expect(Number(orderLatency?.buckets?.['0.001'])).toBeLessThanOrEqual(3);
    expect(Number(orderLatency?.sum)).toBeGreaterThan(0);
  });

  it('reports the outbox depth and the oldest pending age per job kind, by the clock', async () => {
    // Two messages waiting to be sent (no worker runs in-process tests). Orders write no job of their
    // own with the embedded kitchen board (docs/decisions/0094-the-board-is-the-kitchen.md).
    for (const key of ['metrics-1', 'metrics-2']) {
      await enqueueMail(t.deps.store.db, { to: alice.email, subject: 'A notice', text: 'Hello.' }, { dedupeKey: key, now: t.clock.now() });
    }
    const pending = await t.deps.store.db
      .selectFrom('outbox')
      .where('status', '=', 'pending')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('kind')
      .execute();
    expect(pending.find((row) => row.kind === 'mail')?.count).toBe(2);
    t.clock.advanceMs(OUTBOX_AGE_SECONDS * 1000);
    const families = await scrape();
    const depth = family(families, 'storefront_outbox_pending');
    const age = family(families, 'storefront_outbox_oldest_pending_age_seconds');
    for (const row of pending) {
      expect(Number(depth.metrics.find((sample) => sample.labels?.kind === row.kind)?.value), row.kind).toBe(Number(row.count));
      expect(Number(age.metrics.find((sample) => sample.labels?.kind === row.kind)?.value), row.kind).toBeGreaterThanOrEqual(
        OUTBOX_AGE_SECONDS,
      );
    }
  });

  it('counts open event streams and reports the store size', async () => {
    const before = Number(family(await scrape(), 'storefront_event_streams_open').metrics[0]?.value);
    const stream = await t.request(`/api/orders/${orders[0]!.orderNumber}/events`, { headers: { cookie: alice.cookie } });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const families = await scrape();
    expect(Number(family(families, 'storefront_event_streams_open').metrics[0]?.value)).toBe(before + 1);
    await stream.body?.cancel();
    const size = family(families, 'storefront_store_size_bytes').metrics[0];
    expect(size?.labels?.dialect).toBe('sqlite');
    expect(Number(size?.value)).toBeGreaterThan(100_000);
    // Node's own process metrics come along (memory, event loop), with this instance's id on every series.
    expect(family(families, 'storefront_process_resident_memory_bytes').metrics[0]?.labels?.instance_id).toBe(t.deps.instanceId);
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  it('answers a scraper on this machine over a real socket, and refuses one behind a proxy', async () => {
    const local = await createTestApp();
    const server = serve({ fetch: local.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/metrics`;
      const direct = await fetch(url);
      expect(direct.status).toBe(200);
      expect(family(parsePrometheusTextFormat(await direct.text()), 'storefront_orders').type).toBe('GAUGE');
      // A reverse proxy on the same machine forwards the internet from 127.0.0.1: its header gives it away.
      const proxied = await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(proxied.status).toBe(403);
      // In-process (no socket): not known to be this machine.
      expect((await local.request('/api/metrics')).status).toBe(403);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await local.close();
    }
  });

  it('counts GET /api/menu answered by the menu fast path under the same route as the Hono route', async () => {
    const local = await createTestApp({ env: { METRICS_TOKEN } });
    const fastPath = createMenuFastPath(local.deps);
    const hono = getRequestListener(local.app.fetch);
    let fast = 0;
    const server = createServer((req, res) => {
      if (fastPath(req, res)) fast += 1;
      else void hono(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}/api/menu`)).status).toBe(200);
      expect(fast).toBeGreaterThan(0);
      const text = await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const requests = family(parsePrometheusTextFormat(text), 'storefront_http_requests_total');
      const menu = requests.metrics.find((sample) => sample.labels?.route === '/api/menu' && sample.labels.status === '200');
      expect(Number(menu?.value)).toBe(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await local.close();
    }
  });

  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['203.0.113.7', '10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', '', undefined, 'localhost'])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });
});

describe.runIf(postgresLegRuns('tests/integration/metrics.test.ts'))('GET /api/metrics over PostgreSQL', () => {
  it('reads orders, outbox and the database size from PostgreSQL', async () => {
    const pgApp = await createLegApp('postgres', 'storefront_metrics', { env: { METRICS_TOKEN } });
    try {
      const customer = await createUserWithSession(pgApp);
      const catalogue = await loadCatalogue(pgApp);
      const plain = [catalogue.find((item) => item.groups.length === 0)!];
      await placeOrder(pgApp, customer, pickupBody(await firstLocationId(pgApp), plain, { paymentMethod: 'card' }));
      const families = await scrape(pgApp);
      const orderSamples = family(families, 'storefront_orders').metrics;
      expect(orderSamples.map((sample) => [sample.labels?.payment_method, Number(sample.value)])).toEqual([['card', 1]]);
      const size = family(families, 'storefront_store_size_bytes').metrics[0];
      expect(size?.labels?.dialect).toBe('postgres');
      expect(Number(size?.value)).toBeGreaterThan(1_000_000);
    } finally {
      await pgApp.close();
    }
  }, 60_000);
});
