/**
 * Embedded Cms: the catalogue and settings straight from our own store (SQLite by default). The
 * storefront's menu leaves out what the manager hid (issue 18: hidden categories and dishes stay in
 * the editor, api/menu-editor/) and deleted rows (is_active = 0).
 */
import type { Kysely } from 'kysely';

import type { MenuItem, ModifierGroup } from '../../../src/shared/schemas/menu';
import { menuCategorySchema, menuItemSchema } from '../../../src/shared/schemas/menu';
import { allergensOf, availabilityOf, dietaryTagsOf, englishOf, photoOf } from '../../menu-editor/rows';
import type { Location, RestaurantSettings } from '../../../src/shared/schemas/restaurant';
import { locationFromRow } from '../../store/location-row';
import type { Database } from '../../store/schema';
import { SETTINGS_ROW_ID } from '../../store/seed';
import { settingsFromRow } from '../../store/settings-row';
import type { Cms, MenuContent } from './port';

export function createEmbeddedCms(db: Kysely<Database>): Cms {
  return {
    name: 'embedded',

    async loadMenu(): Promise<MenuContent> {
      const [categoryRows, itemRows, linkRows, groupRows, optionRows] = await Promise.all([
        db
          .selectFrom('menu_categories')
          .selectAll()
          .where('is_active', '=', 1)
          .where('is_hidden', '=', 0)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('menu_items')
          .selectAll()
          .where('is_active', '=', 1)
          .where('is_hidden', '=', 0)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        // Tie-breakers: PostgreSQL returns equal sort_order rows in no fixed order, and every instance must build the same menu (same ETag).
        db
          .selectFrom('menu_items_modifier_groups')
          .selectAll()
          .orderBy('sort_order')
          .orderBy('menu_items_id')
          .orderBy('modifier_groups_id')
          .execute(),
        db.selectFrom('modifier_groups').selectAll().where('is_active', '=', 1).orderBy('id').execute(),
        db.selectFrom('modifier_options').selectAll().where('is_active', '=', 1).orderBy('sort_order').orderBy('id').execute(),
      ]);

      const groups = new Map<number, ModifierGroup>();
      for (const row of groupRows) {
        groups.set(row.id, {
          id: row.id,
          name: row.name,
          nameEn: englishOf(row.name_en),
          description: row.description,
          descriptionEn: englishOf(row.description_en),
          isRequired: row.is_required === 1,
          minSelections: row.min_selections,
          maxSelections: row.max_selections,
          allowMultiple: row.max_selections > 1,
          sortOrder: row.sort_order,
          options: [],
        });
      }
      for (const row of optionRows) {
        groups.get(row.modifier_group_id)?.options.push({
          id: row.id,
          name: row.name,
          nameEn: englishOf(row.name_en),
          sku: row.sku,
          priceBani: row.price_bani,
          isDefault: row.is_default === 1,
          soldOut: row.sold_out === 1,
          sortOrder: row.sort_order,
          allergens: allergensOf(row.allergens),
        });
      }
      const groupsByItem = new Map<number, ModifierGroup[]>();
      for (const link of linkRows) {
        const group = groups.get(link.modifier_groups_id);
        if (!group) continue;
        const list = groupsByItem.get(link.menu_items_id) ?? [];
        list.push({ ...group, sortOrder: link.sort_order });
        groupsByItem.set(link.menu_items_id, list);
      }

      const activeCategoryIds = new Set(categoryRows.map((row) => row.id));
      const items: MenuItem[] = itemRows
        .filter((row) => activeCategoryIds.has(row.category_id))
        .map((row) =>
          menuItemSchema.parse({
            id: row.id,
            categoryId: row.category_id,
            name: row.name,
            nameEn: englishOf(row.name_en),
            sku: row.sku,
            description: row.description,
            descriptionEn: englishOf(row.description_en),
            unit: row.unit,
            priceBani: row.price_bani,
            image: row.image,
            isFeatured: row.is_featured === 1,
            isStandalone: row.is_standalone === 1,
            soldOut: row.sold_out === 1,
            sortOrder: row.sort_order,
            modifierGroups: groupsByItem.get(row.id) ?? [],
            // Per-kg dishes with their own portion steps (issue 27); absent means 250 g from 250 g.
            ...(row.unit === 'Kg' && row.weight_step_grams !== null ? { weightStepGrams: row.weight_step_grams } : {}),
            ...(row.unit === 'Kg' && row.weight_min_grams !== null ? { weightMinGrams: row.weight_min_grams } : {}),
            allergens: allergensOf(row.allergens),
            mayContain: row.may_contain,
            dietaryTags: dietaryTagsOf(row.dietary_tags),
            availability: availabilityOf(row.availability),
            photo: photoOf(row.photo),
          }),
        );

      return {
        categories: categoryRows.map((row) =>
          menuCategorySchema.parse({
            id: row.id,
            slug: row.slug,
            name: row.name,
            nameEn: englishOf(row.name_en),
            shortLabel: row.short_label,
            shortLabelEn: englishOf(row.short_label_en),
            description: row.description,
            descriptionEn: englishOf(row.description_en),
            icon: row.icon,
            sortOrder: row.sort_order,
          }),
        ),
        items,
      };
    },

    async loadSettings(): Promise<RestaurantSettings> {
      const row = await db.selectFrom('restaurant_settings').selectAll().where('id', '=', SETTINGS_ROW_ID).executeTakeFirstOrThrow();
      return settingsFromRow(row);
    },

    async loadLocations(): Promise<Location[]> {
      const rows = await db.selectFrom('locations').selectAll().orderBy('sort_order').orderBy('id').execute();
      // Issue 22: each kitchen's own toggle, zone, fees, minimum, lead time and slot capacity too.
      return rows.map(locationFromRow);
    },
  };
}
