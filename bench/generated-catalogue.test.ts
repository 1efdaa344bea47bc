import path from 'node:path';
import { rmSync } from 'node:fs';

import { afterAll, describe, expect, it } from 'vitest';

import { SQLITE_FILE_NAME } from '../api/store/store';
import { menuSchema } from '../src/shared/schemas/menu';
import { createTestApp, makeTempDir } from '../tests/setup/test-app';
import { GENERATED_DISHES, GENERATED_GROUPS, generateCatalogue } from './generated-catalogue';

const dataDir = makeTempDir('storefront-g4-fixture-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the generated catalogue of row G4', () => {
  it('makes a seeded store hold 500 dishes and 40 option groups, shared, with allergens, and the menu serves them', async () => {
    const seeding = await createTestApp({ dataDir });
    await seeding.close();
    const fixture = generateCatalogue(path.join(dataDir, SQLITE_FILE_NAME));
    expect(fixture.dishes).toBe(GENERATED_DISHES);
    expect(fixture.groups).toBe(GENERATED_GROUPS);
    expect(fixture.mostSharedGroupDishes).toBeGreaterThanOrEqual(10);

    const t = await createTestApp({ dataDir });
    try {
      const menu = menuSchema.parse(await (await t.request('/api/menu')).json());
      expect(menu.items).toHaveLength(GENERATED_DISHES);
      const groups = new Set(menu.items.flatMap((item) => item.modifierGroups.map((group) => group.id)));
      expect(groups.size).toBe(GENERATED_GROUPS);
      expect(menu.items.every((item) => item.allergens.length > 0)).toBe(true);
      expect(menu.items.some((item) => item.availability.length > 0)).toBe(true);
      const options = menu.items.flatMap((item) => item.modifierGroups.flatMap((group) => group.options));
      expect(options.some((option) => option.allergens.length > 0)).toBe(true);
      // Every dish has a name of its own in both languages (the bench finds them by name on an English page).
      const names = (pick: (item: (typeof menu.items)[number]) => string | undefined) =>
        new Set(menu.items.map(pick).filter((name) => name !== undefined)).size;
      expect(names((item) => item.name)).toBe(GENERATED_DISHES);
      expect(names((item) => item.nameEn)).toBe(GENERATED_DISHES);
    } finally {
      await t.close();
    }
  });
});
