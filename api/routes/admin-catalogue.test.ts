/**
 * The menu editor's API (issue 18) in-process: validation, revisions and conflicts, the change
 * log, soft deletes, reorders, duplicates, bulk prices, and what the storefront and the order route
 * make of the edits. CSV: admin-catalogue-csv.test.ts.
 */
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChangeLogEntry, EditorCatalogue, EditorCategory, EditorDish, EditorGroup } from './admin-catalogue.test-helpers';
import { catalogueClient } from './admin-catalogue.test-helpers';
import { menuSchema } from '../../src/shared/schemas/menu';
import { changeLogPageSchema, editorCatalogueSchema } from '../../src/shared/schemas/menu-editor';
import type { TestUser } from '../../tests/setup/auth';
import { createLegApp, storeLegs } from '../../tests/setup/store-legs';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { firstLocationId, pickupBody, postOrder } from '../../tests/integration/order-fixtures';

const LEGS = storeLegs('api/routes/admin-catalogue.test.ts');

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let api: ReturnType<typeof catalogueClient>;

const publicMenu = async () => {
  const response = await t.request('/api/menu');
  return { menu: menuSchema.parse(await response.json()), etag: response.headers.get('etag') };
};

async function newCategory(name: string): Promise<EditorCategory> {
  const response = await api.send('POST', '/categories', { name });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { category: EditorCategory }).category;
}

async function newDish(categoryId: number, fields: Record<string, unknown> = {}): Promise<EditorDish> {
  const response = await api.send('POST', '/dishes', { categoryId, name: 'Ciorbă de burtă', priceBani: 2450, ...fields });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { dish: EditorDish }).dish;
}

const latestLog = async (): Promise<ChangeLogEntry> => {
  const page = changeLogPageSchema.parse(await (await api.send('GET', '/changes')).json());
  return page.entries[0] ?? { id: 0, at: '', actor: '', entity: 'menu', entityId: null, entityName: '', action: 'create', changes: [] };
};

