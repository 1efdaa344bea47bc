/**
 * /api/orders (issue 5): create (idempotent, priced on the server), list mine, read one, live
 * status (SSE), start a payment again, receipt. Every route is the session customer's only: another
 * customer's order number answers 404 exactly like an unknown one.
 *
 * Offline: the PWA queues a cash order in its outbox with a UUID made at enqueue time and resends
 * it with that same Idempotency-Key until it gets an answer; the server replays the first answer
 * (201 with the same order, or the same 4xx), so a lost response never makes a second order. A
 * queued order is re-checked here on arrival (prices, availability, hours, zone) and the client
 * sends expectedTotalBani so a price change comes back as 409 price_changed for re-confirmation.
 */
import { randomInt } from 'node:crypto';

import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';

import { makeOrderNumber } from '../../src/shared/domain/order-number';
import type { Order, OrderStatusEvent } from '../../src/shared/schemas/order';
import { createOrderSchema } from '../../src/shared/schemas/order';
import type { AppDeps, AppEnv } from '../deps';
import { enqueueCmsOrderCopy } from '../integrations/cms/directus-orders';
import { enqueuePosHandOff } from '../integrations/payments/events';
import { publicOrigin, startCheckout } from '../integrations/payments/flow';
import { testReceiptPath } from '../integrations/payments/test-checkout';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { idempotencyKeyOf, requestHash, runIdempotent } from '../lib/idempotency';
import { enforceCashOrderLimits, orderClientKey } from '../lib/order-flood';
import { findOrder, listOrders, statusEventOf, toOrder } from '../lib/order-records';
import { priceOrder } from '../lib/order-pricing';
import { clientIp } from '../lib/rate-limit';
import { requireUser, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';

/** SSE keep-alive: proxies and phones drop idle streams after 30-60 s. */
export const SSE_HEARTBEAT_MS = 25_000;
/** Browsers reconnect after a drop at this pace (the SSE `retry` field): gentle, no reconnect storms. */
export const SSE_RETRY_MS = 5_000;
const ORDER_NUMBER_PARAM = z.object({ orderNumber: z.string().min(1).max(40) });
const CREATE_ORDER_ROUTE = 'POST /api/orders';
const RECEIPT_NOT_AVAILABLE = 'Stripe receipt is not yet available for this order.';

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

  return new Hono<AppEnv>()
    .use('*', requireUser)
    .post('/', validate('json', createOrderSchema), async (c) => {
      const user = sessionUser(c);
      const input = c.req.valid('json');
      const key = idempotencyKeyOf(c);
      const clientKey = orderClientKey(clientIp(c, deps.env.TRUST_PROXY));
      // CMS=directus: price on the restaurant's current catalogue; Directus down answers 503 cms_unavailable before any write.
      await deps.cmsSync?.();
      const answer = await runIdempotent(
        db,
        deps.clock,
        { scope: `user:${user.id}:${CREATE_ORDER_ROUTE}`, key, hash: requestHash(input) },
        async (trx) => {
          const now = deps.clock.now();
          if (input.paymentMethod === 'cash') {
            await enforceCashOrderLimits(trx, deps.store.dialect, {
              user,
              clientKey,
              limits: {
                unconfirmedPerAccount: deps.env.CASH_ORDERS_UNCONFIRMED_PER_ACCOUNT_MAX,
                unconfirmedPerClient: deps.env.CASH_ORDERS_UNCONFIRMED_PER_CLIENT_MAX,
                openUnverified: deps.env.CASH_ORDERS_OPEN_UNVERIFIED_MAX,
              },
            });
          }
          const priced = await priceOrder(trx, input, user.id, now);
          const at = now.toISOString();
          const orderNumber = makeOrderNumber(now, randomInt);
          const row = await trx
            .insertInto('orders')
            .values({
              order_number: orderNumber,
              customer_id: user.id,
              customer_name: `${input.customer.firstName} ${input.customer.lastName}`,
              customer_first_name: input.customer.firstName,
              customer_last_name: input.customer.lastName,
              customer_email: input.customer.email,
              customer_phone: input.customer.phone,
              fulfilment: input.fulfilment.type,
              location_id: priced.location?.id ?? null,
              address_id: priced.delivery?.addressId ?? null,
              delivery_address: priced.delivery ? JSON.stringify(priced.delivery.address) : null,
              delivery_details: priced.delivery?.address.details ?? null,
              delivery_instructions: priced.delivery?.instructions ?? null,
              delivery_latitude: priced.delivery?.latitude ?? null,
              delivery_longitude: priced.delivery?.longitude ?? null,
              delivery_distance_km: priced.delivery?.distanceKm ?? null,
              delivery_zone_name: priced.delivery?.zoneName ?? null,
              subtotal_bani: priced.subtotalBani,
              delivery_fee_bani: priced.deliveryFeeBani,
              tax_bani: priced.taxBani,
              discount_bani: priced.discountBani,
              total_bani: priced.totalBani,
              loyalty_points_earned: 0,
              loyalty_points_used: 0,
              payment_method: input.paymentMethod,
              payment_status: 'pending',
              status: 'received',
              estimated_delivery_time: priced.delivery ? (priced.delivery.estimatedTime ?? priced.settings.estimated_delivery_time) : null,
              delivered_at: null,
              customer_notes: input.notes?.trim() || null,
              kitchen_notes: null,
              cancel_reason: null,
              stripe_payment_intent_id: null,
              checkout_session_id: null,
              receipt_url: null,
              pos_injection_status: 'pending',
              pos_last_error: null,
              created_at: at,
              updated_at: at,
              client_key: clientKey,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          const { id } = row;
          const itemRows = await trx
            .insertInto('order_items')
            .values(
              priced.lines.map((line) => ({
                order_id: id,
                menu_item_id: line.menuItemId,
                sku: line.sku,
                item_name: line.itemName,
                base_price_bani: line.basePriceBani,
                quantity: line.quantity,
                weight_grams: line.weightGrams,
                selected_modifiers: JSON.stringify(line.modifiers),
                item_total_bani: line.itemTotalBani,
                special_instructions: line.specialInstructions,
              })),
            )
            .returningAll()
            .execute();
          // Cash goes to the kitchen now; card orders when a verified payment event says paid.
          if (input.paymentMethod === 'cash') await enqueuePosHandOff(trx, orderNumber, now);
          // CMS=directus: the restaurant's Directus gets a copy through the outbox (api/integrations/cms/directus-orders.ts).
          if (deps.cmsOrders) await enqueueCmsOrderCopy(trx, orderNumber, now);
          // The answer from the rows just written (no read back): the same mapping every order read uses.
          const location = priced.location && {
            id: priced.location.id,
            name: priced.location.name,
            address: priced.location.address,
            phone: priced.location.phone,
          };
          const order = toOrder(
            row,
            [...itemRows].sort((a, b) => a.id - b.id),
            location,
          );
          return { status: HTTP_STATUS.CREATED, body: { order } };
        },
      );
      if (answer.replayed) c.header('Idempotent-Replayed', 'true');
      else if (answer.status === HTTP_STATUS.CREATED) deps.orderEvents.notifyOutbox();
      return c.json(answer.body as { order: Order }, answer.status);
    })
    .get('/', async (c) => {
      const user = sessionUser(c);
      return c.json({ orders: await listOrders(db, user.id) });
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
          const current = await db
            .selectFrom('orders')
            .select(['order_number', 'status', 'payment_status', 'pos_injection_status', 'updated_at'])
            .where('id', '=', row.id)
            .executeTakeFirstOrThrow();
          queue = queue.then(() => send(statusEventOf(current)));
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
    .get('/:orderNumber/receipt', validate('param', ORDER_NUMBER_PARAM), async (c) => {
      const { order, row } = await mine(c.req.valid('param').orderNumber, sessionUser(c).id);
      if (order.paymentStatus !== 'paid') {
        throw apiError(HTTP_STATUS.CONFLICT, 'receipt_not_available', RECEIPT_NOT_AVAILABLE);
      }
      if (row.receipt_url) return c.json({ receiptUrl: row.receipt_url });
      let receiptUrl: string | null = null;
      if (deps.payments.name === 'test') receiptUrl = `${publicOrigin(deps.env)}${testReceiptPath(order.orderNumber)}`;
      else if (row.stripe_payment_intent_id) {
        receiptUrl = await deps.payments.receiptUrl(row.stripe_payment_intent_id).catch(() => null);
      }
      if (!receiptUrl) throw apiError(HTTP_STATUS.CONFLICT, 'receipt_not_available', RECEIPT_NOT_AVAILABLE);
      await db.updateTable('orders').set({ receipt_url: receiptUrl }).where('id', '=', row.id).execute();
      return c.json({ receiptUrl });
    });
}
