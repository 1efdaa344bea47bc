/**
 * Status moves (issue 19; docs/decisions/0095-order-status-moves-per-actor.md), each one a
 * conditional UPDATE from the status the caller saw plus its order_events row, in one transaction:
 * - acceptOrder: the manager accepts a new order with a preparation time; the promise (ready time,
 *   delivery arrival window) is stored with it. The kitchen hears of it now: with the embedded board
 *   accepting IS the kitchen seeing it (posInjectionStatus 'sent'); with a vendor POS the hand-off
 *   job is written in this transaction and the vendor's acknowledgement marks it 'sent to kitchen'.
 * - changeOrderStatus: the manager's forward steps, one at a time (a pickup order passes 'ready for
 *   pickup' before 'picked up').
 * - cancelOrder: the customer before acceptance (409 order_already_accepted after), or the
 *   restaurant with a reason code; a paid card order starts its full refund (./refunds.ts).
 * Two tablets pressing at once cannot skip a step: the second gets 409 invalid_transition. After the
 * write commits the change is published to the order's watchers and to the other boards.
 */
import type { Clock } from '../../src/shared/clock';
import type { MoveContext } from '../../src/shared/domain/order-status';
import { boardStepsFrom, canMove, orderStatusLabel, travelBandMinutes } from '../../src/shared/domain/order-status';
import type { CancelReasonCode, Order, OrderStatus } from '../../src/shared/schemas/order';
import { CANCEL_REASON_LABELS, ORDER_ALREADY_ACCEPTED } from '../../src/shared/schemas/order';
import type { Payments } from '../integrations/payments/port';
import type { Pos } from '../integrations/pos/port';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import type { LiveEvents } from '../lib/live-events';
import type { Logger } from '../lib/logger';
import type { OrderEventBus } from '../lib/order-events';
import { findOrder } from '../lib/order-records';
import { insertOrderEvents } from '../store/order-events-queries';
import { acceptOrderRow, cancelOrderRow, moveOrderStatus } from '../store/orders-queries';
import type { Store } from '../store/store';
import { plusMinutes, promiseAt } from './lifecycle';
import { enqueuePosHandOff } from './pos-hand-off';
import { publishBoardMove, publishOrderState } from './publish';
import { sendRefund } from './payment-events';
import { startFullRefund } from './refund-rows';

export interface StatusMoveDeps {
  store: Store;
  clock: Clock;
  orderEvents: OrderEventBus;
  liveEvents: LiveEvents;
  pos: Pick<Pos, 'name'>;
}

export interface CancelDeps extends StatusMoveDeps {
  logger: Logger;
  payments: Payments;
}

function notFound(): never {
  throw apiError(HTTP_STATUS.NOT_FOUND, 'order_not_found', 'Order Not Found');
}

function changedMeanwhile(): never {
  throw apiError(HTTP_STATUS.CONFLICT, 'invalid_transition', 'The order changed meanwhile. Refresh the board and try again.');
}

function refuseMove(order: Order, to: OrderStatus): never {
  // Said in the board's words: a pickup order is 'Ready for Pickup' / 'Picked Up' (issue 27).
  const subject = order.fulfilment === 'pickup' ? 'A pickup order' : 'An order';
  const from = orderStatusLabel(order.status, order.fulfilment);
  const target = orderStatusLabel(to, order.fulfilment);
  throw apiError(HTTP_STATUS.CONFLICT, 'invalid_transition', `${subject} that is '${from}' cannot move to '${target}'.`, {
    from: order.status,
    to,
  });
}

async function published(deps: StatusMoveDeps, orderNumber: string, status: OrderStatus, at: string): Promise<Order> {
  await publishOrderState(deps.store, deps.orderEvents, orderNumber);
  publishBoardMove(deps.liveEvents, { orderNumber, status, at });
  deps.orderEvents.notifyOutbox();
  return (await findOrder(deps.store.db, orderNumber))!.order;
}

/**
 * When the kitchen starts on it: now, or for an order for later accepted ahead of its slot, so that
 * the customer gets their slot, not "in 20 minutes" (issue 22): a pickup is ready at the slot's start,
 * a delivery leaves the travel band's short end before it, so its arrival window opens at the slot.
 */
function cookingStartOf(now: Date, prepMinutes: number, scheduledFor: string | null, travelFromMinutes: number): Date {
  if (scheduledFor === null) return now;
  const start = plusMinutes(new Date(scheduledFor), -prepMinutes - travelFromMinutes);
  return start.getTime() > now.getTime() ? start : now;
}

function contextOf(deps: StatusMoveDeps, order: Order): MoveContext {
  return { fulfilment: order.fulfilment, pos: deps.pos.name };
}

/** The manager's forward steps (the board's status route): never accepting, never cancelling. */
export async function changeOrderStatus(deps: StatusMoveDeps, move: { orderNumber: string; to: OrderStatus }): Promise<Order> {
  const { orderNumber, to } = move;
  const found = await findOrder(deps.store.db, orderNumber);
  if (!found) notFound();
  const { order } = found;
  if (!boardStepsFrom(order.status, contextOf(deps, order)).includes(to)) refuseMove(order, to);
  const at = deps.clock.now().toISOString();
  await deps.store.db.transaction().execute(async (trx) => {
    const moved = await moveOrderStatus(trx, {
      orderId: order.id,
      from: order.status,
      to,
      at,
      ...(to === 'delivered' ? { deliveredAt: at } : {}),
    });
    if (!moved) changedMeanwhile();
    await insertOrderEvents(trx, [{ orderId: order.id, kind: 'status', value: to, at, detail: { by: 'manager' } }]);
  });
  return published(deps, orderNumber, to, at);
}