describe.each(LEGS)('the menu editor API on %s', (leg) => {
  beforeAll(async () => {
    t = await createLegApp(leg, 'menu_editor');
    admin = await createUserWithSession(t, { role: 'admin', email: 'manager@example.ro' });
    customer = await createUserWithSession(t);
    api = catalogueClient(t, admin);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/admin/catalogue', () => {
    it('lists the seeded menu for the editor, hidden rows included, with revisions', async () => {
      const response = await api.send('GET', '/');
      expect(response.status).toBe(200);
      const catalogue: EditorCatalogue = editorCatalogueSchema.parse(await response.json());
      expect(catalogue.source).toBe('embedded');
      expect(catalogue.dishes).toHaveLength(51);
      expect(catalogue.categories.flatMap((category) => category.dishIds)).toHaveLength(51);
      expect(catalogue.groups.length).toBeGreaterThan(0);
      expect(catalogue.groups.every((group) => group.dishCount > 0)).toBe(true);
      expect(catalogue.dishes.every((dish) => dish.revision === 1 && dish.allergens.length === 0)).toBe(true);
      expect(catalogue.menuVersion).toBe((await publicMenu()).menu.version);
    });

    it('refuses guests (401) and customers (403)', async () => {
      expect((await t.request('/api/admin/catalogue')).status).toBe(401);
      expect((await t.request('/api/admin/catalogue', { headers: { cookie: customer.cookie } })).status).toBe(403);
      const write = await t.request('/api/admin/catalogue/categories', {
        method: 'POST',
        json: { name: 'X' },
        headers: { cookie: customer.cookie },
      });
      expect(write.status).toBe(403);
    });
  });

  describe('validation: 400 with field errors, nothing written', () => {
    it.each([
      ['a negative price', { priceBani: -100 }, 'priceBani'],
      ['a price of 0', { priceBani: 0 }, 'priceBani'],
      ['an empty name', { name: '   ' }, 'name'],
      ['an unknown allergen', { allergens: ['gluten', 'shellfish'] }, 'allergens.1'],
      ['a window ending before it starts', { availability: [{ days: [1], from: '15:00', to: '11:00' }] }, 'availability.0.to'],
      ['an unknown category', { categoryId: 999_999 }, 'categoryId'],
      ['a photo never uploaded', { photoId: 'ab'.repeat(16) }, 'photoId'],
    ])('a dish with %s', async (_label, fields, path) => {
      const logBefore = (await latestLog()).id;
      const category = (await api.catalogue()).categories[0]!;
      const response = await api.send('POST', '/dishes', { categoryId: category.id, name: 'Supă', priceBani: 1000, ...fields });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; details: { path: string; message: string }[] } };
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.details.map((detail) => detail.path)).toContain(path);
      expect((await latestLog()).id).toBe(logBefore);
    });

    it('an option group with min above max, or required with a minimum of 0', async () => {
      const option = { name: 'Mare', priceBani: 500 };
      const minAboveMax = await api.send('POST', '/groups', { name: 'Mărime', minSelections: 3, maxSelections: 1, options: [option] });
      expect(minAboveMax.status).toBe(400);
      expect(JSON.stringify(await minAboveMax.json())).toContain('minSelections');
      const requiredZero = await api.send('POST', '/groups', {
        name: 'Mărime',
        isRequired: true,
        minSelections: 0,
        maxSelections: 1,
        options: [option],
      });
      expect(requiredZero.status).toBe(400);
      const noOptions = await api.send('POST', '/groups', { name: 'Mărime', minSelections: 0, maxSelections: 1, options: [] });
      expect(noOptions.status).toBe(400);
    });
  });

  describe('categories', () => {
    it('creates, renames and hides a category, each in the change log with the manager and before -> after', async () => {
      const category = await newCategory('Supe');
      expect(category).toMatchObject({ name: 'Supe', shortLabel: 'Supe', hidden: false, revision: 1, dishIds: [] });
      const created = await latestLog();
      expect(created).toMatchObject({ actor: 'manager@example.ro', entity: 'category', entityId: category.id, action: 'create' });

      const renamed = await api.send('PATCH', `/categories/${category.id}`, { baseRevision: 1, name: 'Supe și ciorbe', hidden: true });
      expect(renamed.status).toBe(200);
      expect(((await renamed.json()) as { category: EditorCategory }).category).toMatchObject({
        name: 'Supe și ciorbe',
        hidden: true,
        revision: 2,
      });
      const updated = await latestLog();
      expect(updated).toMatchObject({ actor: 'manager@example.ro', action: 'update', entityName: 'Supe și ciorbe' });
      expect(updated.changes).toEqual([
        { field: 'name', before: 'Supe', after: 'Supe și ciorbe' },
        { field: 'hidden', before: 'no', after: 'yes' },
      ]);
    });

    it('a stale revision is a 409 menu_conflict with the category as it is now, and changes nothing', async () => {
      const category = await newCategory('Deserturi');
      expect((await api.send('PATCH', `/categories/${category.id}`, { baseRevision: 1, name: 'Dulciuri' })).status).toBe(200);
      const stale = await api.send('PATCH', `/categories/${category.id}`, { baseRevision: 1, name: 'Prăjituri' });
      expect(stale.status).toBe(409);
      const body = (await stale.json()) as { error: { code: string; details: { entity: string; current: EditorCategory } } };
      expect(body.error.code).toBe('menu_conflict');
      expect(body.error.details.entity).toBe('category');
      expect(body.error.details.current).toMatchObject({ id: category.id, name: 'Dulciuri', revision: 2 });
      expect((await api.catalogue()).categories.find((c) => c.id === category.id)?.name).toBe('Dulciuri');
    });

    it('deleting a category with dishes is refused, then works when they move to another one', async () => {
      const from = await newCategory('Grătar de vară');
      const to = await newCategory('Grătar');
      const dishA = await newDish(from.id, { name: 'Frigărui' });
      const dishB = await newDish(from.id, { name: 'Cârnați' });

      const refused = await api.send('DELETE', `/categories/${from.id}`);
      expect(refused.status).toBe(409);
      const body = (await refused.json()) as { error: { code: string; message: string; details: { dishCount: number } } };
      expect(body.error.code).toBe('category_not_empty');
      expect(body.error.details.dishCount).toBe(2);
      expect(body.error.message).toContain('2 dishes');

      expect((await api.send('DELETE', `/categories/${from.id}?moveDishesTo=${from.id}`)).status).toBe(400);
      const moved = await api.send('DELETE', `/categories/${from.id}?moveDishesTo=${to.id}`);
      expect(moved.status).toBe(200);
      const catalogue = await api.catalogue();
      expect(catalogue.categories.some((c) => c.id === from.id)).toBe(false);
      expect(catalogue.categories.find((c) => c.id === to.id)?.dishIds).toEqual([dishA.id, dishB.id]);
      expect(catalogue.dishes.find((d) => d.id === dishA.id)).toMatchObject({ categoryId: to.id, revision: 2 });
      // Kept for history, not shown.
      const row = await t.deps.store.db
        .selectFrom('menu_categories')
        .select('is_active')
        .where('id', '=', from.id)
        .executeTakeFirstOrThrow();
      expect(row.is_active).toBe(0);
      expect(await latestLog()).toMatchObject({ entity: 'category', entityId: from.id, action: 'delete' });
    });

    it('reorders every category, refusing a list that is not all of them', async () => {
      const ids = (await api.catalogue()).categories.map((c) => c.id);
      const reversed = [...ids].reverse();
      expect((await api.send('PUT', '/categories/order', { ids: reversed.slice(1) })).status).toBe(400);
      expect((await api.send('PUT', '/categories/order', { ids: [...reversed, reversed[0]!] })).status).toBe(400);
      expect((await api.send('PUT', '/categories/order', { ids: reversed })).status).toBe(200);
      expect((await api.catalogue()).categories.map((c) => c.id)).toEqual(reversed);
      const storefront = (await publicMenu()).menu.categories.map((c) => c.id);
      expect(storefront).toEqual(reversed.filter((id) => storefront.includes(id)));
      expect(storefront.length).toBeGreaterThan(1);
      expect(await latestLog()).toMatchObject({ entity: 'menu', action: 'reorder' });
      expect((await api.send('PUT', '/categories/order', { ids })).status).toBe(200);
    });
  });

  describe('dishes', () => {
    it('creates a dish with every field, and the storefront shows it with a new version and ETag', async () => {
      const category = await newCategory('Ciorbe');
      const before = await publicMenu();
      const dish = await newDish(category.id, {
        description: 'Cu smântână și ardei iute',
        allergens: ['milk', 'celery', 'milk'],
        mayContain: 'urme de muștar',
        dietaryTags: ['spicy'],
        availability: [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }],
      });
      expect(dish).toMatchObject({
        name: 'Ciorbă de burtă',
        priceBani: 2450,
        unit: 'Buc',
        allergens: ['milk', 'celery'],
        revision: 1,
        hidden: false,
      });
      const after = await publicMenu();
      expect(after.menu.version).not.toBe(before.menu.version);
      expect(after.etag).not.toBe(before.etag);
      expect(after.menu.items.find((item) => item.id === dish.id)).toMatchObject({
        allergens: ['milk', 'celery'],
        mayContain: 'urme de muștar',
        dietaryTags: ['spicy'],
        availability: [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }],
        photo: null,
      });
      const log = await latestLog();
      expect(log).toMatchObject({ entity: 'dish', entityId: dish.id, action: 'create', actor: 'manager@example.ro' });
      expect(log.changes).toContainEqual({ field: 'price', before: null, after: '24.50 lei' });
    });

    it('a dish names an uploaded photo by id; the storefront gets its sizes, and null removes it', async () => {
      const photo = { id: 'c0ffee'.repeat(5) + 'ab', widths: [320, 640], width: 800, height: 600 };
      await t.deps.store.db
        .insertInto('menu_photos')
        .values({ ...photo, widths: JSON.stringify(photo.widths), bytes: 1234, created_at: t.clock.now().toISOString() })
        .execute();
      const category = (await api.catalogue()).categories[0]!;
      const dish = await newDish(category.id, { name: 'Cu poză', photoId: photo.id });
      expect(dish.photo).toEqual(photo);
      expect((await publicMenu()).menu.items.find((item) => item.id === dish.id)!.photo).toEqual(photo);
      const removed = await api.send('PATCH', `/dishes/${dish.id}`, { baseRevision: 1, photoId: null });
      expect(((await removed.json()) as { dish: EditorDish }).dish.photo).toBeNull();
      expect((await latestLog()).changes).toEqual([{ field: 'photo', before: photo.id, after: null }]);
    });

    it('publishes menu-changed for each edit', async () => {
      const category = (await api.catalogue()).categories[0]!;
      const events: string[] = [];
      const stop = t.deps.liveEvents.subscribe((event) => events.push(event.type));
      await newDish(category.id, { name: 'Papanași' });
      stop();
      expect(events).toEqual(['menu-changed']);
    });

    it('a price edit logs before -> after, bumps the revision and a stale one is a 409 with the dish as it is', async () => {
      const category = await newCategory('Mici și cârnați');
      const dish = await newDish(category.id, { name: 'Mici', priceBani: 450 });
      const edited = await api.send('PATCH', `/dishes/${dish.id}`, { baseRevision: 1, priceBani: 500 });
      expect(edited.status).toBe(200);
      expect(((await edited.json()) as { dish: EditorDish }).dish).toMatchObject({ priceBani: 500, revision: 2 });
      expect((await latestLog()).changes).toEqual([{ field: 'price', before: '4.50 lei', after: '5.00 lei' }]);

      const stale = await api.send('PATCH', `/dishes/${dish.id}`, { baseRevision: 1, priceBani: 550 });
      expect(stale.status).toBe(409);
      const body = (await stale.json()) as { error: { code: string; details: { entity: string; current: EditorDish } } };
      expect(body.error).toMatchObject({
        code: 'menu_conflict',
        details: { entity: 'dish', current: { id: dish.id, priceBani: 500, revision: 2 } },
      });
    });

    it('two tablets saving from the same revision at once: one wins, the other gets the conflict', async () => {
      const category = (await api.catalogue()).categories[0]!;
      const dish = await newDish(category.id, { name: 'Tochitură', priceBani: 3200 });
      const answers = await Promise.all([
        api.send('PATCH', `/dishes/${dish.id}`, { baseRevision: 1, priceBani: 3300 }),
        api.send('PATCH', `/dishes/${dish.id}`, { baseRevision: 1, priceBani: 3400 }),
      ]);
      expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
      const winner = answers.find((response) => response.status === 200)!;
      const saved = ((await winner.json()) as { dish: EditorDish }).dish;
      expect(saved.revision).toBe(2);
      expect((await api.catalogue()).dishes.find((d) => d.id === dish.id)!.priceBani).toBe(saved.priceBani);
    });

    it('replays a write sent twice with the same Idempotency-Key instead of applying it again', async () => {
      const category = (await api.catalogue()).categories[0]!;
      const key = randomUUID();
      const body = { categoryId: category.id, name: 'Salată de ardei copți', priceBani: 1500 };
      const first = await api.send('POST', '/dishes', body, { 'Idempotency-Key': key });
      const second = await api.send('POST', '/dishes', body, { 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.headers.get('Idempotent-Replayed')).toBe('true');
      const firstBody = (await first.json()) as { dish: EditorDish };
      expect(await second.json()).toEqual(firstBody);
      expect((await api.catalogue()).dishes.filter((dish) => dish.name === 'Salată de ardei copți')).toHaveLength(1);

      // A refused write stores nothing under its key: the same key with a valid write later works.
      const { dish } = firstBody;
      const refusedKey = randomUUID();
      expect(
        (await api.send('PATCH', `/dishes/${dish.id}`, { baseRevision: 9, name: 'X' }, { 'Idempotency-Key': refusedKey })).status,
      ).toBe(409);
      expect(
        (await api.send('PATCH', `/dishes/${dish.id}`, { baseRevision: 1, name: 'X' }, { 'Idempotency-Key': refusedKey })).status,
      ).toBe(200);
    });

    it('duplicates a dish as a hidden copy with its option groups, and reorders the category', async () => {
      const catalogue = await api.catalogue();
      const source = catalogue.dishes.find((dish) => dish.groupIds.length > 0)!;
      const response = await api.send('POST', `/dishes/${source.id}/duplicate`);
      expect(response.status).toBe(201);
      const copy = ((await response.json()) as { dish: EditorDish }).dish;
      expect(copy).toMatchObject({
        name: `${source.name} (copy)`,
        hidden: true,
        priceBani: source.priceBani,
        groupIds: source.groupIds,
        categoryId: source.categoryId,
      });
      expect(copy.id).not.toBe(source.id);
      expect((await publicMenu()).menu.items.some((item) => item.id === copy.id)).toBe(false);
      expect(await latestLog()).toMatchObject({ action: 'duplicate', entityId: copy.id });

      const dishIds = (await api.catalogue()).categories.find((c) => c.id === source.categoryId)!.dishIds;
      expect(dishIds.at(-1)).toBe(copy.id);
      const reordered = [copy.id, ...dishIds.filter((id) => id !== copy.id)];
      expect((await api.send('PUT', `/categories/${source.categoryId}/dishes/order`, { ids: reordered })).status).toBe(200);
      expect((await api.catalogue()).categories.find((c) => c.id === source.categoryId)!.dishIds).toEqual(reordered);
      expect((await api.send('PUT', `/categories/${source.categoryId}/dishes/order`, { ids: reordered.slice(1) })).status).toBe(400);
    });

    it('moves a dish to another category, to the end of it', async () => {
      const from = await newCategory('Garnituri vechi');
      const to = await newCategory('Garnituri');
      const first = await newDish(to.id, { name: 'Cartofi prăjiți' });
      const moving = await newDish(from.id, { name: 'Orez' });
      const moved = await api.send('PATCH', `/dishes/${moving.id}`, { baseRevision: 1, categoryId: to.id });
      expect(moved.status).toBe(200);
      expect((await api.catalogue()).categories.find((c) => c.id === to.id)!.dishIds).toEqual([first.id, moving.id]);
      expect((await latestLog()).changes).toEqual([{ field: 'category', before: 'Garnituri vechi', after: 'Garnituri' }]);
    });

    it('hidden dishes and dishes of hidden categories leave the storefront but stay in the editor', async () => {
      const category = await newCategory('Băuturi');
      const shown = await newDish(category.id, { name: 'Limonadă' });
      const hidden = await newDish(category.id, { name: 'Bere', hidden: true });
      let menu = (await publicMenu()).menu;
      expect(menu.items.some((item) => item.id === shown.id)).toBe(true);
      expect(menu.items.some((item) => item.id === hidden.id)).toBe(false);
      expect((await api.send('PATCH', `/categories/${category.id}`, { baseRevision: 1, hidden: true })).status).toBe(200);
      menu = (await publicMenu()).menu;
      expect(menu.items.some((item) => item.id === shown.id)).toBe(false);
      expect(menu.categories.some((c) => c.id === category.id)).toBe(false);
      expect((await api.catalogue()).dishes.filter((dish) => dish.categoryId === category.id)).toHaveLength(2);
    });

    it('deletes a dish: gone from the editor and the storefront, its row kept for past orders', async () => {
      const category = (await api.catalogue()).categories[0]!;
      const dish = await newDish(category.id, { name: 'Dish to delete' });
      expect((await api.send('DELETE', `/dishes/${dish.id}`)).status).toBe(200);
      expect((await api.catalogue()).dishes.some((d) => d.id === dish.id)).toBe(false);
      expect((await publicMenu()).menu.items.some((item) => item.id === dish.id)).toBe(false);
      expect(await latestLog()).toMatchObject({ action: 'delete', entityId: dish.id, entityName: 'Dish to delete' });
      expect((await api.send('DELETE', `/dishes/${dish.id}`)).status).toBe(404);
      expect((await api.send('PATCH', `/dishes/${dish.id}`, { baseRevision: 2, name: 'Back' })).status).toBe(404);
    });
  });

  describe('option groups', () => {
    it('creates a group, attaches it to two dishes, edits its options and the storefront follows', async () => {
      const category = await newCategory('Burgeri');
      const created = await api.send('POST', '/groups', {
        name: 'Sos',
        minSelections: 0,
        maxSelections: 2,
        options: [
          { name: 'Ketchup', priceBani: 0, allergens: [] },
          { name: 'Maioneză', priceBani: 250, allergens: ['eggs'] },
        ],
      });
      expect(created.status).toBe(201);
      const group = ((await created.json()) as { group: EditorGroup }).group;
      expect(group).toMatchObject({ name: 'Sos', revision: 1, dishCount: 0 });
      expect(group.options.map((o) => [o.name, o.priceBani, o.allergens])).toEqual([
        ['Ketchup', 0, []],
        ['Maioneză', 250, ['eggs']],
      ]);
      const a = await newDish(category.id, { name: 'Burger clasic', groupIds: [group.id] });
      const b = await newDish(category.id, { name: 'Burger dublu', groupIds: [group.id] });
      expect((await api.catalogue()).groups.find((g) => g.id === group.id)?.dishCount).toBe(2);

      const [ketchup] = group.options;
      const put = await api.send('PUT', `/groups/${group.id}`, {
        baseRevision: 1,
        group: {
          name: 'Sosuri',
          minSelections: 0,
          maxSelections: 2,
          options: [
            { id: ketchup!.id, name: 'Ketchup', priceBani: 100 },
            { name: 'Muștar', priceBani: 0, allergens: ['mustard'] },
          ],
        },
      });
      expect(put.status).toBe(200);
      const edited = ((await put.json()) as { group: EditorGroup }).group;
      expect(edited.options.map((o) => o.name)).toEqual(['Ketchup', 'Muștar']);
      expect(edited.options[0]!.id).toBe(ketchup!.id);
      expect(edited.revision).toBe(2);
      const storefront = (await publicMenu()).menu.items.find((item) => item.id === a.id)!;
      expect(storefront.modifierGroups[0]!.options.map((o) => [o.name, o.priceBani, o.allergens])).toEqual([
        ['Ketchup', 100, []],
        ['Muștar', 0, ['mustard']],
      ]);
      expect((await latestLog()).changes.map((change) => change.field)).toEqual(['name', 'options']);

      const stale = await api.send('PUT', `/groups/${group.id}`, {
        baseRevision: 1,
        group: { name: 'Z', minSelections: 0, maxSelections: 1, options: [{ name: 'Z', priceBani: 0 }] },
      });
      expect(stale.status).toBe(409);
      expect(((await stale.json()) as { error: { details: { entity: string } } }).error.details.entity).toBe('group');

      const foreign = (await api.catalogue()).groups.find((g) => g.id !== group.id)!.options[0]!;
      const stolen = await api.send('PUT', `/groups/${group.id}`, {
        baseRevision: 2,
        group: { name: 'Sosuri', minSelections: 0, maxSelections: 1, options: [{ id: foreign.id, name: 'x', priceBani: 0 }] },
      });
      expect(stolen.status).toBe(400);

      expect((await api.send('DELETE', `/groups/${group.id}`)).status).toBe(200);
      expect((await publicMenu()).menu.items.find((item) => item.id === b.id)!.modifierGroups).toEqual([]);
      expect((await api.catalogue()).dishes.find((dish) => dish.id === b.id)!.groupIds).toEqual([]);
    });
  });

  describe('English beside the Romanian (issue 23)', () => {
    it("a dish's English is saved, shown back, on the storefront and logged; blank clears it", async () => {
      const category = await newCategory('Ciorbe de post');
      const dish = await newDish(category.id, { nameEn: ' Tripe soup ', descriptionEn: 'With sour cream' });
      expect(dish).toMatchObject({ nameEn: 'Tripe soup', descriptionEn: 'With sour cream' });
      const patched = await api.send('PATCH', `/dishes/${dish.id}`, {
        baseRevision: dish.revision,
        nameEn: 'Tripe soup (ciorbă)',
        descriptionEn: '  ',
      });
      expect(patched.status, await patched.clone().text()).toBe(200);
      expect((await api.catalogue()).dishes.find((d) => d.id === dish.id)).toMatchObject({
        nameEn: 'Tripe soup (ciorbă)',
        descriptionEn: null,
      });
      expect((await latestLog()).changes).toEqual([
        { field: 'English name', before: 'Tripe soup', after: 'Tripe soup (ciorbă)' },
        { field: 'English description', before: 'With sour cream', after: null },
      ]);
      const storefront = (await publicMenu()).menu.items.find((item) => item.id === dish.id)!;
      expect(storefront.nameEn).toBe('Tripe soup (ciorbă)');
      expect(storefront.descriptionEn).toBeUndefined();
      const cleared = await api.send('PATCH', `/dishes/${dish.id}`, { baseRevision: dish.revision + 1, nameEn: null });
      expect(cleared.status).toBe(200);
      expect((await publicMenu()).menu.items.find((item) => item.id === dish.id)!.nameEn).toBeUndefined();
    });

    it("a category's and a group's English, their options' too; the limits are the Romanian fields'", async () => {
      const created = await api.send('POST', '/categories', { name: 'Băuturi', nameEn: 'Drinks', shortLabelEn: 'Drinks' });
      expect(created.status).toBe(201);
      const category = ((await created.json()) as { category: EditorCategory }).category;
      expect(category).toMatchObject({ nameEn: 'Drinks', shortLabelEn: 'Drinks', descriptionEn: null });
      const patched = await api.send('PATCH', `/categories/${category.id}`, { baseRevision: 1, descriptionEn: 'Cold and hot' });
      expect(patched.status).toBe(200);
      expect((await api.catalogue()).categories.find((c) => c.id === category.id)).toMatchObject({
        nameEn: 'Drinks',
        descriptionEn: 'Cold and hot',
      });

      const group = await api.send('POST', '/groups', {
        name: 'Gheață',
        nameEn: 'Ice',
        minSelections: 0,
        maxSelections: 1,
        options: [
          { name: 'Cu gheață', nameEn: 'With ice', priceBani: 0 },
          { name: 'Fără gheață', priceBani: 0 },
        ],
      });
      expect(group.status).toBe(201);
      const saved = ((await group.json()) as { group: EditorGroup }).group;
      expect([saved.nameEn, saved.options.map((o) => o.nameEn)]).toEqual(['Ice', ['With ice', null]]);
      await newDish(category.id, { name: 'Limonadă', groupIds: [saved.id] });
      const storefront = (await publicMenu()).menu;
      expect(storefront.categories.find((c) => c.id === category.id)).toMatchObject({ nameEn: 'Drinks', descriptionEn: 'Cold and hot' });
      const offered = storefront.items.find((item) => item.name === 'Limonadă')!.modifierGroups[0]!;
      expect([offered.nameEn, offered.options.map((o) => o.nameEn)]).toEqual(['Ice', ['With ice', undefined]]);

      const tooLong = await api.send('POST', '/dishes', { categoryId: category.id, name: 'Apă', priceBani: 500, nameEn: 'x'.repeat(121) });
      expect(tooLong.status).toBe(400);
      const longLabel = await api.send('PATCH', `/categories/${category.id}`, { baseRevision: 2, shortLabelEn: 'x'.repeat(41) });
      expect(longLabel.status).toBe(400);
    });
  });

  describe('bulk prices', () => {
    it('the preview equals what is applied; a price at or below 0 is refused naming the dish', async () => {
      const category = await newCategory('Salate');
      await newDish(category.id, { name: 'Salată de roșii', priceBani: 1190 });
      await newDish(category.id, { name: 'Salată de varză', priceBani: 890 });
      const body = { categoryId: category.id, mode: 'percent', value: 7.5 };
      const preview = await api.send('POST', '/bulk-price/preview', body);
      expect(preview.status).toBe(200);
      const previewed = (await preview.json()) as { changes: { afterBani: number }[] };
      expect(previewed.changes.map((change) => change.afterBani)).toEqual([1279, 957]);
      const applied = await api.send('POST', '/bulk-price', body);
      expect(applied.status).toBe(200);
      expect(await applied.json()).toEqual(previewed);
      const prices = (await api.catalogue()).dishes.filter((dish) => dish.categoryId === category.id).map((dish) => dish.priceBani);
      expect(prices).toEqual([1279, 957]);
      expect(await latestLog()).toMatchObject({
        action: 'bulk-price',
        changes: [{ field: 'price', before: '8.90 lei', after: '9.57 lei' }],
      });

      const tooLow = await api.send('POST', '/bulk-price', { categoryId: category.id, mode: 'amount', value: -1000 });
      expect(tooLow.status).toBe(400);
      expect(((await tooLow.json()) as { error: { message: string } }).error.message).toContain('Salată de varză');
      expect((await api.catalogue()).dishes.filter((dish) => dish.categoryId === category.id).map((dish) => dish.priceBani)).toEqual([
        1279, 957,
      ]);
    });
  });

  describe('the change log', () => {
    it('pages 50 at a time, newest first', async () => {
      const category = await newCategory('Pagini');
      for (let revision = 1; revision <= 10; revision += 1) {
        expect((await api.send('PATCH', `/categories/${category.id}`, { baseRevision: revision, name: `Pagini ${revision}` })).status).toBe(
          200,
        );
      }
      const first = changeLogPageSchema.parse(await (await api.send('GET', '/changes')).json());
      expect(first.entries.length).toBe(50);
      expect(first.entries[0]!.id).toBeGreaterThan(first.entries[1]!.id);
      expect(first.nextBefore).toBe(first.entries.at(-1)!.id);
      const second = changeLogPageSchema.parse(await (await api.send('GET', `/changes?before=${first.nextBefore}`)).json());
      expect(second.entries[0]!.id).toBeLessThan(first.nextBefore!);
    });
  });

  describe('orders for dishes the manager hid, deleted or that are outside their window', () => {
    it('are refused with the reason and the dish name; inside the window it is accepted', async () => {
      const locationId = await firstLocationId(t);
      const category = await newCategory('Meniul zilei');
      // The test clock: Sunday 22 Nov 2026, 14:00 in Bucharest.
      const weekdays = await newDish(category.id, {
        name: 'Meniul zilei',
        availability: [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }],
      });
      const hidden = await newDish(category.id, { name: 'Ascuns', hidden: true });
      const deleted = await newDish(category.id, { name: 'Șters' });
      await api.send('DELETE', `/dishes/${deleted.id}`);
      const line = (dish: EditorDish) => ({ id: dish.id, name: dish.name, priceBani: dish.priceBani, groups: [] });

      const refusals: Record<string, unknown> = {};
      for (const dish of [weekdays, hidden, deleted]) {
        const response = await postOrder(t, customer, pickupBody(locationId, [line(dish)]));
        expect(response.status).toBe(422);
        const body = (await response.json()) as {
          error: { code: string; details: { reason: string; name: string; availableFrom?: string | null }[] };
        };
        expect(body.error.code).toBe('item_unavailable');
        refusals[dish.name] = body.error.details[0];
      }
      expect(refusals).toEqual({
        'Meniul zilei': {
          menuItemId: weekdays.id,
          name: 'Meniul zilei',
          reason: 'not_available_now',
          availableFrom: '2026-11-23T09:00:00.000Z',
        },
        Ascuns: { menuItemId: hidden.id, name: 'Ascuns', reason: 'hidden' },
        Șters: { menuItemId: deleted.id, name: 'Șters', reason: 'inactive' },
      });

      // Monday 23 Nov 2026, 12:00 in Bucharest: inside the window.
      t.clock.set(new Date('2026-11-23T10:00:00.000Z'));
      try {
        expect((await postOrder(t, customer, pickupBody(locationId, [line(weekdays)]))).status).toBe(201);
      } finally {
        t.clock.set(new Date('2026-11-22T12:00:00.000Z'));
      }
    });

    it('a dish in a hidden category is refused as hidden', async () => {
      const locationId = await firstLocationId(t);
      const category = await newCategory('Secret');
      const dish = await newDish(category.id, { name: 'Fel secret' });
      await api.send('PATCH', `/categories/${category.id}`, { baseRevision: 1, hidden: true });
      const response = await postOrder(
        t,
        customer,
        pickupBody(locationId, [{ id: dish.id, name: dish.name, priceBani: dish.priceBani, groups: [] }]),
      );
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: { details: { reason: string }[] } }).error.details[0]!.reason).toBe('hidden');
    });
  });
});
