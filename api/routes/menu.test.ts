import { gunzipSync } from 'node:zlib';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { menuSchema } from '../../src/shared/schemas/menu';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/menu', () => {
  it('answers the whole catalogue in the shared schema', async () => {
    const response = await t.request('/api/menu');
    expect(response.status).toBe(200);
    const menu = menuSchema.parse(await response.json());
    expect(menu.categories.map((c) => c.slug)).toEqual(['produse-la-jar', 'garnituri', 'gatite', 'salate', 'desert']);
    expect(menu.items).toHaveLength(51);
    const mici = menu.items.find((i) => i.name === 'Mici');
    expect(mici?.priceBani).toBe(550);
    const sauce = mici?.modifierGroups.find((g) => g.name === 'Sos');
    expect(sauce).toMatchObject({ isRequired: true, minSelections: 1, maxSelections: 1, allowMultiple: false });
    expect(mici?.modifierGroups.find((g) => g.name === 'Extra')).toMatchObject({ allowMultiple: true, maxSelections: 3 });
  });

  it('carries the English beside the Romanian for every seeded dish, category, group and option (issue 23)', async () => {
    const body = (await (await t.request('/api/menu')).json()) as unknown;
    const menu = menuSchema.parse(body);
    const neck = menu.items.find((i) => i.name === 'Ceafă de porc')!;
    expect(neck).toMatchObject({ nameEn: 'Grilled pork neck', descriptionEn: 'Tender pork neck, marinated for 24 hours.' });
    expect(menu.categories[0]).toMatchObject({ name: 'Produse la jar', nameEn: 'Off the charcoal grill', shortLabelEn: 'Grill' });
    const sauce = neck.modifierGroups.find((g) => g.name === 'Sos')!;
    expect(sauce).toMatchObject({ nameEn: 'Sauce', descriptionEn: 'Choose a sauce for your portion' });
    expect(sauce.options[0]).toMatchObject({ name: 'Mujdei de usturoi', nameEn: 'Garlic sauce (mujdei)' });
    for (const item of menu.items) expect(item.nameEn, item.name).toBeTruthy();
    for (const category of menu.categories) expect(category.nameEn, category.name).toBeTruthy();
    const options = menu.items.flatMap((item) => item.modifierGroups.flatMap((group) => group.options));
    for (const option of options) expect(option.nameEn, option.name).toBeTruthy();
  });

  it('leaves an English text out when none was written: the answer stays lean and old copies read alike', async () => {
    await t.deps.store.db.updateTable('menu_items').set({ name_en: null, description_en: '  ' }).where('name', '=', 'Mici').execute();
    t.deps.menuCache.invalidate();
    const body = (await (await t.request('/api/menu')).json()) as { items: Record<string, unknown>[] };
    const mici = body.items.find((i) => i.name === 'Mici')!;
    expect(Object.keys(mici)).not.toContain('nameEn');
    expect(Object.keys(mici)).not.toContain('descriptionEn');
    expect(menuSchema.parse(body).items.find((i) => i.name === 'Mici')?.nameEn).toBeUndefined();
  });

  it('carries a content version as ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await t.request('/api/menu');
    const etag = first.headers.get('etag');
    const menu = menuSchema.parse(await first.json());
    expect(etag).toBe(`"${menu.version}"`);
    const again = await t.request('/api/menu', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('changes version when the catalogue changes and the cache is invalidated', async () => {
    const before = menuSchema.parse(await (await t.request('/api/menu')).json());
    await t.deps.store.db.updateTable('menu_items').set({ price_bani: 600 }).where('name', '=', 'Mici').execute();
    t.deps.menuCache.invalidate();
    const after = menuSchema.parse(await (await t.request('/api/menu')).json());
    expect(after.version).not.toBe(before.version);
    expect(after.items.find((i) => i.name === 'Mici')?.priceBani).toBe(600);
  });

  it('hides inactive items and categories', async () => {
    await t.deps.store.db.updateTable('menu_items').set({ is_active: 0 }).where('name', '=', 'Mici').execute();
    await t.deps.store.db.updateTable('menu_categories').set({ is_active: 0 }).where('slug', '=', 'desert').execute();
    const menu = menuSchema.parse(await (await t.request('/api/menu')).json());
    expect(menu.items.some((i) => i.name === 'Mici')).toBe(false);
    expect(menu.categories.some((c) => c.slug === 'desert')).toBe(false);
    expect(menu.items).toHaveLength(51 - 1 - 5);
  });

  it('serves the pre-compressed body to clients that accept gzip', async () => {
    const response = await t.request('/api/menu', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const menu = menuSchema.parse(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8')));
    expect(menu.items).toHaveLength(51);
  });
});
