/**
 * Notifications outside the open tab (issue 20):
 * - push_subscriptions: one Web Push subscription per device (its push-service endpoint) and audience:
 *   'customer' rows belong to the signed-in account that subscribed (one per device per account: the
 *   same browser signing in to another account moves the row to it); 'board' rows are the manager's
 *   tablets, which ring for every new order whoever turned them on. The endpoint is a capability of
 *   the push service; p256dh and auth are the browser's public key and secret the payload is
 *   encrypted for (RFC 8291).
 * - push_vapid_keys: the one VAPID key pair used when VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are unset,
 *   generated once by whichever instance needs it first (a second insert is ignored), so subscriptions
 *   made against it stay valid across restarts. The private key never leaves the server.
 * - notification_cursors: how far the notifier has read the order_events log (migration 0015), by
 *   reader name; outbox dedupe keys make a re-read harmless, the cursor only saves the work.
 * - sent_mail: the embedded Mail default (no SMTP_URL) keeps each message here for the manager's
 *   "Sent mail" list, instead of .eml files in DATA_DIR/mail.
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

import type { StoreDialect } from '../dialect';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function notificationsMigration(dialect: StoreDialect) {
  const withId = (name: string, db: AnyDb) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  return {
    async up(db: AnyDb): Promise<void> {
      await withId('push_subscriptions', db)
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('device_label', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('push_subscriptions_endpoint_audience', ['endpoint', 'audience'])
        .execute();
      await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').columns(['user_id', 'audience']).execute();

      await db.schema
        .createTable('push_vapid_keys')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('notification_cursors')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('last_event_id', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId('sent_mail', db)
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sent_mail_created').on('sent_mail').columns(['created_at', 'id']).execute();
    },
  };
}
