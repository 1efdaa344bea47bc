/**
 * Issue 18, the manager's menu editor on the embedded store:
 * - menu_categories / menu_items: is_hidden (kept, edited, left off the storefront) and revision
 *   (bumped by every edit; an edit made from an older one is a 409 menu_conflict,
 *   docs/decisions/0112-menu-rows-carry-a-revision.md). is_active = 0 keeps meaning deleted: orders
 *   keep their own copies of names and prices, so a deleted dish's row stays for history.
 * - menu_items: allergens and dietary_tags (JSON arrays of the shared codes), may_contain (free text),
 *   availability (JSON AvailabilityWindow[], empty = always), photo (JSON MenuPhoto or NULL).
 * - modifier_groups.revision; modifier_options.allergens (JSON array).
 * - menu_change_log: who changed what on the menu, when, before -> after per field (JSON).
 * - menu_photos: the uploaded photos (content-addressed id, the widths made), written by
 *   api/menu-photos/.
 * - contact_messages / order_feedback: handled_at, the inbox's "mark handled".
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

import type { StoreDialect } from '../dialect';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function menuEditorMigration(dialect: StoreDialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      const addFlag = (table: string, column: string) =>
        db.schema
          .alterTable(table)
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      const addRevision = (table: string) =>
        db.schema
          .alterTable(table)
          .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
      const addJsonList = (table: string, column: string) =>
        db.schema
          .alterTable(table)
          .addColumn(column, 'text', (c) => c.notNull().defaultTo('[]'))
          .execute();

      await addFlag('menu_categories', 'is_hidden');
      await addRevision('menu_categories');

      await addFlag('menu_items', 'is_hidden');
      await addJsonList('menu_items', 'allergens');
      await db.schema.alterTable('menu_items').addColumn('may_contain', 'text').execute();
      await addJsonList('menu_items', 'dietary_tags');
      await addJsonList('menu_items', 'availability');
      await db.schema.alterTable('menu_items').addColumn('photo', 'text').execute();
      await addRevision('menu_items');

      await addRevision('modifier_groups');
      await addJsonList('modifier_options', 'allergens');

      const changeLog = db.schema.createTable('menu_change_log');
      await (
        dialect === 'postgres'
          ? changeLog.addColumn('id', 'serial', (c) => c.primaryKey())
          : changeLog.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('at', 'text', (c) => c.notNull())
        // No foreign key: the log outlives a removed manager account; `actor` keeps the e-mail.
        .addColumn('actor_user_id', 'integer')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('entity_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();

      await db.schema
        .createTable('menu_photos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('widths', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('contact_messages').addColumn('handled_at', 'text').execute();
      await db.schema.alterTable('order_feedback').addColumn('handled_at', 'text').execute();
    },
  };
}
