/**
 * Contact-page messages (issue 3). `client_key` is a hash of the sender's IP, kept only so the
 * route can rate-limit per client from the store (works across restarts and several instances).
 * Forward-only: never edit a shipped migration, add the next one.
 */
import type { Kysely } from 'kysely';

import type { StoreDialect } from '../dialect';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function contactMessagesMigration(dialect: StoreDialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      const table = db.schema.createTable('contact_messages');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('client_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contact_messages_client_created').on('contact_messages').columns(['client_key', 'created_at']).execute();
    },
  };
}
