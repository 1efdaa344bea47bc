/**
 * The manager's board reads the newest orders first, of one day or one status (api/store/orders-queries.ts
 * boardOrderRows: ORDER BY created_at DESC, id DESC LIMIT 300). Without an index on created_at each
 * load sorted the whole table, so it grew with every order ever taken (bench row G1, bench/HISTORY.md);
 * with these it reads only the rows it answers (docs/decisions/0105-orders-board-indexes.md).
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function ordersBoardIndexesMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at', 'id']).execute();
    },
  };
}
