/**
 * Orders, payments and the kitchen hand-off (issue 5): hosted-checkout sessions (so the embedded
 * test checkout survives restarts and every provider attempt is counted), the provider events
 * already applied (dedupe by event id), the kitchen board's tickets (one per external order
 * number, so a re-send is harmless), and the customer's first/last name on the order for the POS
 * client block. Forward-only: never edit a shipped migration, add the next one.
 */
import type { Kysely } from 'kysely';

import type { StoreDialect } from '../dialect';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function ordersPaymentsMigration(dialect: StoreDialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('orders').addColumn('customer_first_name', 'text').execute();
      await db.schema.alterTable('orders').addColumn('customer_last_name', 'text').execute();

      await db.schema
        .createTable('payment_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('order_number', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('amount_bani', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('success_url', 'text', (c) => c.notNull())
        .addColumn('cancel_url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('unpaid'))
        .addColumn('payment_intent_id', 'text')
        .addColumn('failure_reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_sessions_order').on('payment_sessions').columns(['order_id', 'attempt']).execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('order_number', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();

      const tickets = db.schema.createTable('kitchen_tickets');
      await (
        dialect === 'postgres'
          ? tickets.addColumn('id', 'serial', (c) => c.primaryKey())
          : tickets.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('external_order_no', 'text', (c) => c.notNull().unique())
        .addColumn('external_order_id', 'integer', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
