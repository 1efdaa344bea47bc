/**
 * Queries on `payment_sessions` (our record of each checkout attempt) and `payment_events` (provider
 * events already applied, by event id). The writes are called only by the orders module
 * (docs/decisions/0092-the-orders-module-owns-every-order-write.md).
 */
import type { Insertable, Kysely, Transaction } from 'kysely';

import type { Database, PaymentSessionRow, PaymentSessionsTable } from './schema';

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
