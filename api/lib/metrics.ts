/**
 * Prometheus metrics (GET /api/metrics, api/routes/metrics.ts) through prom-client: requests and
 * their latency by route pattern, orders by status and payment method, the outbox's depth and oldest
 * pending age per job kind, open event streams, the store's size, and Node's process metrics.
 *
 * Request metrics are counted as requests end (per instance); the store-wide gauges are read from
 * the store at scrape time, so every instance reports the same orders and outbox (a dashboard takes
 * max() over instances for those, sum() for requests). One registry per app (tests build many apps
 * in one process), found from the app's deps. See docs/decisions/0103-metrics.md.
 */
import { statSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { AppDeps } from '../deps';
import { SQLITE_FILE_NAME } from '../store/store';

export interface RequestMetrics {
  /** One finished request: its method, route pattern (never the raw path), status and duration. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

export interface AppMetrics extends RequestMetrics {
  registry: Registry;
  /** The Prometheus text exposition of every metric, store-wide gauges read now. */
  render(): Promise<string>;
  contentType: string;
}

/** Latency buckets in seconds: the API's answers are milliseconds; the long tail shows slow stores. */
const REQUEST_SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const MS_PER_SECOND = 1000;

const byDeps = new WeakMap<AppDeps, AppMetrics>();

/** The app's metrics (made on first use; the same object for the same deps). */
export function appMetrics(deps: AppDeps): AppMetrics {
  let metrics = byDeps.get(deps);
  if (!metrics) {
    metrics = createAppMetrics(deps);
    byDeps.set(deps, metrics);
  }
  return metrics;
}

function createAppMetrics(deps: AppDeps): AppMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ instance_id: deps.instanceId });
  collectDefaultMetrics({ register: registry, prefix: 'storefront_' });
  const { db } = deps.store;
  const warn = (what: string, error: unknown) => deps.logger.warn('metrics: store read failed', { what, error: String(error) });

  const requests = new Counter({
    name: 'storefront_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'storefront_http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer (headers, for event streams), by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers: [registry],
  });

  new Gauge({
    name: 'storefront_orders',
    help: 'Orders in the store, by status and payment method.',
    labelNames: ['status', 'payment_method'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = await db
          .selectFrom('orders')
          .select(['status', 'payment_method', (eb) => eb.fn.countAll<number | string>().as('count')])
          .groupBy(['status', 'payment_method'])
          .execute();
        for (const row of rows) this.set({ status: row.status, payment_method: row.payment_method }, Number(row.count));
      } catch (error) {
        warn('orders', error);
      }
    },
  });

  // Each gauge reads the outbox in its own collect: prom-client serialises a gauge as soon as its
  // own collect has run, so a gauge filled by another's collect would show the previous scrape.
  const pendingOutbox = () =>
    db
      .selectFrom('outbox')
      .where('status', '=', 'pending')
      .select(['kind', (eb) => eb.fn.countAll<number | string>().as('count'), (eb) => eb.fn.min('created_at').as('oldest')])
      .groupBy('kind')
      .execute();
  new Gauge({
    name: 'storefront_outbox_pending',
    help: 'Outbox jobs waiting to be sent (due or backing off), by job kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const row of await pendingOutbox()) this.set({ kind: row.kind }, Number(row.count));
      } catch (error) {
        warn('outbox', error);
      }
    },
  });
  new Gauge({
    name: 'storefront_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest pending outbox job, by job kind (0 series when none is pending).',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = await pendingOutbox();
        const now = deps.clock.now().getTime();
        for (const row of rows) {
          const oldest = Date.parse(String(row.oldest));
          if (Number.isFinite(oldest)) this.set({ kind: row.kind }, Math.max(0, (now - oldest) / MS_PER_SECOND));
        }
      } catch (error) {
        warn('outbox', error);
      }
    },
  });

  new Gauge({
    name: 'storefront_event_streams_open',
    help: 'Live-update streams (SSE) this instance holds open.',
    registers: [registry],
    collect() {
      this.set(deps.streamSlots.open);
    },
  });

  new Gauge({
    name: 'storefront_store_size_bytes',
    help: 'Size of the store: the SQLite file and its write-ahead log, or the PostgreSQL database.',
    labelNames: ['dialect'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        this.set({ dialect: deps.store.dialect }, await storeSizeBytes(deps));
      } catch (error) {
        warn('store size', error);
      }
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    render: () => registry.metrics(),
    observeRequest(method, route, status, seconds) {
      const knownMethod = KNOWN_METHODS.has(method) ? method : 'OTHER';
      requests.inc({ method: knownMethod, route, status: String(status) });
      latency.observe({ method: knownMethod, route }, seconds);
    },
  };
}

async function storeSizeBytes(deps: AppDeps): Promise<number> {
  const { db, dialect } = deps.store;
  if (dialect === 'postgres') {
    const { rows } = await sql<{ size: string | number }>`select pg_database_size(current_database()) as size`.execute(db);
    return Number(rows[0]?.size ?? 0);
  }
  const { rows } = await sql<{ size: number }>`select page_count * page_size as size from pragma_page_count(), pragma_page_size()`.execute(
    db,
  );
  let size = Number(rows[0]?.size ?? 0);
  try {
    size += statSync(path.join(deps.env.DATA_DIR, `${SQLITE_FILE_NAME}-wal`)).size;
  } catch {
    // No write-ahead log at the moment (just checkpointed), or an in-memory store.
  }
  return size;
}
