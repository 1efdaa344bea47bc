/**
 * Issue 19, the order's lifecycle:
 * - order_events: the durable log of every change to an order (placed, each status move, payment
 *   status, refund status), written in the transaction of the change. The order's status history
 *   is built from it; notifications and the day report read it (api/store/order-events-queries.ts).
 * - orders: who accepted when and the promise made (accepted_at, prep_minutes, ready_at, the
 *   delivery arrival window), when it escalates if nobody accepts (accept_deadline_at), who
 *   cancelled and why (cancelled_by, cancel_reason_code; cancel_reason stays the readable text).
 * - order_refunds: each refund of a card order (full on cancel/reject, partial of some lines), its
 *   provider reference and state; the idempotency key is stable per refund so a retry never pays twice.
 * - restaurant_settings.accept_within_minutes: the escalation limit (default 5).
 * - kitchen_tickets goes: the embedded board is the kitchen, so the board's own orders are the queue
 *   (docs/decisions/0094-the-board-is-the-kitchen.md).
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

import type { StoreDialect } from '../dialect';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function orderLifecycleMigration(dialect: StoreDialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      const events = db.schema.createTable('order_events');
      await (
        dialect === 'postgres'
          ? events.addColumn('id', 'serial', (c) => c.primaryKey())
          : events.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

      for (const [name, type] of [
        ['accepted_at', 'text'],
        ['prep_minutes', 'integer'],
        ['ready_at', 'text'],
        ['arrival_from', 'text'],
        ['arrival_to', 'text'],
        ['accept_deadline_at', 'text'],
        ['cancelled_by', 'text'],
        ['cancel_reason_code', 'text'],
      ] as const) {
        await db.schema.alterTable('orders').addColumn(name, type).execute();
      }

      const refunds = db.schema.createTable('order_refunds');
      await (
        dialect === 'postgres'
          ? refunds.addColumn('id', 'serial', (c) => c.primaryKey())
          : refunds.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount_bani', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('failure_message', 'text')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_refund_id', 'text')
        .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_refunds_order').on('order_refunds').columns(['order_id', 'id']).execute();
      await db.schema.createIndex('order_refunds_provider_id').on('order_refunds').columns(['provider_refund_id']).execute();

      await db.schema
        .alterTable('restaurant_settings')
        .addColumn('accept_within_minutes', 'integer', (c) => c.notNull().defaultTo(5))
        .execute();

      await db.schema.dropTable('kitchen_tickets').execute();
    },
  };
}
