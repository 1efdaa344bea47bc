/**
 * Issue 27: an address keeps its house number apart from the street line (which still ends with it,
 * so every reader of street_address is unchanged) and the customer's explicit "this place has no
 * house number". Rows saved before have neither: they keep reading and ordering, and the form asks
 * for the number when such an address is edited (src/shared/domain/house-number.ts). A gazetteer
 * place id already carries its number, so those rows are read with it (api/routes/addresses.ts
 * toAddress) without a data migration that would need dialect-specific string functions.
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function addressHouseNumberMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('customer_addresses').addColumn('house_number', 'text').execute();
      await db.schema
        .alterTable('customer_addresses')
        .addColumn('no_house_number', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
    },
  };
}
