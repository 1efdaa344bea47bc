/**
 * users.language (issue 23): the language the person chose for the product ('en' or 'ro'), which
 * their pushes and e-mails are written in and which a signed-in device switches to. Null: never
 * chosen (every account before this migration) — their messages are in English, the default, until
 * they choose (docs/decisions/0162-languages-lingui-icu-catalogues.md).
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function accountLanguageMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('users').addColumn('language', 'text').execute();
    },
  };
}
