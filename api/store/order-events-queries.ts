/**
 * Queries on `order_events`, the durable log of every change to an order (migration 0015): one row
 * per change, written by the orders module in the transaction of the change
 * (docs/decisions/0092-the-orders-module-owns-every-order-write.md). Readers follow it by id: the
 * order's status history, notifications (a cursor over ids), the day report.
 */
import type { Kysely, Transaction } from 'kysely';

import type { Database, OrderEventRow } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

/** 'location': the order moved to another kitchen (issue 22; value the new location id, detail from/to). */
export type OrderEventKind = 'status' | 'payment' | 'refund' | 'location';

export interface NewOrderEvent {
  orderId: number;
  kind: OrderEventKind;
  /** The new status / payment status / refund status. */
  value: string;
  at: string;
  /** Stored as JSON (e.g. {"readyAt":..,"reasonCode":..,"refundId":..}). */
  detail?: Record<string, unknown> | null;
}

/** Written only inside the transaction that makes the change. */
export async function insertOrderEvents(trx: Transaction<Database>, events: readonly NewOrderEvent[]): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('order_events')
    .values(
      events.map((event) => ({
        order_id: event.orderId,
        kind: event.kind,
        value: event.value,
        at: event.at,
        detail: event.detail ? JSON.stringify(event.detail) : null,
      })),
    )
    .execute();
}

/** Every event after `afterId` (exclusive), oldest first, at most `limit`: a reader's cursor. */
export async function listOrderEventsAfter(db: Db, afterId: number, limit: number): Promise<OrderEventRow[]> {
  return db.selectFrom('order_events').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** Ids and times of the events in (afterId, upToId], oldest first: where a reader's cursor may move (no payloads read). */
export async function listOrderEventStampsBetween(db: Db, afterId: number, upToId: number): Promise<Pick<OrderEventRow, 'id' | 'at'>[]> {
  return db.selectFrom('order_events').select(['id', 'at']).where('id', '>', afterId).where('id', '<=', upToId).orderBy('id').execute();
}

/** These events, oldest first. */
export async function listOrderEventsById(db: Db, ids: readonly number[]): Promise<OrderEventRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('order_events')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

/** The events of these orders, oldest first (one query for a whole board). */
export async function orderEventRowsOf(db: Db, orderIds: readonly number[]): Promise<OrderEventRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}
