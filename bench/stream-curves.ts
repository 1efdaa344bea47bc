/**
 * Row G2 (issue 26, the live-connections curve): 100, 1,000 and 5,000 open order-status streams
 * (GET /api/orders/:number/events, SSE) on one real server process (tests/setup/spawn-server.ts,
 * SQLite, a fresh one per size so each size starts from the same baseline). Per size:
 *
 * - memory per connection: the server's RSS (/proc/<pid>/status) with n streams open minus before
 *   any, divided by n;
 * - delivery: the manager accepts the order, then moves it one step at a time to delivered (four
 *   moves; three orders in turn, n streams each); per move, the time from
 *   sending the move to the LAST of the n streams hearing it, and the p99 over every delivery;
 * - the cap: STREAMS_PER_INSTANCE_MAX is set to the largest size; one stream past it must get 429.
 *
 * Every stream watches the same order (the manager's own, so one session serves them all), which is the
 * worst case: each move reaches all n at once. STREAMS_PER_CLIENT_MAX is raised since every stream comes
 * from 127.0.0.1. The bench process needs one descriptor per stream, the server too: the row raises
 * nothing itself and refuses to start when `ulimit -n` is below the largest size plus headroom.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import type { SpawnedServer } from '../tests/setup/spawn-server';
import { spawnServer } from '../tests/setup/spawn-server';
import { describeGrowth, formatTable, growthExponent, percentile } from './growth';
import type { Row } from './row';

export const STREAM_CURVE_SIZES = [100, 1_000, 5_000] as const;
const DELIVERY_GOAL_MS = 1_000;
/** Where an order is once the manager has accepted it (issue 19), and the manager's moves from there (one step at a time). */
const ACCEPTED_STATUS = 'confirmed';
const MOVES = ['preparing', 'sent to kitchen', 'out for delivery', 'delivered'] as const;
const PREP_MINUTES = 30;
const OPEN_BATCH = 200;
/** Orders watched in turn per size (each gives the moves left after the kitchen hand-off). */
const ORDERS_PER_SIZE = 3;
const DELIVERY_TIMEOUT_MS = 30_000;
const SETTLE_MS = 1_500;
/** Descriptors beyond the streams: the server's store, logs, listening socket, the bench's own. */
const FD_HEADROOM = 200;
const ADMIN = { ADMIN_EMAIL: 'bench-manager@example.ro', ADMIN_PASSWORD: 'bench-manager-password-1' };
const KIB = 1024;

interface Stream {
  /** performance.now() when each status was first heard. */
  heard: Map<string, number>;
  close(): void;
}

export interface StreamMeasure {
  streams: number;
  rssBeforeBytes: number;
  rssAfterBytes: number;
  bytesPerStream: number;
  /** Per move: ms from sending it to the last stream hearing it. */
  lastDeliveryMs: number[];
  deliveryP99Ms: number;
  overCapStatus: number | null;
}

function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * KIB;
}

/** Opens one SSE stream; resolves once its first event (the current state) arrived, or with the refusal's status. */
function openStream(url: string, cookie: string): Promise<Stream | { status: number }> {
  return new Promise((resolve, reject) => {
    const heard = new Map<string, number>();
    const request = http.get(url, { agent: false, headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
        return;
      }
      let buffer = '';
      let first = true;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = message
            .split('\n')
            .find((line) => line.startsWith('data:'))
            ?.slice(5)
            .trim();
          if (data) {
            const status = (JSON.parse(data) as { status: string }).status;
            if (!heard.has(status)) heard.set(status, performance.now());
            if (first) {
              first = false;
              resolve({ heard, close: () => request.destroy() });
            }
          }
          end = buffer.indexOf('\n\n');
        }
      });
    });
    request.on('error', (error) => {
      // A stream we closed ourselves ends with an error; only a failure to open is one.
      if (heard.size === 0) reject(error);
    });
  });
}

