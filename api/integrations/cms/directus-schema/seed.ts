/**
 * Seeds a fresh Directus (schema from schema-snapshot.json) with the same catalogue, settings and
 * locations the embedded store seeds, through the content API (spec §7 "POST /items/... (seeding)").
 * Written in the embedded seed's order so ids and SKUs come out the same on an empty Directus: the
 * contract suite then expects the identical menu from both adapters. Needs a token that may create
 * in the storefront's collections (an admin's, not the storefront's read-only service token).
 */
import type { SeedCatalogue } from '../../../store/seed';
import { DEFAULT_SEED_CATALOGUE } from '../../../store/seed';
import { SEED_LOCATIONS, SEED_SETTINGS } from '../../../store/seed-data';
import { seedDishImage } from '../../../store/seed-art';

export interface DirectusSeedTarget {
  url: string;
  token: string;
  fetch?: typeof fetch;
}

export async function seedDirectusIfEmpty(target: DirectusSeedTarget, catalogue: SeedCatalogue = DEFAULT_SEED_CATALOGUE): Promise<boolean> {
  const base = target.url.replace(/\/+$/, '');
  const doFetch = target.fetch ?? fetch;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await doFetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Directus ${method} ${path} answered ${response.status}: ${text}`);
    return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
  }

  const existing = await call<unknown[]>('GET', '/items/menu_categories?limit=1&fields=id');
  if (existing.length > 0) return false;
  const now = new Date().toISOString();

  const groups = await call<{ id: number }[]>(
    'POST',
    '/items/modifier_groups',
    catalogue.modifierGroups.map((group, index) => ({
      name: group.name,
      description: group.description,
      name_en: group.nameEn ?? null,
      description_en: group.descriptionEn ?? null,
      is_required: group.isRequired,
      min_selections: group.minSelections,
      max_selections: group.maxSelections,
      sort_order: index,
      is_active: true,
    })),
  );
  const groupIds = new Map(catalogue.modifierGroups.map((group, index) => [group.key, groups[index]!.id]));

  const categories = await call<{ id: number }[]>(
    'POST',
    '/items/menu_categories',
    catalogue.categories.map((category, index) => ({
      slug: category.slug,
      name: category.name,
      short_label: category.shortLabel,
      description: category.description,
      name_en: category.nameEn ?? null,
      short_label_en: category.shortLabelEn ?? null,
      description_en: category.descriptionEn ?? null,
      icon: category.icon,
      sort_order: index,
      is_active: true,
      created_at: now,
    })),
  );
  const dishes = catalogue.categories.flatMap((category, categoryIndex) =>
    category.items.map((item, itemIndex) => ({ category, categoryId: categories[categoryIndex]!.id, item, itemIndex })),
  );
  const dishRows = await call<{ id: number }[]>(
    'POST',
    '/items/menu_items',
    dishes.map(({ categoryId, item, itemIndex }) => ({
      category_id: categoryId,
      name: item.name,
      description: item.description,
      name_en: item.nameEn ?? null,
      description_en: item.descriptionEn ?? null,
      unit: item.unit,
      price: item.priceLei.toFixed(2),
      image: seedDishImage(item),
      is_active: true,
      is_featured: item.featured ?? false,
      is_standalone: true,
      is_modifier: false,
      sold_out: false,
      sort_order: itemIndex,
      created_at: now,
      updated_at: now,
    })),
  );
  // Spec §3: sku defaults to 'SKU-' plus id.
  await call(
    'PATCH',
    '/items/menu_items',
    dishRows.map(({ id }) => ({ id, sku: `SKU-${id}` })),
  );

  // Options: one modifier menu item each, linked to its group by modifier_group_items.
  const options = catalogue.modifierGroups.flatMap((group) =>
    group.options.map((option, optionIndex) => ({ groupId: groupIds.get(group.key)!, option, optionIndex })),
  );
  const optionItems = await call<{ id: number }[]>(
    'POST',
    '/items/menu_items',
    options.map(({ option }) => ({
      name: option.name,
      name_en: option.nameEn ?? null,
      unit: 'Buc',
      price: option.priceLei.toFixed(2),
      is_active: true,
      is_standalone: false,
      is_modifier: true,
      sold_out: false,
      created_at: now,
      updated_at: now,
    })),
  );
  const optionLinks = await call<{ id: number }[]>(
    'POST',
    '/items/modifier_group_items',
    options.map(({ groupId, option, optionIndex }, index) => ({
      modifier_group_id: groupId,
      menu_item_id: optionItems[index]!.id,
      price_adjustment: option.priceLei.toFixed(2),
      sort_order: optionIndex,
      is_default: option.isDefault ?? false,
    })),
  );
  // Spec §3: an option's sku defaults to 'MOD-' plus its id (the group link's id, which the menu names the option by).
  await call(
    'PATCH',
    '/items/menu_items',
    optionItems.map(({ id }, index) => ({ id, sku: `MOD-${optionLinks[index]!.id}` })),
  );

  const links = dishes.flatMap(({ item }, index) =>
    (item.groups ?? []).map((key, linkIndex) => {
      const groupId = groupIds.get(key);
      if (groupId === undefined) throw new Error(`Seed item ${item.name} names unknown group ${key}`);
      return { menu_items_id: dishRows[index]!.id, modifier_groups_id: groupId, sort_order: linkIndex };
    }),
  );
  if (links.length > 0) await call('POST', '/items/menu_items_modifier_groups', links);

  await call('PATCH', '/items/restaurant_settings', {
    name: SEED_SETTINGS.name,
    description: SEED_SETTINGS.description,
    phone: SEED_SETTINGS.phone,
    email: SEED_SETTINGS.email,
    address: SEED_SETTINGS.address,
    isOpen: true,
    deliveryFee: SEED_SETTINGS.deliveryFeeLei.toFixed(2),
    minimumOrder: SEED_SETTINGS.minimumOrderLei.toFixed(2),
    estimatedDeliveryTime: SEED_SETTINGS.estimatedDeliveryTime,
    deliveryRadiusKm: String(SEED_SETTINGS.deliveryRadiusKm),
    zoneValidationType: SEED_SETTINGS.zoneValidationType,
    deliveryZoneName: SEED_SETTINGS.deliveryZoneName,
    deliveryBaseLat: SEED_SETTINGS.deliveryBaseLat,
    deliveryBaseLng: SEED_SETTINGS.deliveryBaseLng,
    status: SEED_SETTINGS.status,
    date_updated: now,
  });
  await call(
    'POST',
    '/items/locations',
    SEED_LOCATIONS.map((location, index) => ({
      name: location.name,
      address: location.address,
      latitude: location.latitude,
      longitude: location.longitude,
      phone: location.phone,
      opening_hours: location.openingHours,
      sort_order: index,
    })),
  );
  return true;
}
