/**
 * The cash-order caps (api/lib/order-flood.ts) count, inside every cash order's transaction, an
 * account's and a client address's orders by status and payment method. orders_customer_status and
 * orders_client_status (0010) find the rows by account or address and status, but the payment method
 * is only in the table, so each count read every matching order row: an account or a shared address
 * with a long history of orders made each new order slower (0.3 ms a count at 1,000 orders in the P6
 * bench, three counts an order). With the payment method in the index the counts read the index alone
 * (docs/decisions/0131-cash-caps-counted-from-indexes.md). The old indexes are replaced: these lead
 * with the same columns, so every query that used them still can.
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function cashCapsIndexesMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createIndex('orders_customer_status_method')
        .on('orders')
        .columns(['customer_id', 'status', 'payment_method'])
        .execute();
      await db.schema.createIndex('orders_client_status_method').on('orders').columns(['client_key', 'status', 'payment_method']).execute();
      await db.schema.dropIndex('orders_customer_status').execute();
      await db.schema.dropIndex('orders_client_status').execute();
    },
  };
}
