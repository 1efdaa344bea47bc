/**
 * /api/orders (issue 5): create (idempotent, priced on the server), list mine a page at a time, read one, live
 * status (SSE), start a payment again, receipt. Every route is the session customer's only: another
 * customer's order number answers 404 exactly like an unknown one.
 *
 * Offline: the PWA queues a cash order in its outbox with a UUID made at enqueue time and resends
 * it with that same Idempotency-Key until it gets an answer; the server replays the first answer
 * (201 with the same order, or the same 4xx), so a lost response never makes a second order. A
 * queued order is re-checked here on arrival (prices, availability, hours, zone) and the client
 * sends expectedTotalBani so a price change comes back as 409 price_changed for re-confirmation.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod/mini';

import { MAX_ORDER_SEARCH_LENGTH, orderFilterSchema } from '../../src/shared/domain/order-history';
import type { Order, OrderHistoryPage, OrderStatusEvent } from '../../src/shared/schemas/order';
import {
  createOrderSchema,
  customerCancelSchema,
  ORDER_HISTORY_PAGE_MAX,
  ORDER_HISTORY_PAGE_SIZE,
  orderHistoryCursorSchema,
} from '../../src/shared/schemas/order';
import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { idempotencyKeyOf } from '../lib/idempotency';
import { orderClientKey } from '../lib/order-flood';
import { findOrder, orderHistoryPage, statusEventOf } from '../lib/order-records';
import { cancelOrder, placeOrder, receiptUrlOf, startCheckout } from '../orders';
import { orderStateRow } from '../store/orders-queries';
import { clientIp } from '../lib/rate-limit';
import { requireUser, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';

/** SSE keep-alive: proxies and phones drop idle streams after 30-60 s. */
export const SSE_HEARTBEAT_MS = 25_000;
/** Browsers reconnect after a drop at this pace (the SSE `retry` field): gentle, no reconnect storms. */
export const SSE_RETRY_MS = 5_000;
const ORDER_NUMBER_PARAM = z.object({ orderNumber: z.string().check(z.minLength(1), z.maxLength(40)) });
/** GET /api/orders: a page of my history (issue 26); without parameters, the newest page of all. */
const ORDER_HISTORY_QUERY = z.object({
  filter: z._default(orderFilterSchema, 'all'),
  q: z._default(z.string().check(z.maxLength(MAX_ORDER_SEARCH_LENGTH)), ''),
  before: z.optional(orderHistoryCursorSchema),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(ORDER_HISTORY_PAGE_MAX)), ORDER_HISTORY_PAGE_SIZE),
});

export function orderNotFound() {
  return apiError(HTTP_STATUS.NOT_FOUND, 'order_not_found', 'Order Not Found');
}

export function ordersRoutes(deps: AppDeps) {
  const db = deps.store.db;

  async function mine(orderNumber: string, customerId: number) {
    const found = await findOrder(db, orderNumber, customerId);
    if (!found) throw orderNotFound();
    return found;
  }

  return (
    new Hono<AppEnv>()
      .use('*', requireUser)
      .post('/', validate('json', createOrderSchema), async (c) => {
        const user = sessionUser(c);
        const input = c.req.valid('json');
        const key = idempotencyKeyOf(c);
        const clientKey = orderClientKey(clientIp(c, deps.env.TRUST_PROXY));
        // CMS=directus: price on the restaurant's current catalogue; Directus down answers 503 cms_unavailable before any write.
        await deps.cmsSync?.();
        const answer = await placeOrder(deps, { user, input, idempotencyKey: key, clientKey });
        if (answer.replayed) c.header('Idempotent-Replayed', 'true');
        return c.json(answer.body as { order: Order }, answer.status);
      })
      .get('/', validate('query', ORDER_HISTORY_QUERY), async (c) => {
        const page: OrderHistoryPage = await orderHistoryPage(db, sessionUser(c).id, c.req.valid('query'));
        return c.json(page);
      })
      .get('/:orderNumber', validate('param', ORDER_NUMBER_PARAM), async (c) => {
        const { order } = await mine(c.req.valid('param').orderNumber, sessionUser(c).id);
        return c.json({ order });
      })
      .get('/:orderNumber/events', validate('param', ORDER_NUMBER_PARAM), async (c) => {
        const { row } = await mine(c.req.valid('param').orderNumber, sessionUser(c).id);
        const release = deps.streamSlots.acquire(c, deps.env.TRUST_PROXY);
        c.header('Cache-Control', 'no-store');
        return streamSSE(c, async (stream) => {
          let first = true;
          const send = (event: OrderStatusEvent) => {
            const retry = first ? SSE_RETRY_MS : undefined;
            first = false;
            return stream.writeSSE({ event: 'status', data: JSON.stringify(event), id: event.updatedAt, ...(retry ? { retry } : {}) });
          };
          let queue = Promise.resolve();
          const unsubscribe = deps.orderEvents.subscribe(row.order_number, (event) => {
            queue = queue.then(() => send(event)).catch(() => undefined);
          });
          const heartbeat = setInterval(() => {
            queue = queue
              .then(() => stream.write(': heartbeat\n\n'))
              .then(() => undefined)
              .catch(() => undefined);
          }, SSE_HEARTBEAT_MS);
          heartbeat.unref();
          let stopClosing = () => {};
          const closed = new Promise<void>((resolve) => {
            stream.onAbort(resolve);
            stopClosing = deps.orderEvents.onClose(resolve);
          });
          try {
            // Subscribed first, then the current state: a change in between is sent twice, never lost.
            const current = await orderStateRow(db, row.order_number);
            if (current) queue = queue.then(() => send(statusEventOf(current)));
            await closed;
          } finally {
            clearInterval(heartbeat);
            unsubscribe();
            stopClosing();
            release();
          }
        });
      })
      .post('/:orderNumber/retry-payment', validate('param', ORDER_NUMBER_PARAM), async (c) => {
        const { order } = await mine(c.req.valid('param').orderNumber, sessionUser(c).id);
        const { url } = await startCheckout(deps, order);
        return c.json({ url });
      })
      // The customer's own cancel, until the restaurant accepts (409 order_already_accepted after).
      // Needs the network: the PWA never queues it, the answer decides what the page shows.
      .post('/:orderNumber/cancel', validate('param', ORDER_NUMBER_PARAM), validate('json', customerCancelSchema), async (c) => {
        const order = await cancelOrder(deps, {
          by: 'customer',
          orderNumber: c.req.valid('param').orderNumber,
          customerId: sessionUser(c).id,
        });
        return c.json({ order });
      })
      .get('/:orderNumber/receipt', validate('param', ORDER_NUMBER_PARAM), async (c) => {
        const found = await mine(c.req.valid('param').orderNumber, sessionUser(c).id);
        const receiptUrl = await receiptUrlOf(deps, found);
        return c.json({ receiptUrl });
      })
  );
}
