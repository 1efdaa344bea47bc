/**
 * Queries on `payment_sessions` (our record of each checkout attempt) and `payment_events` (provider
 * events already applied, by event id). The writes are called only by the orders module
 * (docs/decisions/0092-the-orders-module-owns-every-order-write.md). Also `order_refunds` (issue 19).
 */
import type { Insertable, Kysely, Transaction } from 'kysely';

import type { Database, OrderRefundRow, OrderRefundsTable, PaymentSessionRow, PaymentSessionsTable } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Records that an event is being applied; false when its id was applied (or is being applied)
 * already, so a provider's second delivery changes nothing.
 */
export async function claimPaymentEvent(
  trx: Transaction<Database>,
  event: { id: string; type: string; orderNumber: string | null; at: string },
): Promise<boolean> {
  const claimed = await trx
    .insertInto('payment_events')
    .values({ id: event.id, type: event.type, order_number: event.orderNumber, outcome: 'processing', received_at: event.at })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function finishPaymentEvent(
  trx: Transaction<Database>,
  id: string,
  outcome: string,
  orderNumber: string | null,
): Promise<void> {
  await trx.updateTable('payment_events').set({ outcome, order_number: orderNumber }).where('id', '=', id).execute();
}

export async function findPaymentSession(db: Db, sessionId: string): Promise<PaymentSessionRow | undefined> {
  return db.selectFrom('payment_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
}

/** The session, when it is one of this order's. */
export async function findOrderPaymentSession(db: Db, sessionId: string, orderId: number) {
  return db.selectFrom('payment_sessions').select(['id']).where('id', '=', sessionId).where('order_id', '=', orderId).executeTakeFirst();
}

export async function updatePaymentSession(
  trx: Transaction<Database>,
  sessionId: string,
  values: { status?: string; payment_status?: string; failure_reason?: string | null; payment_intent_id?: string | null },
  at: string,
): Promise<void> {
  await trx
    .updateTable('payment_sessions')
    .set({ ...values, updated_at: at })
    .where('id', '=', sessionId)
    .execute();
}

export async function lastPaymentAttempt(db: Db, orderId: number): Promise<number> {
  const previous = await db
    .selectFrom('payment_sessions')
    .select((eb) => eb.fn.max<number>('attempt').as('attempt'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(previous?.attempt ?? 0);
}

/**
 * Stores a new attempt's session unless one with its idempotency key is stored already, and answers
 * the stored one: two concurrent starts of one attempt both answer the winner's session.
 */
export async function insertPaymentSession(
  trx: Transaction<Database>,
  values: Insertable<PaymentSessionsTable>,
): Promise<{ id: string; url: string }> {
  await trx
    .insertInto('payment_sessions')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return trx
    .selectFrom('payment_sessions')
    .select(['id', 'url'])
    .where('idempotency_key', '=', values.idempotency_key)
    .executeTakeFirstOrThrow();
}

/** The refunds of these orders, oldest first. */
export async function refundRowsOf(db: Db, orderIds: readonly number[]): Promise<OrderRefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}

export async function insertRefund(trx: Transaction<Database>, values: Insertable<OrderRefundsTable>): Promise<OrderRefundRow> {
  return trx.insertInto('order_refunds').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findRefund(db: Db, refundId: number): Promise<OrderRefundRow | undefined> {
  return db.selectFrom('order_refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
}

export async function findRefundByProviderId(db: Db, providerRefundId: string): Promise<OrderRefundRow | undefined> {
  return db.selectFrom('order_refunds').selectAll().where('provider_refund_id', '=', providerRefundId).executeTakeFirst();
}

/**
 * A conditional update from the status the caller saw: false when the refund changed meanwhile (a
 * duplicated or late webhook, a second retry), so each refund state is written and logged once.
 */
export async function updateRefund(
  trx: Transaction<Database>,
  refundId: number,
  fromStatus: string,
  values: { status?: string; failure_message?: string | null; provider_refund_id?: string | null; attempt?: number },
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('order_refunds')
    .set({ ...values, updated_at: at })
    .where('id', '=', refundId)
    .where('status', '=', fromStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
