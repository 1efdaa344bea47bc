/**
 * Issue 27:
 * - menu_items.weight_step_grams / weight_min_grams: the portions a per-kg dish is sold in (NULL =
 *   the default, 250 g from 250 g; src/shared/domain/weight-pricing.ts). Ignored for other units.
 * - order_items.weight_grams: the portion the customer chose for a per-kg dish (grams per unit of
 *   quantity); NULL for dishes sold by the piece and for rows written before this migration.
 * - restaurant_settings.minimum_order_applies_to_pickup: the minimum order is for delivery unless the
 *   manager says it applies to pickup too (0 = delivery only, the default).
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function weightsPickupMinimumMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('menu_items').addColumn('weight_step_grams', 'integer').execute();
      await db.schema.alterTable('menu_items').addColumn('weight_min_grams', 'integer').execute();
      await db.schema.alterTable('order_items').addColumn('weight_grams', 'integer').execute();
      await db.schema
        .alterTable('restaurant_settings')
        .addColumn('minimum_order_applies_to_pickup', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
