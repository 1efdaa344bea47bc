/**
 * Refunds of card orders (issue 19; docs/decisions/0096-ready-time-and-arrival-window.md covers the
 * promise, docs/decisions/0095-order-status-moves-per-actor.md the moves):
 * - a refund row ('pending') is written in the transaction that decides it (the cancellation, or the
 *   manager's partial refund of some lines), with its order_events row;
 * - after that commits the payments port is asked (./payment-events.ts sendRefund: the provider's
 *   confirmation is a payment event, and a payment event can start a refund); a provider that did not take the
 *   request leaves the refund 'failed' with its message, shown on the board with Retry;
 * - only a verified provider event makes it 'succeeded' (./payment-events.ts applyRefundEvents), and
 *   the order's payment status becomes 'refunded' only when the refunds add up to the whole total.
 * Idempotency key: `refund-<orderNumber>-<refundId>-<attempt>`: the SDK's own retries and a second
 * press reuse it (the provider answers the same refund); a retry after a failure is a new attempt.
 */
import type { Order, RefundLine } from '../../src/shared/schemas/order';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { findOrder } from '../lib/order-records';
import { insertOrderEvents } from '../store/order-events-queries';
import { touchOrder } from '../store/orders-queries';
import { findRefund, insertRefund, updateRefund } from '../store/payments-queries';
import type { RefundDeps } from './payment-events';
import { sendRefund } from './payment-events';
import { linesAmountBani, refundableBani } from './refund-rows';

function refundNotFound(): never {
  throw apiError(HTTP_STATUS.NOT_FOUND, 'refund_not_found', 'Refund Not Found');
}

/** The board's Retry: a failed refund goes back to 'pending' as a new attempt (a new idempotency key). */
export async function retryRefund(deps: RefundDeps, orderNumber: string, refundId: number): Promise<Order> {
  const found = await findOrder(deps.store.db, orderNumber);
  if (!found) throw apiError(HTTP_STATUS.NOT_FOUND, 'order_not_found', 'Order Not Found');
  const refund = await findRefund(deps.store.db, refundId);
  if (!refund || refund.order_id !== found.row.id) refundNotFound();
  if (refund.status !== 'failed') {
    throw apiError(HTTP_STATUS.CONFLICT, 'refund_not_failed', 'Only a failed refund can be retried.', { status: refund.status });
  }
  const at = deps.clock.now().toISOString();
  const reopened = await deps.store.db.transaction().execute(async (trx) => {
    const moved = await updateRefund(
      trx,
      refund.id,
      'failed',
      { status: 'pending', failure_message: null, provider_refund_id: null, attempt: refund.attempt + 1 },
      at,
    );
    if (moved) {
      await insertOrderEvents(trx, [
        { orderId: refund.order_id, kind: 'refund', value: 'pending', at, detail: { refundId, retry: refund.attempt + 1 } },
      ]);
      await touchOrder(trx, refund.order_id, at);
    }
    return moved;
  });
  if (!reopened) throw apiError(HTTP_STATUS.CONFLICT, 'refund_not_failed', 'The refund changed meanwhile. Refresh the board.');
  await sendRefund(deps, refund.id);
  return (await findOrder(deps.store.db, orderNumber))!.order;
}

/**
 * The manager's partial refund of some lines (a missing item): only of a paid card order, never more
 * of a line than was ordered (less what earlier refunds of that line took).
 */
export async function refundOrderLines(deps: RefundDeps, orderNumber: string, lines: readonly RefundLine[]): Promise<Order> {
  const found = await findOrder(deps.store.db, orderNumber);
  if (!found) throw apiError(HTTP_STATUS.NOT_FOUND, 'order_not_found', 'Order Not Found');
  const { order, row } = found;
  if (order.paymentMethod !== 'card' || order.paymentStatus !== 'paid') {
    throw apiError(HTTP_STATUS.CONFLICT, 'not_refundable', 'Only a paid card order can be refunded.');
  }
  const taken = new Map<number, number>();
  for (const refund of order.refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines) taken.set(line.orderItemId, (taken.get(line.orderItemId) ?? 0) + line.quantity);
  }
  const asked = new Map<number, number>();
  for (const line of lines) asked.set(line.orderItemId, (asked.get(line.orderItemId) ?? 0) + line.quantity);
  for (const [orderItemId, quantity] of asked) {
    const item = order.orderItems.find((candidate) => candidate.id === orderItemId);
    if (!item) throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_line', `Line ${orderItemId} is not on this order.`, { orderItemId });
    if (quantity + (taken.get(orderItemId) ?? 0) > item.quantity) {
      throw apiError(HTTP_STATUS.CONFLICT, 'refund_exceeds_line', `No more than ${item.quantity} of '${item.itemName}' can be refunded.`, {
        orderItemId,
        quantity: item.quantity,
        itemName: item.itemName,
      });
    }
  }
  const merged = [...asked].map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
  const amount = linesAmountBani(order, merged);
  const at = deps.clock.now().toISOString();
  const refundId = await deps.store.db.transaction().execute(async (trx) => {
    const left = await refundableBani(trx, row);
    if (amount <= 0 || amount > left) {
      throw apiError(HTTP_STATUS.CONFLICT, 'refund_exceeds_total', 'The refund would be more than what is left of the payment.');
    }
    const created = await insertRefund(trx, {
      order_id: row.id,
      kind: 'partial',
      amount_bani: amount,
      status: 'pending',
      lines: JSON.stringify(merged),
      failure_message: null,
      provider: deps.payments.name,
      provider_refund_id: null,
      attempt: 1,
      created_at: at,
      updated_at: at,
    });
    await insertOrderEvents(trx, [
      {
        orderId: row.id,
        kind: 'refund',
        value: 'pending',
        at,
        detail: { refundId: created.id, kind: 'partial', amountBani: amount, lines: merged },
      },
    ]);
    await touchOrder(trx, row.id, at);
    return created.id;
  });
  await sendRefund(deps, refundId);
  return (await findOrder(deps.store.db, orderNumber))!.order;
}
