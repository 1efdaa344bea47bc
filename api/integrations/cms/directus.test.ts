import { describe, expect, it } from 'vitest';

import { parseEnv } from '../../env';
import { CmsUnavailableError, createDirectusCms } from './directus';
import { createRemoteCmsFromEnv } from './select';

/** A stand-in Directus: /items/{collection} answers from this table (or a Response, or a thrown error). */
function fakeDirectus(collections: Record<string, unknown>) {
  const seen: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    seen.push(`${url.pathname}?${url.search} ${new Headers(init?.headers).get('authorization')}`);
    const answer = collections[url.pathname.replace('/items/', '')];
    if (answer instanceof Error) throw answer;
    if (answer instanceof Response) return answer;
    return Response.json({ data: answer });
  };
  return { fetchImpl, seen };
}

const category = { id: 1, slug: 'gratar', name: 'Grătar', short_label: null, description: null, icon: null, sort_order: 1 };
const item = (overrides: Record<string, unknown> = {}) => ({
  id: 10,
  category_id: 1,
  name: 'Mici',
  sku: null,
  description: null,
  unit: 'Buc',
  price: '5.50',
  image: null,
  is_featured: false,
  is_standalone: true,
  sold_out: false,
  sort_order: 0,
  ...overrides,
});
const group = {
  id: 3,
  name: 'Sos',
  description: null,
  is_required: true,
  min_selections: 1,
  max_selections: 1,
  sort_order: 9,
  is_active: true,
};
const option = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  modifier_group_id: 3,
  price_adjustment: 2.5,
  sort_order: 0,
  is_default: true,
  menu_item_id: { id: 70, name: 'Muștar', sku: null, sold_out: false, is_active: true },
  ...overrides,
});

function cmsWith(collections: Record<string, unknown>) {
  const fake = fakeDirectus({
    menu_categories: [category],
    menu_items: [item()],
    menu_items_modifier_groups: [{ menu_items_id: 10, sort_order: 2, modifier_groups_id: group }],
    modifier_group_items: [option()],
    ...collections,
  });
  return {
    cms: createDirectusCms({ url: 'http://directus.test/', token: 'svc-token', timeoutMs: 1_000, fetch: fake.fetchImpl }),
    seen: fake.seen,
  };
}

