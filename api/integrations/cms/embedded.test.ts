// The embedded Cms over a store seeded with the spec's English sample data (a test fixture): the
// payload matches the shared menu schema, the required 'BBQ Sauce' group keeps its rule end to end,
// and prices computed by the shared cart rules match the spec's figures.
import { rmSync } from 'node:fs';

import { afterEach, describe, expect, it } from 'vitest';

import { SAMPLE_BBQ_SAUCE_GROUP, SAMPLE_MENU_EN } from '../../../tests/fixtures/sample-menu-en';
import { makeTempDir } from '../../../tests/setup/test-app';
import { manualClock } from '../../../src/shared/clock';
import { cartLineTotalBani, cartTotalBani } from '../../../src/shared/domain/cart';
import { isSelectionComplete, selectionProblems, toggleOption } from '../../../src/shared/domain/modifier-rules';
import { menuSchema } from '../../../src/shared/schemas/menu';
import { seedIfEmpty } from '../../store/seed';
import type { Store } from '../../store/store';
import { openSqliteStore } from '../../store/store';
import { createEmbeddedCms } from './embedded';

const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
const dirs: string[] = [];
const stores: Store[] = [];

afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function sampleMenu() {
  const dir = makeTempDir();
  dirs.push(dir);
  const store = await openSqliteStore(dir);
  stores.push(store);
  await seedIfEmpty(store.db, clock, SAMPLE_MENU_EN);
  const content = await createEmbeddedCms(store.db).loadMenu();
  return menuSchema.parse({ ...content, version: 'fixture', generatedAt: clock.now().toISOString() });
}

describe('embedded Cms with the spec sample data', () => {
  it('serves the four categories and six dishes at the spec prices, in bani, and nothing of the default menu', async () => {
    const menu = await sampleMenu();
    expect(menu.categories.map((c) => c.name)).toEqual(['Appetizers', 'Main Dishes', 'Sides', 'Desserts']);
    expect(menu.items).toHaveLength(6);
    expect(menu.items.map((i) => i.priceBani).sort((a, b) => a - b)).toEqual([399, 499, 699, 1299, 1899, 2499]);
    expect(menu.items.map((i) => i.name)).not.toContain('Mici');
    for (const item of menu.items) {
      expect(item.sku).toBe(`SKU-${item.id}`);
      expect(item.image).toBeNull();
    }
  });

  it("keeps 'BBQ Sauce' required single-choice with three options, and its rules hold", async () => {
    const menu = await sampleMenu();
    const ribs = menu.items.find((i) => i.name === 'BBQ Ribs')!;
    expect(ribs.modifierGroups).toHaveLength(1);
    const sauce = ribs.modifierGroups[0]!;
    expect(sauce).toMatchObject({
      name: SAMPLE_BBQ_SAUCE_GROUP,
      isRequired: true,
      minSelections: 1,
      maxSelections: 1,
      allowMultiple: false,
    });
    expect(sauce.options).toHaveLength(3);
    for (const option of sauce.options) expect(option.sku).toBe(`MOD-${option.id}`);
    // The same group instance is shared: wings carry it too; dishes without it carry no groups.
    expect(menu.items.find((i) => i.name === 'Chicken Wings')!.modifierGroups[0]?.id).toBe(sauce.id);
    expect(menu.items.find((i) => i.name === 'Coleslaw')!.modifierGroups).toEqual([]);

    const [classic, spicy] = sauce.options;
    expect(isSelectionComplete([sauce], new Map())).toBe(false);
    expect(selectionProblems([sauce], new Map())).toEqual([{ kind: 'below-minimum', groupId: sauce.id, minimum: 1 }]);
    const first = toggleOption(sauce, [], classic!.id);
    const replaced = toggleOption(sauce, first, spicy!.id);
    expect(replaced).toEqual([spicy!.id]);
    expect(isSelectionComplete([sauce], new Map([[sauce.id, replaced]]))).toBe(true);
    expect(selectionProblems([sauce], new Map([[sauce.id, [classic!.id, spicy!.id]]]))).toEqual([
      { kind: 'above-maximum', groupId: sauce.id, maximum: 1 },
    ]);
  });

  it('prices a cart over the sample: (base + sauce) x quantity, summed in bani', async () => {
    const menu = await sampleMenu();
    const ribs = menu.items.find((i) => i.name === 'BBQ Ribs')!;
    const honey = ribs.modifierGroups[0]!.options.find((o) => o.name === 'Honey BBQ')!;
    const fries = menu.items.find((i) => i.name === 'French Fries')!;
    const ribsLine = {
      unitPriceBani: ribs.priceBani,
      quantity: 2,
      selectedModifiers: [
        { modifierId: honey.id, modifierGroupId: ribs.modifierGroups[0]!.id, name: honey.name, sku: honey.sku, priceBani: honey.priceBani },
      ],
    };
    const friesLine = { unitPriceBani: fries.priceBani, quantity: 3, selectedModifiers: [] };
    expect(cartLineTotalBani(ribsLine)).toBe((2499 + 50) * 2);
    expect(cartTotalBani([ribsLine, friesLine])).toBe(5098 + 1197);
  });
});

