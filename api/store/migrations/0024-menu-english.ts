/**
 * English beside Romanian on the menu (issue 23): each category, dish, option group and option may
 * carry an English name (and a description where the Romanian one has one). Null: none written —
 * the Romanian text is shown in English too (docs/decisions/0163-menu-content-in-two-languages.md).
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const ENGLISH_COLUMNS: Record<string, readonly string[]> = {
  menu_categories: ['name_en', 'short_label_en', 'description_en'],
  menu_items: ['name_en', 'description_en'],
  modifier_groups: ['name_en', 'description_en'],
  modifier_options: ['name_en'],
};

export function menuEnglishMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      for (const [table, columns] of Object.entries(ENGLISH_COLUMNS)) {
        for (const column of columns) {
          await db.schema.alterTable(table).addColumn(column, 'text').execute();
        }
      }
    },
  };
}
