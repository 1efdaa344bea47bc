/**
 * Issue 22, orders for later and boards per location:
 * - orders.scheduled_for: the start of the 15-minute slot the customer chose (ISO); null = as soon
 *   as possible (every order before this migration).
 * - orders.release_at: when a scheduled order reaches the board's new-orders lane and rings (the
 *   slot start minus the kitchen's lead time); null for ASAP orders, which are on the board at once.
 * - orders_slot_load (scheduled_for, location_id, status): the slot capacity count, run inside the
 *   creation transaction (a kitchen's orders in one slot, not cancelled), read from the index alone;
 *   scheduled_for leads so the board's "scheduled for today" range uses it too.
 * - orders_release (status, release_at): the notifier's release scan and the live stream's "released
 *   since the last poll" read only the orders released in a short window.
 * - users.manager_location_id: the one kitchen a manager account works for; null = all kitchens
 *   (every account before this migration). No foreign key: locations are never deleted, and the
 *   route that sets it checks the location exists.
 * See docs/decisions/0138-scheduled-orders-on-the-board.md and 0139-boards-per-location.md.
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function scheduledOrdersMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('orders').addColumn('scheduled_for', 'text').execute();
      await db.schema.alterTable('orders').addColumn('release_at', 'text').execute();
      await db.schema.alterTable('users').addColumn('manager_location_id', 'integer').execute();
      await db.schema.createIndex('orders_slot_load').on('orders').columns(['scheduled_for', 'location_id', 'status']).execute();
      await db.schema.createIndex('orders_release').on('orders').columns(['status', 'release_at']).execute();
    },
  };
}
