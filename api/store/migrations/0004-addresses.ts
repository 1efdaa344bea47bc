/**
 * Address book (issue 4): the list is read newest-updated first per customer, and a customer has at
 * most one default address, enforced by the store itself (a partial unique index, which SQLite and
 * PostgreSQL both support) so no interleaving of requests can leave two defaults.
 * Forward-only: never edit a shipped migration, add the next one.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import type { StoreDialect } from '../dialect';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function addressesMigration(_dialect: StoreDialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createIndex('customer_addresses_customer_updated')
        .on('customer_addresses')
        .columns(['customer_id', 'updated_at'])
        .execute();
      await sql`create unique index customer_addresses_one_default on customer_addresses (customer_id) where is_default = 1`.execute(db);
    },
  };
}
