/**
 * QUALITY P6: order creation (cash, 3 lines, server-side pricing, one transaction with its outbox
 * row) at a fixed 50 req/s for 20 s, each request with a fresh Idempotency-Key; then checks that
 * exactly one order exists per acknowledged request.
 */
import { randomUUID } from 'node:crypto';

import autocannon from 'autocannon';

import { menuSchema } from '../src/shared/schemas/menu';
import type { CreateOrderInput } from '../src/shared/schemas/order';
import { orderListResponseSchema } from '../src/shared/schemas/order';
import type { Row } from './run';

const P6_RATE_PER_SECOND = 50;
const P6_SECONDS = 20;

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
        setupRequest: (request) => ({
          ...request,
          headers: { ...(request.headers as Record<string, string>), 'idempotency-key': randomUUID() },
        }),
      },
    ],
  });
  const list = orderListResponseSchema.parse(await (await fetch(`${baseUrl}/api/orders`, { headers: { cookie } })).json());
  const acknowledged = result.requests.total - result.non2xx - result.errors - result.timeouts;
  const ordersFromLoad = list.orders.length - 1;
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    id: 'P6',
    figure: `POST /api/orders at ${P6_RATE_PER_SECOND} req/s for ${P6_SECONDS} s: p99 ${result.latency.p99} ms, ${errors} errors, ${acknowledged} acknowledged → ${ordersFromLoad} orders`,
    target: 'p99 ≤ 100 ms, 0 errors, one order per key',
    pass: result.latency.p99 <= 100 && errors === 0 && ordersFromLoad === acknowledged,
    hard: true,
    raw: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, errors, acknowledged, ordersFromLoad },
  };
}