describe('embedded Cms and the menu editor (issue 18)', () => {
  async function sampleStore() {
    const dir = makeTempDir();
    dirs.push(dir);
    const store = await openSqliteStore(dir);
    stores.push(store);
    await seedIfEmpty(store.db, clock, SAMPLE_MENU_EN);
    return store;
  }
  const load = async (store: Store) =>
    menuSchema.parse({ ...(await createEmbeddedCms(store.db).loadMenu()), version: 'fixture', generatedAt: clock.now().toISOString() });

  it('fills allergens, may contain, tags, windows and photo from the store, and option allergens', async () => {
    const store = await sampleStore();
    const [item] = await store.db.selectFrom('menu_items').select('id').orderBy('id').limit(1).execute();
    const photo = { id: 'ab'.repeat(16), widths: [320], width: 400, height: 300 };
    await store.db
      .updateTable('menu_items')
      .set({
        allergens: '["milk","gluten"]',
        may_contain: 'nuts',
        dietary_tags: '["vegetarian"]',
        availability: '[{"days":[6,7],"from":"12:00","to":"14:00"}]',
        photo: JSON.stringify(photo),
      })
      .where('id', '=', item!.id)
      .execute();
    await store.db.updateTable('modifier_options').set({ allergens: '["mustard"]' }).execute();
    const menu = await load(store);
    expect(menu.items.find((i) => i.id === item!.id)).toMatchObject({
      allergens: ['milk', 'gluten'],
      mayContain: 'nuts',
      dietaryTags: ['vegetarian'],
      availability: [{ days: [6, 7], from: '12:00', to: '14:00' }],
      photo,
    });
    const options = menu.items.flatMap((i) => i.modifierGroups.flatMap((g) => g.options));
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => o.allergens.join() === 'mustard')).toBe(true);
  });

  it('leaves out hidden dishes and hidden categories with all their dishes', async () => {
    const store = await sampleStore();
    const before = await load(store);
    const [hiddenDish] = before.items;
    const hiddenCategory = before.categories.find((c) => c.id !== hiddenDish!.categoryId)!;
    await store.db.updateTable('menu_items').set({ is_hidden: 1 }).where('id', '=', hiddenDish!.id).execute();
    await store.db.updateTable('menu_categories').set({ is_hidden: 1 }).where('id', '=', hiddenCategory.id).execute();
    const after = await load(store);
    expect(after.items.some((i) => i.id === hiddenDish!.id)).toBe(false);
    expect(after.categories.some((c) => c.id === hiddenCategory.id)).toBe(false);
    expect(after.items.some((i) => i.categoryId === hiddenCategory.id)).toBe(false);
    expect(after.items.length).toBe(before.items.filter((i) => i.id !== hiddenDish!.id && i.categoryId !== hiddenCategory.id).length);
  });
});
