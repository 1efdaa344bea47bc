/**
 * First-start seeding. Each part (menu, settings, locations) is written only into an empty table, in
 * one transaction, so seeding is idempotent and never touches data the restaurant has entered.
 */
import type { Kysely } from 'kysely';

import { leiToBani } from '../../src/shared/money';
import type { Clock } from '../../src/shared/clock';
import type { Database } from './schema';
import type { SeedCategory, SeedGroup } from './seed-data';
import { SEED_KITCHEN_DELIVERY, SEED_LOCATIONS, SEED_MENU, SEED_MODIFIER_GROUPS, SEED_SETTINGS } from './seed-data';
import { seedDishImage } from './seed-art';

export const SETTINGS_ROW_ID = 1;

export interface SeedReport {
  menu: boolean;
  settings: boolean;
  locations: boolean;
}

async function isEmpty(db: Kysely<Database>, table: 'menu_categories' | 'restaurant_settings' | 'locations'): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/** A catalogue to seed: categories with their items, and the modifier groups items name by key. */
export interface SeedCatalogue {
  categories: readonly SeedCategory[];
  modifierGroups: readonly SeedGroup[];
}

/** The restaurant's Romanian menu, with English beside it: the default. Tests pass the spec's English sample instead. */
export const DEFAULT_SEED_CATALOGUE: SeedCatalogue = { categories: SEED_MENU, modifierGroups: SEED_MODIFIER_GROUPS };

export async function seedIfEmpty(
  db: Kysely<Database>,
  clock: Clock,
  catalogue: SeedCatalogue = DEFAULT_SEED_CATALOGUE,
): Promise<SeedReport> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const report: SeedReport = { menu: false, settings: false, locations: false };

    if (await isEmpty(trx, 'menu_categories')) {
      const groupIds = new Map<string, number>();
      for (const [groupIndex, group] of catalogue.modifierGroups.entries()) {
        const { id } = await trx
          .insertInto('modifier_groups')
          .values({
            name: group.name,
            name_en: group.nameEn ?? null,
            description: group.description,
            description_en: group.descriptionEn ?? null,
            is_required: group.isRequired ? 1 : 0,
            min_selections: group.minSelections,
            max_selections: group.maxSelections,
            sort_order: groupIndex,
            is_active: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        groupIds.set(group.key, id);
        for (const [optionIndex, option] of group.options.entries()) {
          const inserted = await trx
            .insertInto('modifier_options')
            .values({
              modifier_group_id: id,
              name: option.name,
              name_en: option.nameEn ?? null,
              sku: `pending-${id}-${optionIndex}`,
              price_bani: leiToBani(option.priceLei),
              is_default: option.isDefault ? 1 : 0,
              is_active: 1,
              sold_out: 0,
              sort_order: optionIndex,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('modifier_options')
            .set({ sku: `MOD-${inserted.id}` })
            .where('id', '=', inserted.id)
            .execute();
        }
      }

      for (const [categoryIndex, category] of catalogue.categories.entries()) {
        const { id: categoryId } = await trx
          .insertInto('menu_categories')
          .values({
            slug: category.slug,
            name: category.name,
            name_en: category.nameEn ?? null,
            short_label: category.shortLabel,
            short_label_en: category.shortLabelEn ?? null,
            description: category.description,
            description_en: category.descriptionEn ?? null,
            icon: category.icon,
            sort_order: categoryIndex,
            is_active: 1,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [itemIndex, item] of category.items.entries()) {
          const { id: itemId } = await trx
            .insertInto('menu_items')
            .values({
              category_id: categoryId,
              name: item.name,
              name_en: item.nameEn ?? null,
              sku: `pending-${categoryId}-${itemIndex}`,
              description: item.description,
              description_en: item.descriptionEn ?? null,
              unit: item.unit,
              price_bani: leiToBani(item.priceLei),
              image: seedDishImage(item),
              is_active: 1,
              is_featured: item.featured ? 1 : 0,
              is_standalone: 1,
              sold_out: 0,
              sort_order: itemIndex,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('menu_items')
            .set({ sku: `SKU-${itemId}` })
            .where('id', '=', itemId)
            .execute();
          for (const [linkIndex, key] of (item.groups ?? []).entries()) {
            const groupId = groupIds.get(key);
            if (groupId === undefined) throw new Error(`Seed item ${item.name} names unknown group ${key}`);
            await trx
              .insertInto('menu_items_modifier_groups')
              .values({ menu_items_id: itemId, modifier_groups_id: groupId, sort_order: linkIndex })
              .execute();
          }
        }
      }
      report.menu = true;
    }

    if (await isEmpty(trx, 'restaurant_settings')) {
      await trx
        .insertInto('restaurant_settings')
        .values({
          id: SETTINGS_ROW_ID,
          name: SEED_SETTINGS.name,
          description: SEED_SETTINGS.description,
          phone: SEED_SETTINGS.phone,
          email: SEED_SETTINGS.email,
          address: SEED_SETTINGS.address,
          is_open: 1,
          delivery_fee_bani: leiToBani(SEED_SETTINGS.deliveryFeeLei),
          minimum_order_bani: leiToBani(SEED_SETTINGS.minimumOrderLei),
          estimated_delivery_time: SEED_SETTINGS.estimatedDeliveryTime,
          delivery_radius_km: SEED_SETTINGS.deliveryRadiusKm,
          zone_validation_type: SEED_SETTINGS.zoneValidationType,
          delivery_zone_name: SEED_SETTINGS.deliveryZoneName,
          delivery_base_lat: SEED_SETTINGS.deliveryBaseLat,
          delivery_base_lng: SEED_SETTINGS.deliveryBaseLng,
          status: SEED_SETTINGS.status,
          version: 1,
          updated_at: now,
        })
        .execute();
      report.settings = true;
    }

    if (await isEmpty(trx, 'locations')) {
      // Issue 22: each kitchen runs its own delivery (fee bands by distance, a free threshold, a
      // minimum), as the manager sets under Kitchens (docs/decisions/0148-address-zones-are-the-kitchens-zones.md).
      const operations = SEED_KITCHEN_DELIVERY;
      for (const [index, location] of SEED_LOCATIONS.entries()) {
        await trx
          .insertInto('locations')
          .values({
            name: location.name,
            address: location.address,
            latitude: location.latitude,
            longitude: location.longitude,
            phone: location.phone,
            opening_hours: JSON.stringify(location.openingHours),
            sort_order: index,
            delivery_zone: JSON.stringify(operations.zone),
            delivery_fees: JSON.stringify(operations.deliveryFees),
            minimum_order_bani: operations.minimumOrderBani,
          })
          .execute();
      }
      report.locations = true;
    }
    return report;
  });
}
