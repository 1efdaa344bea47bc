/**
 * The cash-order caps (api/lib/order-flood.ts) count, inside every cash order's transaction, an
 * account's and a client address's orders by status and payment method. orders_customer_status and
 * orders_client_status (0010) find the rows by account or address and status, but the payment method
 * is only in the table, so each count read every matching order row: an account or a shared address
 * with a long history of orders made each new order slower (0.3 ms a count at 1,000 orders in the P6
 * bench, three counts an order). With the payment method in the index the counts read the index alone
 * (docs/decisions/0131-cash-caps-counted-from-indexes.md). The old indexes are replaced: these lead
 * with the same columns, so every query that used them still can.
 * Stores written between the first and the final form of 0010 (two dev commits, upgrade fixtures
 * store-before-0011/0012) have 0010 applied without orders.client_key and its index: the column is
 * added here when it is missing, so the cap check can run on them at all.
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import type { StoreDialect } from '../dialect';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function hasOrdersColumn(db: AnyDb, dialect: StoreDialect, column: string): Promise<boolean> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.columns where table_name = 'orders' and column_name = ${column}`.execute(db);
    return (rows[0]?.n ?? 0) > 0;
  }
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info('orders')`.execute(db);
  return rows.some((row) => row.name === column);
}

export function cashCapsIndexesMigration(dialect: StoreDialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      if (!(await hasOrdersColumn(db, dialect, 'client_key')))
        await db.schema.alterTable('orders').addColumn('client_key', 'text').execute();
      await db.schema
        .createIndex('orders_customer_status_method')
        .on('orders')
        .columns(['customer_id', 'status', 'payment_method'])
        .execute();
      await db.schema.createIndex('orders_client_status_method').on('orders').columns(['client_key', 'status', 'payment_method']).execute();
      await db.schema.dropIndex('orders_customer_status').ifExists().execute();
      await db.schema.dropIndex('orders_client_status').ifExists().execute();
    },
  };
}