async function signIn(server: SpawnedServer): Promise<string> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function placeOrder(server: SpawnedServer, cookie: string): Promise<string> {
  const menu = (await (await fetch(`${server.url}/api/menu`)).json()) as {
    items: { id: number; soldOut: boolean; modifierGroups: unknown[] }[];
  };
  const restaurant = (await (await fetch(`${server.url}/api/restaurant`)).json()) as { locations: { id: number }[] };
  const items = menu.items.filter((item) => !item.soldOut && item.modifierGroups.length === 0).slice(0, 2);
  const response = await fetch(`${server.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({
      items: items.map((item) => ({ menuItemId: item.id, quantity: 1, modifierIds: [] })),
      fulfilment: { type: 'pickup', locationId: restaurant.locations[0]!.id },
      paymentMethod: 'cash',
      customer: { firstName: 'Ana', lastName: 'Popescu', email: ADMIN.ADMIN_EMAIL, phone: '0722 123 456' },
    }),
  });
  if (response.status !== 201) throw new Error(`order answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { order: { orderNumber: string } }).order.orderNumber;
}

async function measureSize(size: number, cap: number): Promise<StreamMeasure> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-streams-'));
  const server = await spawnServer({
    dataDir,
    env: { ...ADMIN, LOG_LEVEL: 'warn', STREAMS_PER_CLIENT_MAX: String(cap), STREAMS_PER_INSTANCE_MAX: String(cap) },
  });
  let streams: Stream[] = [];
  try {
    const cookie = await signIn(server);
    const deliveries: number[] = [];
    const lastDeliveryMs: number[] = [];
    let rssBeforeBytes = 0;
    let rssAfterBytes = 0;
    let url = '';
    // Each accepted order gives four moves; several orders in turn give enough moves for a p99
    // (memory is read on the first one).
    for (let round = 0; round < ORDERS_PER_SIZE; round += 1) {
      const orderNumber = await placeOrder(server, cookie);
      url = `${server.url}/api/orders/${encodeURIComponent(orderNumber)}/events`;
      // Warm the route once (first-request compilation is not per-connection memory).
      const probe = await openStream(url, cookie);
      if (!('heard' in probe)) throw new Error(`the stream answered ${probe.status}`);
      // The manager accepts the order first (it waits as 'new' until someone does); the measured moves start from there.
      const accept = await fetch(`${server.url}/api/admin/board/${encodeURIComponent(orderNumber)}/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify({ prepMinutes: PREP_MINUTES }),
      });
      if (accept.status !== 200) throw new Error(`accepting answered ${accept.status}: ${await accept.text()}`);
      const acceptedDeadline = performance.now() + DELIVERY_TIMEOUT_MS;
      while (!probe.heard.has(ACCEPTED_STATUS)) {
        if (performance.now() > acceptedDeadline)
          throw new Error(`the order never reached ${ACCEPTED_STATUS}: ${[...probe.heard.keys()].join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      probe.close();
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      if (round === 0) rssBeforeBytes = rssBytes(server.child.pid!);
      for (let opened = 0; opened < size; opened += OPEN_BATCH) {
        const batch = await Promise.all(Array.from({ length: Math.min(OPEN_BATCH, size - opened) }, () => openStream(url, cookie)));
        for (const stream of batch) {
          if (!('heard' in stream)) throw new Error(`stream ${streams.length + 1} of ${size} answered ${stream.status}`);
          streams.push(stream);
        }
      }
      if (round === 0) {
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        rssAfterBytes = rssBytes(server.child.pid!);
      }
      for (const status of MOVES) {
        const sentAt = performance.now();
        const move = await fetch(`${server.url}/api/admin/board/${encodeURIComponent(orderNumber)}/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, cookie },
          body: JSON.stringify({ status }),
        });
        if (move.status !== 200) throw new Error(`move to ${status} answered ${move.status}: ${await move.text()}`);
        const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
        while (streams.some((stream) => !stream.heard.has(status))) {
          if (performance.now() > deadline)
            throw new Error(`${streams.filter((s) => !s.heard.has(status)).length} streams never heard ${status}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const times = streams.map((stream) => stream.heard.get(status)! - sentAt);
        deliveries.push(...times);
        lastDeliveryMs.push(Math.max(...times));
      }
      if (round < ORDERS_PER_SIZE - 1) {
        for (const stream of streams) stream.close();
        streams = [];
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      }
    }
    let overCapStatus: number | null = null;
    if (size >= cap) {
      const over = await openStream(url, cookie);
      overCapStatus = 'heard' in over ? 200 : over.status;
      if ('heard' in over) over.close();
    }
    return {
      streams: size,
      rssBeforeBytes,
      rssAfterBytes,
      bytesPerStream: (rssAfterBytes - rssBeforeBytes) / size,
      lastDeliveryMs,
      deliveryP99Ms: percentile(deliveries, 99),
      overCapStatus,
    };
  } finally {
    for (const stream of streams) stream.close();
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The soft descriptor limit of this process (what `ulimit -n` printed when it started). */
function openFileLimit(): number {
  const match = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return !match || match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1]);
}

export async function benchStreamCurves(
  sizes: readonly number[] = STREAM_CURVE_SIZES,
  log: (line: string) => void = console.log,
): Promise<Row> {
  const cap = Math.max(...sizes);
  const limit = openFileLimit();
  if (limit < cap + FD_HEADROOM)
    throw new Error(`ulimit -n is ${limit}; ${cap} streams need at least ${cap + FD_HEADROOM} (raise it: ulimit -n ${cap * 2})`);
  const measures: StreamMeasure[] = [];
  for (const size of sizes) {
    const measure = await measureSize(size, cap);
    log(
      `G2: ${size} streams, ${(measure.bytesPerStream / KIB).toFixed(1)} KiB each, last delivery ${measure.lastDeliveryMs.map((ms) => ms.toFixed(0)).join('/')} ms`,
    );
    measures.push(measure);
  }
  const memoryFit = growthExponent(measures.map((m) => ({ size: m.streams, value: Math.max(1, m.rssAfterBytes - m.rssBeforeBytes) })));
  const deliveryFit = growthExponent(measures.map((m) => ({ size: m.streams, value: Math.max(...m.lastDeliveryMs) })));
  const table = formatTable(
    ['streams', 'RSS before', 'RSS after', 'per stream', 'last delivery per move (ms)', 'p99 delivery', 'past cap'],
    measures.map((m) => [
      m.streams.toLocaleString('en'),
      `${(m.rssBeforeBytes / KIB / KIB).toFixed(1)} MiB`,
      `${(m.rssAfterBytes / KIB / KIB).toFixed(1)} MiB`,
      `${(m.bytesPerStream / KIB).toFixed(1)} KiB`,
      m.lastDeliveryMs.map((ms) => ms.toFixed(0)).join(' / '),
      `${m.deliveryP99Ms.toFixed(0)} ms`,
      m.overCapStatus === null ? '-' : String(m.overCapStatus),
    ]),
  );
  const fits = `growth: memory ${memoryFit?.toFixed(2) ?? '-'} (${describeGrowth(memoryFit)}), last delivery ${deliveryFit?.toFixed(2) ?? '-'} (${describeGrowth(deliveryFit)})`;
  log(`\n${table}\n${fits}\n`);
  const largest = measures.at(-1)!;
  const worstLast = Math.max(...largest.lastDeliveryMs);
  return {
    id: 'G2',
    figure:
      `${largest.streams.toLocaleString('en')} streams: ${(largest.bytesPerStream / KIB).toFixed(1)} KiB each, a move reaches the last in ≤ ${worstLast.toFixed(0)} ms ` +
      `(p99 ${largest.deliveryP99Ms.toFixed(0)} ms); ${fits}; one past the cap of ${cap}: ${largest.overCapStatus}`,
    target: `last delivery ≤ ${DELIVERY_GOAL_MS} ms at ${cap}, linear memory, 429 past the cap`,
    pass: worstLast <= DELIVERY_GOAL_MS && largest.overCapStatus === 429 && memoryFit !== null && memoryFit > 0.8 && memoryFit < 1.2,
    hard: false,
    raw: { sizes, cap, measures, memoryExponent: memoryFit, deliveryExponent: deliveryFit, table },
  };
}
