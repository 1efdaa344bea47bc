/**
 * Accounts people can trust (issue 21):
 * - users.email_verified_at: when the account proved it owns its e-mail (a verification link, or an
 *   identity provider that vouches for it). Linking an external identity by e-mail needs it.
 * - user_identities.proof: how the link was proved ('created': the identity made the account,
 *   'password': the account's password was given, 'verified_email': both sides verified the e-mail).
 *   NULL on links made before this migration, without proof: a password or role change removes them.
 * - account_tokens: single-use e-mail links (verify e-mail, reset password); only the SHA-256 of the
 *   token is kept, with its purpose, expiry and use.
 * - trusted_devices: a device that signed in to an account holds a random token (cookie) whose hash is
 *   kept here; the per-account login cap does not lock that device out (a flood from elsewhere
 *   cannot lock the owner out).
 * - orders.client_key: a hash of the client address an order came from, so unconfirmed cash orders
 *   can be capped per client (api/lib/order-flood.ts); null on older orders.
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function accountSecurityMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
      await db.schema.alterTable('user_identities').addColumn('proof', 'text').execute();

      await db.schema
        .createTable('account_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('account_tokens_user').on('account_tokens').columns(['user_id', 'purpose']).execute();
      await db.schema.createIndex('account_tokens_expires').on('account_tokens').column('expires_at').execute();

      await db.schema
        .createTable('trusted_devices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('trusted_devices_user').on('trusted_devices').column('user_id').execute();
      await db.schema.createIndex('trusted_devices_expires').on('trusted_devices').column('expires_at').execute();

      await db.schema.alterTable('orders').addColumn('client_key', 'text').execute();
      await db.schema.createIndex('orders_client_status').on('orders').columns(['client_key', 'status']).execute();
      await db.schema.createIndex('orders_customer_status').on('orders').columns(['customer_id', 'status']).execute();

      // Sweeps of expired rows (issue 21, growth) read these by time.
      await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
      await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
    },
  };
}
