/**
 * QUALITY P6: order creation (cash, 3 lines, server-side pricing, one transaction with its outbox
 * row) at a fixed 50 req/s for 20 s, each request with a fresh Idempotency-Key; then checks that
 * exactly one order exists per key *sent* (bench/order-check.ts): requests in flight when the load
 * stops still make their order.
 */
import { randomUUID } from 'node:crypto';

import autocannon from 'autocannon';

import { menuSchema } from '../src/shared/schemas/menu';
import type { CreateOrderInput, OrderHistoryPage } from '../src/shared/schemas/order';
import { ORDER_HISTORY_PAGE_MAX, orderHistoryPageSchema } from '../src/shared/schemas/order';
import { checkOrdersPerKey } from './order-check';
import type { Row } from './row';

const P6_RATE_PER_SECOND = 50;
const P6_SECONDS = 20;
/** Parallel re-sends after the load (they only replay or create one order each). */
const RESEND_CONCURRENCY = 8;

/** Every order of the customer: GET /api/orders answers a page at a time since issue 26 (c374e76). */
async function everyOrder(baseUrl: string, cookie: string): Promise<OrderHistoryPage['orders']> {
  const orders: OrderHistoryPage['orders'] = [];
  let before: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(ORDER_HISTORY_PAGE_MAX), ...(before ? { before } : {}) });
    const page = orderHistoryPageSchema.parse(await (await fetch(`${baseUrl}/api/orders?${query}`, { headers: { cookie } })).json());
    orders.push(...page.orders);
    before = page.nextBefore;
  } while (before !== null);
  return orders;
}

export async function benchOrderCreation(baseUrl: string): Promise<Row | { notMeasured: string }> {
  const origin = baseUrl;
  const email = `bench-${Date.now()}@example.ro`;
  const register = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'bench-password-1', firstName: 'Bench', lastName: 'Client', phone: '0722000000' }),
  });
  if (register.status === 404) return { notMeasured: 'POST /api/auth/register is not there yet' };
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const menu = menuSchema.parse(await (await fetch(`${baseUrl}/api/menu`)).json());
  const lines = menu.items
    .filter((item) => !item.soldOut)
    .slice(0, 3)
    .map((item) => ({
      menuItemId: item.id,
      quantity: 2,
      modifierIds: item.modifierGroups
        .filter((group) => group.isRequired)
        .flatMap((group) => group.options.slice(0, Math.max(1, group.minSelections)).map((o) => o.id)),
    }));
  const body: CreateOrderInput = {
    items: lines,
    fulfilment: { type: 'pickup', locationId: 1 },
    paymentMethod: 'cash',
    customer: { firstName: 'Bench', lastName: 'Client', email, phone: '0722000000' },
  };
  const headers = { 'content-type': 'application/json', origin, cookie };
  const probe = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  if (probe.status === 404) return { notMeasured: 'POST /api/orders is not there yet' };
  if (probe.status !== 201) return { notMeasured: `POST /api/orders answered ${probe.status}: ${await probe.text()}` };

  const sent: string[] = [];
  const acknowledged = new Map<string, string>();
  const result = await autocannon({
    url: `${baseUrl}/api/orders`,
    connections: 10,
    duration: P6_SECONDS,
    overallRate: P6_RATE_PER_SECOND,
    requests: [
      {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        // Called right before each request is written; the context is the connection's, which has
        // one request in flight at a time, so onResponse reads the key of the request it answers.
        setupRequest: (request, context) => {
          const key = randomUUID();
          sent.push(key);
          context.key = key;
          return { ...request, headers: { ...(request.headers as Record<string, string>), 'idempotency-key': key } };
        },
        onResponse: (status, responseBody, context) => {
          if (status < 200 || status >= 300) return;
          const orderNumber = (JSON.parse(responseBody) as { order?: { orderNumber?: string } }).order?.orderNumber;
          if (typeof context.key === 'string' && orderNumber) acknowledged.set(context.key, orderNumber);
        },
      },
    ],
  });
  const resent = await resendEach(sent, RESEND_CONCURRENCY, async (key) => {
    const response = await fetch(`${baseUrl}/api/orders`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    if (!response.ok) return null;
    return ((await response.json()) as { order: { orderNumber: string } }).order.orderNumber;
  });
  const list = { orders: await everyOrder(baseUrl, cookie) };
  const probeOrder = ((await probe.json()) as { order: { orderNumber: string } }).order.orderNumber;
  const verdict = checkOrdersPerKey({
    sent,
    acknowledged,
    resent,
    orders: list.orders.map((order) => order.orderNumber).filter((orderNumber) => orderNumber !== probeOrder),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    id: 'P6',
    figure: `POST /api/orders at ${P6_RATE_PER_SECOND} req/s for ${P6_SECONDS} s: p99 ${result.latency.p99} ms, ${errors} errors; ${verdict.keysSent} keys sent (${verdict.acknowledged} acknowledged, ${verdict.unacknowledged} in flight at the stop) → ${verdict.orders} orders, ${verdict.ok ? 'one per key' : `NOT one per key: ${verdict.problems.join('; ')}`}`,
    target: 'p99 ≤ 100 ms, 0 errors, one order per key',
    pass: result.latency.p99 <= 100 && errors === 0 && verdict.ok,
    hard: true,
    raw: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, errors, ...verdict },
  };
}

/** `work` for every key, at most `concurrency` at a time; key -> its answer. */
async function resendEach(keys: readonly string[], concurrency: number, work: (key: string) => Promise<string | null>) {
  const answers = new Map<string, string | null>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < keys.length) {
        const key = keys[next]!;
        next += 1;
        answers.set(key, await work(key));
      }
    }),
  );
  return answers;
}
