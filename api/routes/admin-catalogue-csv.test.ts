/**
 * The menu editor's CSV export and import (issue 18) in-process: an export opened and edited as a
 * spreadsheet would be comes back as a preview of what changes, errors name their row, and nothing
 * is applied while any row is wrong. Also: CMS=directus makes the editor read-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { menuSchema } from '../../src/shared/schemas/menu';
import type { ImportPreview } from '../../src/shared/schemas/menu-editor';
import { changeLogPageSchema, importPreviewSchema } from '../../src/shared/schemas/menu-editor';
import { MANAGED_IN_CMS_MESSAGE } from '../middleware/cms-managed';
import type { TestUser } from '../../tests/setup/auth';
import { createLegApp, storeLegs } from '../../tests/setup/store-legs';
import { createUserWithSession } from '../../tests/setup/auth';
import { storeSnapshot } from '../../tests/setup/store-snapshot';
import type { TestApp } from '../../tests/setup/test-app';
import { catalogueClient } from './admin-catalogue.test-helpers';

const LEGS = storeLegs('api/routes/admin-catalogue-csv.test.ts');

let t: TestApp;
let admin: TestUser;
let api: ReturnType<typeof catalogueClient>;

async function exported(): Promise<string[]> {
  const response = await api.send('GET', '/export.csv');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(response.headers.get('content-disposition')).toContain('menu.csv');
  const bytes = new Uint8Array(await response.arrayBuffer());
  // The UTF-8 byte-order mark, so Excel reads ă, î, ș, ț right.
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes).split('\r\n');
}

describe.each(LEGS)('the menu CSV on %s', (leg) => {
  beforeAll(async () => {
    t = await createLegApp(leg, 'menu_csv');
    admin = await createUserWithSession(t, { role: 'admin', email: 'csv-manager@example.ro' });
    api = catalogueClient(t, admin);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('CSV export', () => {
    it('has the header and one row per dish, hidden ones included', async () => {
      const lines = await exported();
      expect(lines[0]).toBe(
        'id,category,name,description,unit,price_lei,sold_out,hidden,allergens,may_contain,dietary_tags,name_en,description_en',
      );
      expect(lines.filter((line) => line !== '')).toHaveLength(1 + 51);
      const catalogue = await api.catalogue();
      const mici = catalogue.dishes.find((dish) => dish.name === 'Mici')!;
      expect(lines.find((line) => line.startsWith(`${mici.id},`))).toContain(`,Mici,`);
      expect(lines.find((line) => line.startsWith(`${mici.id},`))).toContain(`,Mici (grilled skinless sausages),`);
    });
  });

  describe('CSV import', () => {
    it('round trip: an edited export previews the changes and the new dish, then applies exactly them', async () => {
      const lines = await exported();
      const catalogue = await api.catalogue();
      const mici = catalogue.dishes.find((dish) => dish.name === 'Mici')!;
      const category = catalogue.categories.find((c) => c.id === mici.categoryId)!;
      const edited = lines.map((line) =>
        line.startsWith(`${mici.id},`)
          ? line.replace(`,${(mici.priceBani / 100).toFixed(2)},no,no,,,`, ',5.20,no,no,gluten|mustard,,spicy')
          : line,
      );
      expect(edited).not.toEqual(lines);
      edited.splice(edited.length - 1, 0, `,${category.name},Mici de oaie,,Buc,"6,50",no,yes,,urme de muștar,,Mutton mici,`);
      const text = `\uFEFF${edited.join('\r\n')}`;

      const previewResponse = await api.sendCsv('/import/preview', text);
      expect(previewResponse.status).toBe(200);
      const preview: ImportPreview = importPreviewSchema.parse(await previewResponse.json());
      expect(preview.errors).toEqual([]);
      expect(preview.created).toEqual([{ row: lines.length, name: 'Mici de oaie', category: category.name }]);
      expect(preview.updated).toEqual([
        {
          row: expect.any(Number) as number,
          dishId: mici.id,
          name: 'Mici',
          changes: [
            { field: 'price_lei', before: (mici.priceBani / 100).toFixed(2), after: '5.20' },
            { field: 'allergens', before: '', after: 'gluten|mustard' },
            { field: 'dietary_tags', before: '', after: 'spicy' },
          ],
        },
      ]);
      expect(preview.unchanged).toBe(50);
      // A preview changes nothing.
      expect((await api.catalogue()).dishes.find((dish) => dish.id === mici.id)!.priceBani).toBe(mici.priceBani);

      const menuBefore = menuSchema.parse(await (await t.request('/api/menu')).json());
      const applied = await api.sendCsv('/import', text);
      expect(applied.status).toBe(200);
      expect(await applied.json()).toEqual(preview);
      const after = await api.catalogue();
      expect(after.dishes.find((dish) => dish.id === mici.id)).toMatchObject({
        priceBani: 520,
        allergens: ['gluten', 'mustard'],
        dietaryTags: ['spicy'],
        revision: mici.revision + 1,
      });
      expect(after.dishes.find((dish) => dish.name === 'Mici de oaie')).toMatchObject({
        priceBani: 650,
        hidden: true,
        mayContain: 'urme de muștar',
        categoryId: category.id,
        nameEn: 'Mutton mici',
        descriptionEn: null,
      });
      const menuAfter = menuSchema.parse(await (await t.request('/api/menu')).json());
      expect(menuAfter.version).not.toBe(menuBefore.version);
      expect(menuAfter.items.find((item) => item.id === mici.id)!.priceBani).toBe(520);

      const log = changeLogPageSchema.parse(await (await api.send('GET', '/changes')).json());
      expect(log.entries.slice(0, 2).map((entry) => [entry.action, entry.entityName, entry.actor])).toEqual([
        ['import', 'Mici de oaie', 'csv-manager@example.ro'],
        ['import', 'Mici', 'csv-manager@example.ro'],
      ]);

      // The same file again: nothing left to change.
      const again = importPreviewSchema.parse(await (await api.sendCsv('/import/preview', (await exported()).join('\r\n'))).json());
      expect(again).toMatchObject({ created: [], updated: [], errors: [], unchanged: 52 });
    });

    it('a file with broken rows: every problem with its row number, and nothing applied', async () => {
      const [header] = await exported();
      const catalogue = await api.catalogue();
      const [a, b, c] = catalogue.dishes;
      const categoryName = catalogue.categories[0]!.name;
      const row = (id: number | '', name: string, price: string, allergens = '', category = categoryName) =>
        `${id},${category},${name},,Buc,${price},no,no,${allergens},,,,`;
      const broken = [
        header,
        row(a!.id, a!.name, '4.50'),
        row(b!.id, b!.name, '-3'),
        row(c!.id, c!.name, '4.50', 'gluten|shellfish'),
        row('', 'Fel nou', '10', '', 'Nu există'),
        row('', '', '10'),
      ].join('\r\n');
      const before = await storeSnapshot(t);

      const preview = importPreviewSchema.parse(await (await api.sendCsv('/import/preview', broken)).json());
      expect(preview.errors.map((error) => [error.row, error.field])).toEqual([
        [3, 'price_lei'],
        [4, 'allergens'],
        [5, 'category'],
        [6, 'name'],
      ]);
      expect(preview.errors[1]!.message).toContain('"shellfish"');

      const refused = await api.sendCsv('/import', broken);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: { code: string; message: string; details: ImportPreview } };
      expect(body.error.code).toBe('import_invalid');
      expect(body.error.message).toContain('4 problems');
      expect(body.error.details.errors).toEqual(preview.errors);
      expect(await storeSnapshot(t)).toEqual(before);
    });

    it('English columns change the English; a file without them (the format before issue 23) leaves it as it is', async () => {
      const catalogue = await api.catalogue();
      const neck = catalogue.dishes.find((dish) => dish.name === 'Ceafă de porc')!;
      const category = catalogue.categories.find((c) => c.id === neck.categoryId)!;
      const price = (neck.priceBani / 100).toFixed(2);
      const oldFormat = [
        'id,category,name,description,unit,price_lei,sold_out,hidden,allergens,may_contain,dietary_tags',
        `${neck.id},${category.name},${neck.name},"${neck.description ?? ''}",${neck.unit},${price},no,no,,,`,
      ].join('\r\n');
      const kept = importPreviewSchema.parse(await (await api.sendCsv('/import/preview', oldFormat)).json());
      expect(kept).toMatchObject({ errors: [], updated: [], unchanged: 1 });

      const withEnglish = `${oldFormat.split('\r\n')[0]},name_en,description_en\r\n${oldFormat.split('\r\n')[1]},Pork neck steak,`;
      const preview = importPreviewSchema.parse(await (await api.sendCsv('/import/preview', withEnglish)).json());
      expect(preview.updated[0]!.changes).toEqual([
        { field: 'name_en', before: 'Grilled pork neck', after: 'Pork neck steak' },
        { field: 'description_en', before: neck.descriptionEn, after: '' },
      ]);
      expect((await api.sendCsv('/import', withEnglish)).status).toBe(200);
      expect((await api.catalogue()).dishes.find((dish) => dish.id === neck.id)).toMatchObject({
        nameEn: 'Pork neck steak',
        descriptionEn: null,
      });
    });

    it('refuses a body that is not text/csv, not UTF-8, or over 2 MB', async () => {
      const json = await t.request('/api/admin/catalogue/import/preview', {
        method: 'POST',
        json: { csv: 'id' },
        headers: { cookie: admin.cookie },
      });
      expect(json.status).toBe(415);
      const latin1 = await t.request('/api/admin/catalogue/import/preview', {
        method: 'POST',
        body: new Uint8Array([0x69, 0x64, 0x0a, 0xe2, 0x28]),
        headers: { cookie: admin.cookie, 'content-type': 'text/csv' },
      });
      expect(latin1.status).toBe(400);
      const huge = await api.sendCsv('/import/preview', 'x'.repeat(2 * 1024 * 1024 + 1));
      expect(huge.status).toBe(413);
      expect(((await huge.json()) as { error: { code: string } }).error.code).toBe('too_large');
    });
  });

  describe('CMS=directus', () => {
    it("the editor reads the menu as Directus's and every write is refused with a pointer to Directus", async () => {
      const cmsSync = t.deps.cmsSync;
      // What bootstrap sets with CMS=directus; the routes read it per request.
      t.deps.cmsSync = async () => undefined;
      try {
        expect((await api.catalogue()).source).toBe('directus');
        for (const response of [
          await api.send('POST', '/categories', { name: 'Nouă' }),
          await api.send('PATCH', '/dishes/1', { baseRevision: 1, priceBani: 100 }),
          await api.sendCsv('/import', 'id'),
        ]) {
          expect(response.status).toBe(409);
          expect(await response.json()).toEqual({ error: { status: 409, code: 'managed_in_cms', message: MANAGED_IN_CMS_MESSAGE } });
        }
      } finally {
        t.deps.cmsSync = cmsSync;
      }
      expect((await api.catalogue()).source).toBe('embedded');
    });
  });
});
