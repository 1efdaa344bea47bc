/**
 * users.manager_removed_at (issue 22): when a manager account was removed from the staff (its role
 * back to customer, no password). Null for every other account, and for every account before this
 * migration (none had been removed through the Staff section before it could be told apart).
 * An invitation to that e-mail gives the account back its manager role instead of being refused as
 * a customer's account (docs/decisions/0160-former-managers-invited-again.md).
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function formerManagersMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('users').addColumn('manager_removed_at', 'text').execute();
    },
  };
}
