/**
 * Directus Cms (CMS=directus): the catalogue, settings and locations from a restaurant's existing
 * Directus, read with a static service-user token over its REST API (the browser never talks to
 * Directus). Field names are those of spec §3/§7 (api/integrations/cms/directus-schema/collections.ts); every
 * answer is zod-parsed here, then mapped to the shared schemas, so an upstream quirk (a missing
 * field, a price as text, a null flag) fails in this adapter with a named reason, never in a route.
 * Any failure (refused connection, timeout, error status, unexpected shape) is a CmsUnavailableError.
 */
import { z } from 'zod/mini';

import { asBani, leiToBani } from '../../../src/shared/money';
import type { Bani } from '../../../src/shared/money';
import type { MenuItem, ModifierGroup, ModifierOption } from '../../../src/shared/schemas/menu';
import { menuCategorySchema, menuItemSchema } from '../../../src/shared/schemas/menu';
import type { Location, RestaurantSettings } from '../../../src/shared/schemas/restaurant';
import { locationSchema, openingHoursSchema, restaurantSettingsSchema } from '../../../src/shared/schemas/restaurant';
import { englishOf } from '../../menu-editor/rows';
import { operationsFromRestaurantWide } from '../../store/location-row';
import type { Cms, MenuContent } from './port';

export class CmsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CmsUnavailableError';
  }
}

/** Directus answers decimals as strings ("12.99"); a restaurant's own field may be a float: both accepted. */
const leiSchema = z.pipe(
  z.union([z.string().check(z.regex(/^-?\d+(\.\d+)?$/)), z.number()]),
  z.transform((value, ctx): Bani => {
    const lei = typeof value === 'number' ? value : Number(value);
    const bani = Math.round(lei * 100);
    if (!Number.isSafeInteger(bani) || bani < 0 || Math.abs(lei * 100 - bani) > 1e-6) {
      ctx.issues.push({ code: 'custom', message: `not an amount in lei with at most 2 decimals: ${String(value)}`, input: value });
      return asBani(0);
    }
    return leiToBani(lei);
  }),
);
const flagSchema = z.pipe(
  z.union([z.boolean(), z.literal(0), z.literal(1)]),
  z.transform((value) => value === true || value === 1),
);
const idSchema = z.number().check(z.int(), z.positive());

const categoryRowSchema = z.object({
  id: idSchema,
  slug: z.string(),
  name: z.string(),
  short_label: z.nullable(z.string()),
  description: z.nullable(z.string()),
  name_en: z.optional(z.nullable(z.string())),
  short_label_en: z.optional(z.nullable(z.string())),
  description_en: z.optional(z.nullable(z.string())),
  icon: z.nullable(z.string()),
  sort_order: z.nullable(z.number().check(z.int())),
});
const itemRowSchema = z.object({
  id: idSchema,
  category_id: z.nullable(idSchema),
  name: z.string(),
  sku: z.nullable(z.string()),
  description: z.nullable(z.string()),
  name_en: z.optional(z.nullable(z.string())),
  description_en: z.optional(z.nullable(z.string())),
  unit: z.string(),
  price: leiSchema,
  image: z.nullable(z.string()),
  is_featured: flagSchema,
  is_standalone: flagSchema,
  sold_out: flagSchema,
  sort_order: z.nullable(z.number().check(z.int())),
});
const groupRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.nullable(z.string()),
  name_en: z.optional(z.nullable(z.string())),
  description_en: z.optional(z.nullable(z.string())),
  is_required: flagSchema,
  min_selections: z.number().check(z.int(), z.nonnegative()),
  max_selections: z.number().check(z.int(), z.positive()),
  sort_order: z.nullable(z.number().check(z.int())),
  is_active: flagSchema,
});
const linkRowSchema = z.object({
  menu_items_id: idSchema,
  // Expanded: the junction's group (spec §7 "expanding the group"); null when it was deleted.
  modifier_groups_id: z.nullable(groupRowSchema),
  sort_order: z.nullable(z.number().check(z.int())),
});
const optionRowSchema = z.object({
  id: idSchema,
  modifier_group_id: idSchema,
  price_adjustment: leiSchema,
  sort_order: z.nullable(z.number().check(z.int())),
  is_default: flagSchema,
  // Expanded: the option is a menu item flagged is_modifier (spec §3 modifier_group_items).
  menu_item_id: z.nullable(
    z.object({
      id: idSchema,
      name: z.string(),
      name_en: z.optional(z.nullable(z.string())),
      sku: z.nullable(z.string()),
      sold_out: flagSchema,
      is_active: flagSchema,
    }),
  ),
});
const settingsRowSchema = z.object({
  name: z.string(),
  description: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  address: z.nullable(z.string()),
  isOpen: flagSchema,
  deliveryFee: leiSchema,
  minimumOrder: leiSchema,
  estimatedDeliveryTime: z.string(),
  // Spec §3: a string ("10"); a number is accepted too.
  deliveryRadiusKm: z.pipe(z.union([z.string(), z.number()]), z.coerce.number()),
  zoneValidationType: z.string(),
  deliveryZoneName: z.string(),
  deliveryBaseLat: z.number(),
  deliveryBaseLng: z.number(),
  status: z.string(),
  date_updated: z.optional(z.nullable(z.string())),
});
const locationRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string(),
  opening_hours: z.unknown(),
});

