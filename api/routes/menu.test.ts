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
