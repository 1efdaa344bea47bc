/**
 * The refund rows an order's changes write inside their own transaction (issue 19; ./refunds.ts says
 * how refunds work): a cancellation's full refund, the amount of some lines, and the provider's
 * idempotency key. No provider call here: sending is ./payment-events.ts sendRefund, after the commit.
 */
import type { Transaction } from 'kysely';

import type { Order, RefundLine } from '../../src/shared/schemas/order';
import { insertOrderEvents } from '../store/order-events-queries';
import { insertRefund, refundRowsOf } from '../store/payments-queries';
import type { Database, OrderRow } from '../store/schema';

export function refundIdempotencyKey(orderNumber: string, refundId: number, attempt: number): string {
  return `refund-${orderNumber}-${refundId}-${attempt}`;
}

/** What is still refundable: the total less refunds that succeeded or are under way. */
export async function refundableBani(trx: Transaction<Database>, order: Pick<OrderRow, 'id' | 'total_bani'>): Promise<number> {
  const refunds = await refundRowsOf(trx, [order.id]);
  const taken = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount_bani, 0);
  return Math.max(0, order.total_bani - taken);
}

/**
 * Inside the cancellation's transaction: a paid card order gets a full refund of what is left, as a
 * 'pending' row. Null when there is nothing to refund (cash, unpaid, already refunded).
 */
export async function startFullRefund(
  trx: Transaction<Database>,
  order: Pick<OrderRow, 'id' | 'total_bani' | 'payment_method' | 'payment_status'>,
  provider: string,
  at: string,
): Promise<number | null> {
  if (order.payment_method !== 'card' || order.payment_status !== 'paid') return null;
  const amount = await refundableBani(trx, order);
  if (amount <= 0) return null;
  const row = await insertRefund(trx, {
    order_id: order.id,
    kind: 'full',
    amount_bani: amount,
    status: 'pending',
    lines: '[]',
    failure_message: null,
    provider,
    provider_refund_id: null,
    attempt: 1,
    created_at: at,
    updated_at: at,
  });
  await insertOrderEvents(trx, [
    { orderId: order.id, kind: 'refund', value: 'pending', at, detail: { refundId: row.id, kind: 'full', amountBani: amount } },
  ]);
  return row.id;
}

/** The amount of some lines: each line's total shared over its quantity (rounded down, never more than paid). */
export function linesAmountBani(order: Order, lines: readonly RefundLine[]): number {
  let sum = 0;
  for (const line of lines) {
    const item = order.orderItems.find((candidate) => candidate.id === line.orderItemId);
    if (!item) continue;
    sum += Math.floor((item.itemTotalBani * line.quantity) / item.quantity);
  }
  return sum;
}
