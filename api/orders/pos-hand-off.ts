/**
 * Handing an order to a vendor POS (docs/decisions/0013-kitchen-hand-off-through-a-server-outbox.md,
 * docs/decisions/0094-the-board-is-the-kitchen.md): a 'pos.send' job written in the transaction that
 * accepts the order (./status.ts; never before a person accepted it), run by the job queue
 * (api/jobs/queue.ts) through the Pos port. The embedded board needs no hand-off: accepting there is
 * the kitchen seeing it.
 * - Run: the POS payload is built at send time from the stored order; the queue's signal times it out.
 * - Done: the order's pos_injection_status is 'sent'; with POS=http the vendor's acknowledgement moves
 *   an accepted order to 'sent to kitchen' (the 'pos' rule of src/shared/domain/order-status.ts),
 *   logged in the same transaction, then watchers hear.
 * - Failed: the order shows 'failed: <reason>' while the job keeps retrying with backoff.
 * - A manager's re-send puts the job back in the queue; the POS dedupes by external order number, so
 *   a re-send never makes a second ticket.
 */
import type { Transaction } from 'kysely';

import type { Clock } from '../../src/shared/clock';
import type { PosKind } from '../../src/shared/domain/order-status';
import { canMove } from '../../src/shared/domain/order-status';
import { buildPosPayload } from '../../src/shared/domain/pos-payload';
import { orderStatusSchema } from '../../src/shared/schemas/order';
import type { Pos } from '../integrations/pos/port';
import type { JobHandler } from '../jobs/queue';
import { requeueJob } from '../jobs/leases';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import type { OrderEventBus } from '../lib/order-events';
import { findOrder } from '../lib/order-records';
import { insertOrderEvents } from '../store/order-events-queries';
import { orderForHandOff, setPosFailed, setPosPending, setPosSent } from '../store/orders-queries';
import { enqueueOutboxRows } from '../store/outbox-rows';
import type { Database } from '../store/schema';
import type { Store } from '../store/store';
import { publishOrderState } from './publish';

export const POS_OUTBOX_KIND = 'pos.send';

export function posDedupeKey(orderNumber: string): string {
  return `pos:${orderNumber}`;
}

/** Queue the POS hand-off; a second call for the same order is a no-op (unique dedupe key). */
export async function enqueuePosHandOff(trx: Transaction<Database>, orderNumber: string, now: Date): Promise<void> {
  await enqueueOutboxRows(trx, [{ kind: POS_OUTBOX_KIND, dedupeKey: posDedupeKey(orderNumber), payload: { orderNumber } }], now);
}

/**
 * The POS holds the order: 'sent'. With a vendor POS (POS=http) its acknowledgement is what 'sent to
 * kitchen' means, so an accepted order moves there (the 'pos' rule of src/shared/domain/order-status.ts),
 * logged in the same transaction. The embedded board moves nothing: it is the kitchen.
 */
export async function markSentToPos(trx: Transaction<Database>, orderNumber: string, now: Date, pos: PosKind): Promise<void> {
  const order = await orderForHandOff(trx, orderNumber);
  if (!order) return;
  const status = orderStatusSchema.parse(order.status);
  const fulfilment = order.fulfilment === 'pickup' ? 'pickup' : 'delivery';
  const at = now.toISOString();
  const advance = canMove('pos', status, 'sent to kitchen', { fulfilment, pos });
  const moved = await setPosSent(trx, order.id, at, advance ? { from: status, to: 'sent to kitchen' } : null);
  if (moved) await insertOrderEvents(trx, [{ orderId: order.id, kind: 'status', value: 'sent to kitchen', at, detail: { by: 'pos' } }]);
}

export async function markPosFailed(trx: Transaction<Database>, orderNumber: string, reason: string, now: Date): Promise<void> {
  await setPosFailed(trx, orderNumber, reason, now.toISOString());
}

function orderNumberOf(payload: unknown): string | null {
  const orderNumber = (payload as { orderNumber?: unknown } | null)?.orderNumber;
  return typeof orderNumber === 'string' ? orderNumber : null;
}

/** The queue's handler for 'pos.send' rows. */
export function posHandOffJob(deps: { store: Store; pos: Pos; orderEvents: OrderEventBus }): JobHandler {
  const { store, pos, orderEvents } = deps;
  return {
    kind: POS_OUTBOX_KIND,
    async run(payload, { signal }) {
      const orderNumber = orderNumberOf(payload);
      if (!orderNumber) throw new Error('outbox payload without orderNumber');
      const found = await findOrder(store.db, orderNumber);
      if (!found) throw new Error(`order ${orderNumber} not found`);
      const ticket = buildPosPayload(
        found.order,
        found.row.customer_first_name && found.row.customer_last_name
          ? { firstName: found.row.customer_first_name, lastName: found.row.customer_last_name }
          : undefined,
      );
      await pos.send(ticket, { signal });
      return { doneLog: { message: 'order handed to the POS', fields: { orderNumber, pos: pos.name } } };
    },
    async onDone(trx, payload, now) {
      const orderNumber = orderNumberOf(payload);
      if (orderNumber) await markSentToPos(trx, orderNumber, now, pos.name);
    },
    async onFailed(trx, payload, reason, now) {
      const orderNumber = orderNumberOf(payload);
      if (orderNumber) await markPosFailed(trx, orderNumber, reason, now);
    },
    async afterCommit(payload) {
      const orderNumber = orderNumberOf(payload);
      if (orderNumber) await publishOrderState(store, orderEvents, orderNumber);
    },
  };
}

/**
 * The manager's re-send: the job is put back in the queue (or created for an order that never had
 * one, e.g. a paid card order from before the outbox) and the order shows 'pending' again.
 */
export async function requeuePos(
  deps: { store: Store; clock: Clock; orderEvents: OrderEventBus },
  orderNumber: string,
): Promise<{ orderNumber: string; posInjectionStatus: 'pending' }> {
  const found = await findOrder(deps.store.db, orderNumber);
  if (!found) throw apiError(HTTP_STATUS.NOT_FOUND, 'order_not_found', 'Order Not Found');
  const { order } = found;
  if (order.status === 'received') {
    throw apiError(HTTP_STATUS.CONFLICT, 'not_accepted', 'An order goes to the kitchen once it is accepted.');
  }
  if (order.paymentMethod === 'card' && order.paymentStatus !== 'paid') {
    throw apiError(HTTP_STATUS.CONFLICT, 'not_paid', 'A card order goes to the kitchen once it is paid.');
  }
  const now = deps.clock.now();
  await deps.store.db.transaction().execute(async (trx) => {
    await enqueuePosHandOff(trx, order.orderNumber, now);
    await requeueJob(trx, posDedupeKey(order.orderNumber), now);
    await setPosPending(trx, order.id, now.toISOString());
  });
  await publishOrderState(deps.store, deps.orderEvents, order.orderNumber);
  deps.orderEvents.notifyOutbox();
  return { orderNumber: order.orderNumber, posInjectionStatus: 'pending' };
}
