/**
 * Order feedback (issue 5, 'Send Feedback' on the order details): a 1-5 rating and a short message
 * per submission, tied to the order and its customer. Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

import type { StoreDialect } from '../dialect';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function orderFeedbackMigration(dialect: StoreDialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      const table = db.schema.createTable('order_feedback');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_feedback_order').on('order_feedback').column('order_id').execute();
    },
  };
}
