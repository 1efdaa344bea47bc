/**
 * Placing an order: priced on the server, written once. One transaction holds the idempotency key
 * (api/lib/idempotency.ts), the cash-order caps, the order, its items, its first order_events row
 * and its jobs (the Cms copy with CMS=directus), so a lost answer replayed under the same
 * Idempotency-Key never makes a second order and a crash leaves either everything or nothing.
 * A cash order is on the board as new from now; a card order once a verified payment event says
 * paid (./payment-events.ts); an order for later (`when: slot`, issue 22) from its release time,
 * the slot's start minus the kitchen's lead time, with its slot checked here (./schedule.ts). Either reaches the kitchen when a person accepts it (./status.ts).
 */
import { randomInt } from 'node:crypto';

import type { ContentfulStatusCode } from 'hono/utils/http-status';

import { makeOrderNumber } from '../../src/shared/domain/order-number';
import type { CreateOrderInput, Order } from '../../src/shared/schemas/order';
import type { AppDeps } from '../deps';
import { enqueueCmsOrderCopy } from '../integrations/cms/directus-orders';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { requestHash, runIdempotent } from '../lib/idempotency';
import { addLogContext } from '../lib/logger';
import { enforceCashOrderLimits } from '../lib/order-flood';
import { priceOrder } from './pricing';
import { toOrder } from '../lib/order-records';
import { insertOrderEvents } from '../store/order-events-queries';
import { insertOrder, insertOrderItems } from '../store/orders-queries';
import { acceptDeadlineFrom } from './lifecycle';
import type { ScheduledTiming } from './schedule';
import { onBoardFrom, reserveSlot } from './schedule';
import type { UserRow } from '../store/schema';

const CREATE_ORDER_ROUTE = 'POST /api/orders';

export type PlaceOrderDeps = Pick<AppDeps, 'env' | 'store' | 'clock' | 'cmsOrders' | 'orderEvents'>;

export interface PlaceOrderRequest {
  user: UserRow;
  input: CreateOrderInput;
  /** The client's Idempotency-Key (one per intended order). */
  idempotencyKey: string;
  /** Hash of the client's address (api/lib/order-flood.ts orderClientKey). */
  clientKey: string;
}

/** 201 with the order, or the stored answer of an earlier attempt under the same key (`replayed`). */
export async function placeOrder(
  deps: PlaceOrderDeps,
  request: PlaceOrderRequest,
): Promise<{ status: ContentfulStatusCode; body: unknown; replayed: boolean }> {
  const { user, input, clientKey } = request;
  const answer = await runIdempotent(
    deps.store.db,
    deps.clock,
    { scope: `user:${user.id}:${CREATE_ORDER_ROUTE}`, key: request.idempotencyKey, hash: requestHash(input) },
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
      // Orders for later (issue 22, ./schedule.ts): a pickup's slot is checked before pricing, so a
      // start that is not a slot of that kitchen is refused as such (not as "closed"); a delivery's
      // once pricing has routed it to a covering kitchen that has the slot (decision 0150). Either way
      // inside this transaction, counted after the kitchen's row is locked, so a slot's last place is taken once.
      const when = input.when ?? { type: 'asap' as const };
      let timing: ScheduledTiming | null = null;
      if (when.type === 'slot' && input.fulfilment.type === 'pickup') {
        timing = await reserveSlot(trx, deps.store.dialect, { locationId: input.fulfilment.locationId, slotStart: when.slotStart, now });
      }
      const priced = await priceOrder(trx, input, user.id, now, deps.store.dialect);
      if (when.type === 'slot' && timing === null) {
        if (!priced.location)
          throw apiError(HTTP_STATUS.UNPROCESSABLE, 'slot_unavailable', 'No kitchen can take this order for later.', {
            nextSlots: [],
          });
        timing = await reserveSlot(trx, deps.store.dialect, { locationId: priced.location.id, slotStart: when.slotStart, now });
      }
      const at = now.toISOString();
      const orderNumber = makeOrderNumber(now, randomInt);
      // From here every log line of this request names the order (one order's story across instances,
      // docs/decisions/0104-order-numbers-in-logs.md).
      addLogContext({ orderNumber });
      const row = await insertOrder(trx, {
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
        // A cash order is on the board from now (a scheduled one from its release): it escalates if
        // nobody accepts it in time. A card order gets its deadline when it is paid (./payment-events.ts).
        accept_deadline_at:
          input.paymentMethod === 'cash'
            ? acceptDeadlineFrom(onBoardFrom(now, timing?.releaseAt ?? null), priced.settings.accept_within_minutes)
            : null,
        scheduled_for: timing?.scheduledFor ?? null,
        release_at: timing?.releaseAt ?? null,
      });
      await insertOrderEvents(trx, [{ orderId: row.id, kind: 'status', value: 'received', at }]);
      const itemRows = await insertOrderItems(
        trx,
        priced.lines.map((line) => ({
          order_id: row.id,
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
      );
      // Nothing goes to the kitchen yet: a person accepts the order on the board first (./status.ts).
      // CMS=directus: the restaurant's Directus gets a copy through the job queue (api/integrations/cms/directus-orders.ts).
      if (deps.cmsOrders) await enqueueCmsOrderCopy(trx, orderNumber, now);
      // The answer from the rows just written (no read back): the same mapping every order read uses.
      const location = priced.location && {
        id: priced.location.id,
        name: priced.location.name,
        address: priced.location.address,
        phone: priced.location.phone,
      };
      const order: Order = toOrder(
        row,
        [...itemRows].sort((a, b) => a.id - b.id),
        location,
        { events: [{ id: 0, order_id: row.id, kind: 'status', value: 'received', at, detail: null }], refunds: [] },
      );
      return { status: HTTP_STATUS.CREATED, body: { order } };
    },
  );
  // A replayed attempt names the order it answers with, like the first one did.
  if (answer.replayed) {
    const replayedNumber = (answer.body as { order?: { orderNumber?: unknown } } | null)?.order?.orderNumber;
    if (typeof replayedNumber === 'string') addLogContext({ orderNumber: replayedNumber });
  }
  // The new order's jobs are due now: the worker need not wait for its next poll.
  if (!answer.replayed && answer.status === HTTP_STATUS.CREATED) deps.orderEvents.notifyOutbox();
  return answer;
}
