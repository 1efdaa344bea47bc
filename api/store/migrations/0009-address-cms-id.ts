/**
 * CMS=directus (issue 9): a saved address remembers the id of its copy in Directus `customer_addresses`,
 * so the outbox updates and deletes that copy instead of creating another, and an address imported from
 * Directus at sign-in is recognised (upserted by this id, never copied back as new). Unique: one of our
 * rows per Directus item. NULL (embedded mode, or not copied yet) may repeat on SQLite and PostgreSQL.
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function addressCmsIdMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('customer_addresses').addColumn('cms_id', 'text').execute();
      await db.schema.createIndex('customer_addresses_cms_id').unique().on('customer_addresses').column('cms_id').execute();
    },
  };
}