export interface DirectusCmsOptions {
  url: string;
  token: string;
  /** One request's limit; a slow Directus counts as down after this (the caches then serve the last good copy). */
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** GET /items/{collection} with a query; the `data` list (or object, for a singleton) zod-parsed. */
export function createDirectusClient(options: DirectusCmsOptions) {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  return async function read<T extends z.ZodMiniType>(collection: string, query: Record<string, string>, schema: T): Promise<z.infer<T>> {
    const search = new URLSearchParams(query).toString();
    let response: Response;
    try {
      response = await doFetch(`${base}/items/${collection}${search ? `?${search}` : ''}`, {
        headers: { authorization: `Bearer ${options.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new CmsUnavailableError(`Directus did not answer for ${collection}: ${String(error)}`, { cause: error });
    }
    if (!response.ok) {
      // 401/403 is a token or permission problem (docs/directus.md), anything else Directus's own trouble.
      throw new CmsUnavailableError(`Directus answered ${response.status} for ${collection}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new CmsUnavailableError(`Directus answered ${collection} with something that is not JSON`, { cause: error });
    }
    const envelope = z.object({ data: z.unknown() }).safeParse(body);
    const parsed = schema.safeParse(envelope.success ? envelope.data.data : undefined);
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ');
      throw new CmsUnavailableError(`Directus answered ${collection} in an unexpected shape (${where})`, { cause: parsed.error });
    }
    return parsed.data as z.infer<T>;
  };
}

const ALL = { limit: '-1' };
const ACTIVE = { 'filter[is_active][_eq]': 'true' };

/** A mapped row that misses the shared schema is Directus's data problem, reported as such (never a 400 or a 500). */
async function guarded<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof CmsUnavailableError) throw error;
    throw new CmsUnavailableError(
      `Directus ${what} does not fit the storefront's schema: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
}

export function createDirectusCms(options: DirectusCmsOptions): Cms {
  const read = createDirectusClient(options);
  const cms = createUnguardedDirectusCms(read);
  return {
    name: 'directus',
    loadMenu: () => guarded('menu', () => cms.loadMenu()),
    loadSettings: () => guarded('restaurant_settings', () => cms.loadSettings()),
    loadLocations: () => guarded('locations', () => cms.loadLocations()),
  };
}

function createUnguardedDirectusCms(read: ReturnType<typeof createDirectusClient>): Omit<Cms, 'name'> {
  const cms: Omit<Cms, 'name'> = {
    async loadMenu(): Promise<MenuContent> {
      const [categoryRows, itemRows, linkRows, optionRows] = await Promise.all([
        read(
          'menu_categories',
          { ...ALL, ...ACTIVE, sort: 'sort_order,id', fields: Object.keys(categoryRowSchema.shape).join(',') },
          z.array(categoryRowSchema),
        ),
        read(
          'menu_items',
          // Options are menu items too (is_modifier); the menu lists only the dishes.
          {
            ...ALL,
            ...ACTIVE,
            'filter[is_modifier][_eq]': 'false',
            sort: 'sort_order,id',
            fields: Object.keys(itemRowSchema.shape).join(','),
          },
          z.array(itemRowSchema),
        ),
        read(
          'menu_items_modifier_groups',
          { ...ALL, sort: 'sort_order,menu_items_id,modifier_groups_id', fields: 'menu_items_id,sort_order,modifier_groups_id.*' },
          z.array(linkRowSchema),
        ),
        read(
          'modifier_group_items',
          {
            ...ALL,
            sort: 'sort_order,id',
            fields:
              'id,modifier_group_id,price_adjustment,sort_order,is_default,menu_item_id.id,menu_item_id.name,menu_item_id.name_en,menu_item_id.sku,menu_item_id.sold_out,menu_item_id.is_active',
          },
          z.array(optionRowSchema),
        ),
      ]);

      const optionsByGroup = new Map<number, ModifierOption[]>();
      for (const row of optionRows) {
        const item = row.menu_item_id;
        if (!item?.is_active) continue;
        const list = optionsByGroup.get(row.modifier_group_id) ?? [];
        list.push({
          id: row.id,
          name: item.name,
          nameEn: englishOf(item.name_en ?? null),
          sku: item.sku ?? `MOD-${row.id}`,
          priceBani: row.price_adjustment,
          isDefault: row.is_default,
          soldOut: item.sold_out,
          sortOrder: row.sort_order ?? 0,
          allergens: [],
        });
        optionsByGroup.set(row.modifier_group_id, list);
      }
      const groupsByItem = new Map<number, ModifierGroup[]>();
      for (const link of linkRows) {
        const group = link.modifier_groups_id;
        if (!group?.is_active) continue;
        const list = groupsByItem.get(link.menu_items_id) ?? [];
        list.push({
          id: group.id,
          name: group.name,
          nameEn: englishOf(group.name_en ?? null),
          description: group.description,
          descriptionEn: englishOf(group.description_en ?? null),
          isRequired: group.is_required,
          minSelections: group.min_selections,
          maxSelections: group.max_selections,
          allowMultiple: group.max_selections > 1,
          sortOrder: link.sort_order ?? 0,
          options: optionsByGroup.get(group.id) ?? [],
        });
        groupsByItem.set(link.menu_items_id, list);
      }

      const activeCategoryIds = new Set(categoryRows.map((row) => row.id));
      const items: MenuItem[] = itemRows
        .filter((row) => row.category_id !== null && activeCategoryIds.has(row.category_id))
        .map((row) =>
          menuItemSchema.parse({
            id: row.id,
            categoryId: row.category_id,
            name: row.name,
            nameEn: englishOf(row.name_en ?? null),
            sku: row.sku ?? `SKU-${row.id}`,
            description: row.description,
            descriptionEn: englishOf(row.description_en ?? null),
            unit: row.unit,
            priceBani: row.price,
            image: row.image,
            isFeatured: row.is_featured,
            isStandalone: row.is_standalone,
            soldOut: row.sold_out,
            sortOrder: row.sort_order ?? 0,
            modifierGroups: groupsByItem.get(row.id) ?? [],
          }),
        );
      return {
        categories: categoryRows.map((row) =>
          menuCategorySchema.parse({
            id: row.id,
            slug: row.slug,
            name: row.name,
            nameEn: englishOf(row.name_en ?? null),
            shortLabel: row.short_label || row.name,
            shortLabelEn: englishOf(row.short_label_en ?? null),
            description: row.description,
            descriptionEn: englishOf(row.description_en ?? null),
            icon: row.icon ?? '',
            sortOrder: row.sort_order ?? 0,
          }),
        ),
        items,
      };
    },

    async loadSettings(): Promise<RestaurantSettings> {
      const row = await read('restaurant_settings', {}, settingsRowSchema);
      return restaurantSettingsSchema.parse({
        name: row.name,
        description: row.description ?? '',
        phone: row.phone ?? '',
        email: row.email ?? '',
        address: row.address ?? '',
        isOpen: row.isOpen,
        deliveryFeeBani: row.deliveryFee,
        minimumOrderBani: row.minimumOrder,
        estimatedDeliveryTime: row.estimatedDeliveryTime,
        deliveryRadiusKm: row.deliveryRadiusKm,
        zoneValidationType: row.zoneValidationType,
        deliveryZoneName: row.deliveryZoneName,
        deliveryBaseLat: row.deliveryBaseLat,
        deliveryBaseLng: row.deliveryBaseLng,
        status: row.status,
        // Directus keeps no save counter; settings are edited there, not through our versioned admin save.
        version: 1,
        updatedAt: row.date_updated ?? '',
      });
    },

    async loadLocations(): Promise<Location[]> {
      // Issue 22: Directus has no per-location toggle, zone, fees or minimum; every location runs on
      // the restaurant-wide radius, fee (one band) and minimum, open, with the default lead time and
      // slot capacity (docs/decisions/0136-each-kitchen-runs-its-own-delivery.md).
      const [rows, settings] = await Promise.all([
        read('locations', { ...ALL, sort: 'sort_order,id' }, z.array(locationRowSchema)),
        cms.loadSettings(),
      ]);
      const operations = operationsFromRestaurantWide(settings);
      return rows.map((row) =>
        locationSchema.parse({
          id: row.id,
          name: row.name,
          address: row.address,
          latitude: row.latitude,
          longitude: row.longitude,
          phone: row.phone,
          openingHours: openingHoursSchema.parse(typeof row.opening_hours === 'string' ? JSON.parse(row.opening_hours) : row.opening_hours),
          ...operations,
          // Like the settings: Directus keeps no save counter; locations are edited there.
          version: 1,
        }),
      );
    },
  };
  return cms;
}
