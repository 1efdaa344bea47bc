/**
 * With a remote Cms (Directus) the catalogue, settings and locations live there, but our server rules
 * (api/orders/pricing.ts: prices, availability, modifier rules, minimum order, opening hours, zone)
 * read them from our store inside the order's transaction. This wrapper copies every successful read
 * from the Cms into the store's own tables, so pricing keeps its one consistent snapshot and never
 * does network I/O inside a transaction. sync() reads the Cms now (the order route calls it before
 * pricing, so an order is priced on the restaurant's current Directus catalogue, and refused with a
 * clear 503 when Directus is unreachable, before anything is written).
 */
import { createHash } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { Clock } from '../../../src/shared/clock';
import type { Location, RestaurantSettings } from '../../../src/shared/schemas/restaurant';
import { locationColumnsOf } from '../../store/location-row';
import type { Database } from '../../store/schema';
import { SETTINGS_ROW_ID } from '../../store/seed';
import type { Cms, MenuContent } from './port';

export interface MirroredCms extends Cms {
  /** Reads menu, settings and locations from the Cms now and mirrors them; throws when the Cms is unreachable. */
  sync(): Promise<void>;
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

export function createMirroredCms(inner: Cms, db: Kysely<Database>, clock: Clock): MirroredCms {
  const mirrored = { menu: '', settings: '', locations: '' };
  // One mirror write at a time: a background refresh and an order's sync() may overlap, and two
  // whole-replace transactions must not interleave (PostgreSQL would see duplicate ids).
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  async function mirrorMenu(content: MenuContent): Promise<void> {
    const hash = hashOf(content);
    if (hash === mirrored.menu) return;
    const now = clock.now().toISOString();
    const groups = new Map(content.items.flatMap((item) => item.modifierGroups.map((group) => [group.id, group] as const)));
    // A whole replace in one transaction: order_items keep names, prices and SKUs of their own, and no
    // other table points at the menu tables, so pricing sees either the old catalogue or the new one.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('menu_items_modifier_groups').execute();
      await trx.deleteFrom('modifier_options').execute();
      await trx.deleteFrom('modifier_groups').execute();
      await trx.deleteFrom('menu_items').execute();
      await trx.deleteFrom('menu_categories').execute();
      for (const category of content.categories) {
        await trx
          .insertInto('menu_categories')
          .values({
            id: category.id,
            slug: category.slug,
            name: category.name,
            name_en: category.nameEn ?? null,
            short_label: category.shortLabel,
            short_label_en: category.shortLabelEn ?? null,
            description: category.description,
            description_en: category.descriptionEn ?? null,
            icon: category.icon,
            sort_order: category.sortOrder,
            is_active: 1,
            created_at: now,
          })
          .execute();
      }
      for (const group of groups.values()) {
        await trx
          .insertInto('modifier_groups')
          .values({
            id: group.id,
            name: group.name,
            name_en: group.nameEn ?? null,
            description: group.description,
            description_en: group.descriptionEn ?? null,
            is_required: group.isRequired ? 1 : 0,
            min_selections: group.minSelections,
            max_selections: group.maxSelections,
            sort_order: group.sortOrder,
            is_active: 1,
          })
          .execute();
        for (const option of group.options) {
          await trx
            .insertInto('modifier_options')
            .values({
              id: option.id,
              modifier_group_id: group.id,
              name: option.name,
              name_en: option.nameEn ?? null,
              sku: option.sku,
              price_bani: option.priceBani,
              is_default: option.isDefault ? 1 : 0,
              is_active: 1,
              sold_out: option.soldOut ? 1 : 0,
              sort_order: option.sortOrder,
            })
            .execute();
        }
      }
      for (const item of content.items) {
        await trx
          .insertInto('menu_items')
          .values({
            id: item.id,
            category_id: item.categoryId,
            name: item.name,
            name_en: item.nameEn ?? null,
            sku: item.sku,
            description: item.description,
            description_en: item.descriptionEn ?? null,
            unit: item.unit,
            price_bani: item.priceBani,
            image: item.image,
            is_active: 1,
            is_featured: item.isFeatured ? 1 : 0,
            is_standalone: item.isStandalone ? 1 : 0,
            sold_out: item.soldOut ? 1 : 0,
            sort_order: item.sortOrder,
            created_at: now,
            updated_at: now,
            weight_step_grams: item.weightStepGrams ?? null,
            weight_min_grams: item.weightMinGrams ?? null,
          })
          .execute();
        for (const group of item.modifierGroups) {
          await trx
            .insertInto('menu_items_modifier_groups')
            .values({ menu_items_id: item.id, modifier_groups_id: group.id, sort_order: group.sortOrder })
            .execute();
        }
      }
    });
    mirrored.menu = hash;
  }

  async function mirrorSettings(settings: RestaurantSettings): Promise<void> {
    const hash = hashOf(settings);
    if (hash === mirrored.settings) return;
    const values = {
      name: settings.name,
      description: settings.description,
      phone: settings.phone,
      email: settings.email,
      address: settings.address,
      is_open: settings.isOpen ? (1 as const) : (0 as const),
      delivery_fee_bani: settings.deliveryFeeBani,
      minimum_order_bani: settings.minimumOrderBani,
      minimum_order_applies_to_pickup: settings.minimumOrderAppliesToPickup ? (1 as const) : (0 as const),
      estimated_delivery_time: settings.estimatedDeliveryTime,
      delivery_radius_km: settings.deliveryRadiusKm,
      zone_validation_type: settings.zoneValidationType,
      delivery_zone_name: settings.deliveryZoneName,
      delivery_base_lat: settings.deliveryBaseLat,
      delivery_base_lng: settings.deliveryBaseLng,
      status: settings.status,
      updated_at: clock.now().toISOString(),
    };
    await db
      .insertInto('restaurant_settings')
      .values({ id: SETTINGS_ROW_ID, version: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    mirrored.settings = hash;
  }

  async function mirrorLocations(locations: Location[]): Promise<void> {
    const hash = hashOf(locations);
    if (hash === mirrored.locations) return;
    // Upserted by id, never deleted: orders keep pointing at the location they were picked up from.
    await db.transaction().execute(async (trx) => {
      for (const [index, location] of locations.entries()) {
        // Issue 22: the kitchen's own zone, fees, minimum and toggle too, since order pricing reads them from this mirror.
        const values = { ...locationColumnsOf(location), sort_order: index };
        await trx
          .insertInto('locations')
          .values({ id: location.id, ...values })
          .onConflict((oc) => oc.column('id').doUpdateSet(values))
          .execute();
      }
    });
    mirrored.locations = hash;
  }

  const cms: MirroredCms = {
    name: inner.name,
    async loadMenu() {
      const content = await inner.loadMenu();
      await serial(() => mirrorMenu(content));
      return content;
    },
    async loadSettings() {
      const settings = await inner.loadSettings();
      await serial(() => mirrorSettings(settings));
      return settings;
    },
    async loadLocations() {
      const locations = await inner.loadLocations();
      await serial(() => mirrorLocations(locations));
      return locations;
    },
    async sync() {
      await Promise.all([cms.loadMenu(), cms.loadSettings(), cms.loadLocations()]);
    },
  };
  return cms;
}
