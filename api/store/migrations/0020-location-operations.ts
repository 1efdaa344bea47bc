/**
 * Issue 22, two kitchens: what each location runs on its own, on the `locations` row
 * (src/shared/schemas/locations.ts is the shape; docs/decisions/0136-each-kitchen-runs-its-own-delivery.md):
 * - is_open: the kitchen's own open toggle (the restaurant-wide toggle still closes every kitchen);
 * - delivery_zone: JSON DeliveryZone ({ kind: 'radius', radiusKm } today; room for a drawn polygon);
 * - lead_minutes, slot_capacity: orders for later;
 * - minimum_order_bani: this kitchen's minimum order;
 * - delivery_fees: JSON DeliveryFees (distance bands from this kitchen and a free-delivery threshold);
 * - version: optimistic concurrency for PUT /api/admin/locations/:id;
 * - orders_kitchen_load (status, location_id): each kitchen's current load, counted when routing.
 *
 * Data: every existing location takes today's restaurant-wide values, so nothing a customer pays or
 * where we deliver changes on the day it runs: the radius (rounded up to the 0.5 km step the zone
 * schema takes, within 1-25 km), the single fee as one band up to that radius, the minimum order.
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The schema's defaults as they were when this ran (a migration never imports today's constants). */
const DEFAULT_RADIUS_KM = 10;
const DEFAULT_LEAD_MINUTES = 30;
const DEFAULT_SLOT_CAPACITY = 8;

function zoneJson(radiusKm: number): string {
  return JSON.stringify({ kind: 'radius', radiusKm });
}

function feesJson(radiusKm: number, feeBani: number): string {
  return JSON.stringify({ bands: [{ upToKm: radiusKm, feeBani }], freeAboveBani: null });
}

/** Today's radius as a zone radius: 0.5 km steps, 1-25 km, rounded up so no address falls out. */
export function zoneRadiusFrom(radiusKm: number): number {
  if (!Number.isFinite(radiusKm)) return DEFAULT_RADIUS_KM;
  return Math.min(25, Math.max(1, Math.ceil(radiusKm * 2) / 2));
}

export function locationOperationsMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      const add = (column: string, type: 'integer' | 'text', defaultValue: number | string) =>
        db.schema
          .alterTable('locations')
          .addColumn(column, type, (c) => c.notNull().defaultTo(defaultValue))
          .execute();
      await add('is_open', 'integer', 1);
      await add('delivery_zone', 'text', zoneJson(DEFAULT_RADIUS_KM));
      await add('lead_minutes', 'integer', DEFAULT_LEAD_MINUTES);
      await add('slot_capacity', 'integer', DEFAULT_SLOT_CAPACITY);
      await add('minimum_order_bani', 'integer', 0);
      await add('delivery_fees', 'text', feesJson(DEFAULT_RADIUS_KM, 0));
      await add('version', 'integer', 1);
      // A delivery goes to the kitchen with the lower load among the nearest (orders accepted and not
      // ready, api/lib/kitchen-routing.ts): that grouped count reads this index alone.
      await db.schema.createIndex('orders_kitchen_load').on('orders').columns(['status', 'location_id']).execute();

      const settings = (await db
        .selectFrom('restaurant_settings')
        .select(['delivery_radius_km', 'delivery_fee_bani', 'minimum_order_bani'])
        .orderBy('id')
        .executeTakeFirst()) as { delivery_radius_km: number; delivery_fee_bani: number; minimum_order_bani: number } | undefined;
      // A fresh store: the seed writes the locations with their own values afterwards.
      if (!settings) return;
      const radiusKm = zoneRadiusFrom(Number(settings.delivery_radius_km));
      await db
        .updateTable('locations')
        .set({
          delivery_zone: zoneJson(radiusKm),
          delivery_fees: feesJson(radiusKm, Number(settings.delivery_fee_bani)),
          minimum_order_bani: Number(settings.minimum_order_bani),
        })
        .execute();
    },
  };
}