describe('Directus Cms adapter', () => {
  it('maps spec §3 rows to the shared menu: decimal lei as text or number, default SKUs, groups and options expanded, the bearer token sent', async () => {
    const { cms, seen } = cmsWith({});
    const menu = await cms.loadMenu();
    expect(menu.categories).toEqual([
      { id: 1, slug: 'gratar', name: 'Grătar', shortLabel: 'Grătar', description: null, icon: '', sortOrder: 1 },
    ]);
    expect(menu.items).toHaveLength(1);
    const [mici] = menu.items;
    expect(mici).toMatchObject({ id: 10, sku: 'SKU-10', priceBani: 550, unit: 'Buc' });
    expect(mici!.modifierGroups).toEqual([
      {
        id: 3,
        name: 'Sos',
        description: null,
        isRequired: true,
        minSelections: 1,
        maxSelections: 1,
        allowMultiple: false,
        sortOrder: 2,
        options: [{ id: 7, name: 'Muștar', sku: 'MOD-7', priceBani: 250, isDefault: true, soldOut: false, sortOrder: 0, allergens: [] }],
      },
    ]);
    expect(seen.every((line) => line.endsWith(' Bearer svc-token'))).toBe(true);
    expect(seen.find((line) => line.startsWith('/items/menu_items?'))).toContain('filter%5Bis_modifier%5D%5B_eq%5D=false');
    expect(seen.find((line) => line.startsWith('/items/menu_categories?'))).toContain('sort=sort_order%2Cid');
  });

  it('leaves out inactive groups, options whose menu item is inactive, and items of inactive (absent) categories', async () => {
    const { cms } = cmsWith({
      menu_items: [item(), item({ id: 11, category_id: 99 })],
      menu_items_modifier_groups: [{ menu_items_id: 10, sort_order: 0, modifier_groups_id: { ...group, is_active: false } }],
      modifier_group_items: [option({ menu_item_id: { id: 70, name: 'Muștar', sku: 'M', sold_out: false, is_active: false } })],
    });
    const menu = await cms.loadMenu();
    expect(menu.items.map((entry) => entry.id)).toEqual([10]);
    expect(menu.items[0]!.modifierGroups).toEqual([]);
  });

  it.each([
    ['a price with more than 2 decimals', { menu_items: [item({ price: '5.505' })] }],
    ['a negative price', { menu_items: [item({ price: '-1.00' })] }],
    ['a price that is not a number', { menu_items: [item({ price: 'cinci' })] }],
    ['a unit the storefront does not know', { menu_items: [item({ unit: 'Litru' })] }],
    ['a missing field', { menu_items: [{ id: 10, name: 'Mici' }] }],
    [
      'min above max selections',
      { menu_items_modifier_groups: [{ menu_items_id: 10, sort_order: 0, modifier_groups_id: { ...group, min_selections: 3 } }] },
    ],
    ['an error status', { menu_categories: new Response('{"errors":[]}', { status: 403 }) }],
    ['a body that is not JSON', { menu_categories: new Response('<html>', { status: 200 }) }],
    ['a refused connection', { menu_items: new TypeError('fetch failed') }],
  ])('answers %s as CmsUnavailableError (never a ZodError a route would call bad input)', async (_what, collections) => {
    const { cms } = cmsWith(collections);
    await expect(cms.loadMenu()).rejects.toBeInstanceOf(CmsUnavailableError);
  });

  it('maps the restaurant_settings singleton (camelCase fields, deliveryRadiusKm as text) and locations with JSON opening hours', async () => {
    const day = [{ open: '11:00', close: '22:00' }];
    const hours = { weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: [] }, exceptions: [] };
    const { cms } = cmsWith({
      restaurant_settings: {
        name: 'Casa',
        description: null,
        phone: null,
        email: 'a@b.ro',
        address: 'Str. 1',
        isOpen: true,
        deliveryFee: '7.50',
        minimumOrder: 40,
        estimatedDeliveryTime: '30-45 minutes',
        deliveryRadiusKm: '10',
        zoneValidationType: 'radius',
        deliveryZoneName: 'ploiești',
        deliveryBaseLat: 44.9537,
        deliveryBaseLng: 26.0224,
        status: 'active',
        date_updated: null,
      },
      locations: [
        { id: 2, name: 'Nord', address: 'Bd. 2', latitude: 44.95, longitude: 26.02, phone: '0244', opening_hours: JSON.stringify(hours) },
      ],
    });
    expect(await cms.loadSettings()).toMatchObject({
      deliveryFeeBani: 750,
      minimumOrderBani: 4000,
      deliveryRadiusKm: 10,
      description: '',
      phone: '',
    });
    // Issue 22: Directus has no per-location fields; each location runs on the restaurant-wide
    // radius, fee (one band) and minimum, open, with the default lead time and slot capacity.
    expect(await cms.loadLocations()).toEqual([
      {
        id: 2,
        name: 'Nord',
        address: 'Bd. 2',
        latitude: 44.95,
        longitude: 26.02,
        phone: '0244',
        openingHours: hours,
        isOpen: true,
        zone: { kind: 'radius', radiusKm: 10 },
        leadMinutes: 30,
        slotCapacity: 8,
        minimumOrderBani: 4000,
        deliveryFees: { bands: [{ upToKm: 10, feeBani: 750 }], freeAboveBani: null },
        version: 1,
      },
    ]);
  });

  it('answers opening hours that do not fit the shared schema as CmsUnavailableError', async () => {
    const { cms } = cmsWith({
      locations: [
        { id: 2, name: 'Nord', address: 'Bd. 2', latitude: 44.95, longitude: 26.02, phone: '0244', opening_hours: { weekly: 'always' } },
      ],
    });
    await expect(cms.loadLocations()).rejects.toBeInstanceOf(CmsUnavailableError);
  });
});

describe('CMS selection', () => {
  it('CMS=directus without its URL or token stops the start naming the variables; the default is the embedded store', () => {
    expect(() => createRemoteCmsFromEnv(parseEnv({ CMS: 'directus' }))).toThrow(/CMS=directus needs DIRECTUS_URL and DIRECTUS_TOKEN/);
    expect(() => createRemoteCmsFromEnv(parseEnv({ CMS: 'directus', DIRECTUS_URL: 'http://d.test' }))).toThrow(/needs DIRECTUS_TOKEN$/);
    expect(createRemoteCmsFromEnv(parseEnv({}))).toBeNull();
    expect(createRemoteCmsFromEnv(parseEnv({ CMS: 'directus', DIRECTUS_URL: 'http://d.test', DIRECTUS_TOKEN: 't' }))?.cms.name).toBe(
      'directus',
    );
  });
});