/** The manager accepts a new order, promising it ready in `prepMinutes`. */
export async function acceptOrder(deps: StatusMoveDeps, input: { orderNumber: string; prepMinutes: number }): Promise<Order> {
  const found = await findOrder(deps.store.db, input.orderNumber);
  if (!found) notFound();
  const { order, row } = found;
  if (!canMove('manager', order.status, 'confirmed', contextOf(deps, order))) refuseMove(order, 'confirmed');
  if (order.paymentMethod === 'card' && order.paymentStatus !== 'paid') {
    throw apiError(HTTP_STATUS.CONFLICT, 'not_paid', 'A card order can be accepted once it is paid.');
  }
  const now = deps.clock.now();
  const at = now.toISOString();
  const promise = promiseAt(
    cookingStartOf(
      now,
      input.prepMinutes,
      order.scheduledFor,
      order.fulfilment === 'delivery' ? travelBandMinutes(row.estimated_delivery_time).from : 0,
    ),
    input.prepMinutes,
    order.fulfilment === 'delivery' ? { estimatedDeliveryTime: row.estimated_delivery_time } : null,
  );
  const embedded = deps.pos.name === 'kitchen-board';
  await deps.store.db.transaction().execute(async (trx) => {
    const accepted = await acceptOrderRow(trx, {
      orderId: order.id,
      at,
      prepMinutes: input.prepMinutes,
      readyAt: promise.readyAt,
      arrival: promise.arrivalWindow,
      posSent: embedded,
    });
    if (!accepted) changedMeanwhile();
    await insertOrderEvents(trx, [
      {
        orderId: order.id,
        kind: 'status',
        value: 'confirmed',
        at,
        detail: { by: 'manager', prepMinutes: input.prepMinutes, readyAt: promise.readyAt, arrivalWindow: promise.arrivalWindow },
      },
    ]);
    // A vendor POS gets the ticket now; its acknowledgement is what 'sent to kitchen' means there.
    if (!embedded) await enqueuePosHandOff(trx, order.orderNumber, now);
  });
  return published(deps, order.orderNumber, 'confirmed', at);
}

export type CancelRequest =
  | { by: 'customer'; orderNumber: string; customerId: number }
  | { by: 'restaurant'; orderNumber: string; reasonCode: Exclude<CancelReasonCode, 'customer_request'>; note?: string | undefined };

/** The words the customer reads: the manager's note for 'other', else the preset's label. */
function reasonText(request: CancelRequest): { code: CancelReasonCode; text: string } {
  if (request.by === 'customer') return { code: 'customer_request', text: CANCEL_REASON_LABELS.customer_request };
  const note = request.note?.trim();
  if (request.reasonCode === 'other' && note) return { code: 'other', text: note };
  return {
    code: request.reasonCode,
    text: note ? `${CANCEL_REASON_LABELS[request.reasonCode]}: ${note}` : CANCEL_REASON_LABELS[request.reasonCode],
  };
}

/**
 * Cancels (or rejects) an order. The customer only their own and only before acceptance; the
 * restaurant any order that is not final. A paid card order's full refund starts in the same
 * transaction and is sent to the provider once it committed.
 */
export async function cancelOrder(deps: CancelDeps, request: CancelRequest): Promise<Order> {
  const found = await findOrder(deps.store.db, request.orderNumber, request.by === 'customer' ? request.customerId : undefined);
  if (!found) notFound();
  const { order, row } = found;
  const actor = request.by === 'customer' ? 'customer' : 'manager';
  if (!canMove(actor, order.status, 'cancelled', contextOf(deps, order))) {
    if (request.by === 'customer' && order.status !== 'cancelled' && order.status !== 'delivered') {
      throw apiError(
        HTTP_STATUS.CONFLICT,
        ORDER_ALREADY_ACCEPTED,
        'The restaurant has already accepted this order. Call the restaurant to change it.',
      );
    }
    refuseMove(order, 'cancelled');
  }
  const reason = reasonText(request);
  const at = deps.clock.now().toISOString();
  const refundId = await deps.store.db.transaction().execute(async (trx) => {
    const cancelled = await cancelOrderRow(trx, {
      orderId: order.id,
      from: order.status,
      at,
      cancelledBy: request.by,
      reasonCode: reason.code,
      reason: reason.text,
    });
    if (!cancelled) {
      // Accepted between the customer's read and this write: said like any accepted order.
      if (request.by === 'customer') {
        throw apiError(
          HTTP_STATUS.CONFLICT,
          ORDER_ALREADY_ACCEPTED,
          'The restaurant has already accepted this order. Call the restaurant to change it.',
        );
      }
      changedMeanwhile();
    }
    await insertOrderEvents(trx, [
      {
        orderId: order.id,
        kind: 'status',
        value: 'cancelled',
        at,
        detail: { by: request.by, reasonCode: reason.code, reason: reason.text },
      },
    ]);
    return startFullRefund(trx, row, deps.payments.name, at);
  });
  if (refundId !== null) await sendRefund(deps, refundId);
  return published(deps, order.orderNumber, 'cancelled', at);
}
