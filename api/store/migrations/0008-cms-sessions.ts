/**
 * CMS=directus (issue 9): a customer signed in through Directus has a Directus session beside ours;
 * its token is kept with our session row (server side only, never sent to the browser) so logout can
 * end it too. Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function cmsSessionsMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('sessions').addColumn('cms_session', 'text').execute();
    },
  };
}
