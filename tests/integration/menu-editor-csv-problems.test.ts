/**
 * The CSV import's problem report (issue 18) arrives as the server's English text; the editor reads
 * each text back into its catalogue message (src/features/menu-editor/problems.ts) to say it in the
 * screen's language (issue 23). Every problem the server can report, made by real broken files, must
 * be one the editor knows: a new or reworded server message would otherwise reach a Romanian
 * manager in English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { catalogueClient } from '../../api/routes/admin-catalogue.test-helpers';
import { problemMessage } from '../../src/features/menu-editor/problems';
import type { ImportPreview } from '../../src/shared/schemas/menu-editor';
import { importPreviewSchema } from '../../src/shared/schemas/menu-editor';
import type { TestUser } from '../setup/auth';
import { everyWordOf } from '../fixtures/every-word';
import { createUserWithSession } from '../setup/auth';
import type { TestApp } from '../setup/test-app';
import { createTestApp } from '../setup/test-app';

let t: TestApp;
let admin: TestUser;

async function preview(csv: string): Promise<ImportPreview> {
  const response = await catalogueClient(t, admin).sendCsv('/import/preview', csv);
  return importPreviewSchema.parse(await response.json());
}

describe("the CSV import's problems, in the editor's words", () => {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUserWithSession(t, { role: 'admin', email: 'csv-words@example.ro' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are every one a message of the catalogue, with its values, in English as the server wrote it and in Romanian', async () => {
    const api = catalogueClient(t, admin);
    const exported = (await (await api.send('GET', '/export.csv')).text()).replace(/^\uFEFF/, '').split('\r\n');
    const header = exported[0]!;
    const catalogue = (await (await api.send('GET', '/')).json()) as { categories: { name: string }[]; dishes: { id: number }[] };
    const category = catalogue.categories[0]!.name;
    const id = catalogue.dishes[0]!.id;
    const row = (
      cells: Partial<Record<'id' | 'category' | 'name' | 'unit' | 'price' | 'soldOut' | 'hidden' | 'allergens' | 'tags', string>>,
    ) =>
      [
        cells.id ?? '',
        cells.category ?? category,
        cells.name ?? 'Fel nou',
        '',
        cells.unit ?? 'Buc',
        cells.price ?? '10',
        cells.soldOut ?? 'no',
        cells.hidden ?? 'no',
        cells.allergens ?? '',
        '',
        cells.tags ?? '',
        '',
        '',
      ].join(',');
    const brokenRows = [
      header,
      row({ id: '999999999' }),
      row({ id: String(id) }),
      row({ id: String(id) }),
      row({ category: '' }),
      row({ category: 'Nu există' }),
      row({ price: 'twelve' }),
      row({ price: '0' }),
      row({ soldOut: 'maybe', hidden: 'perhaps' }),
      row({ allergens: 'gluten|shellfish' }),
      row({ tags: 'keto' }),
      row({ unit: 'Litre' }),
      row({ name: '' }),
      row({ name: 'x'.repeat(200) }),
      'only,three,cells',
    ].join('\r\n');
    const files = [brokenRows, '', 'id,category,name\r\n1,Grill,Mici', header, `${header}\r\n"unclosed,quote`];
    const problems = (await Promise.all(files.map(preview))).flatMap((answer) => answer.errors.map((error) => error.message));

    const romanian = everyWordOf('ro');
    const english = everyWordOf('en');
    const worded = problems.map((text) => ({ text, ...problemMessage(text) }));
    expect(worded.filter((problem) => problem.id === 'menu-editor.problem.other').map((problem) => problem.text)).toEqual([]);
    for (const problem of worded) {
      expect(english._(problem.id, problem.values)).toBe(problem.text);
      expect(romanian._(problem.id, problem.values)).not.toBe(problem.text);
    }
    const ids = new Set(worded.map((problem) => problem.id));
    for (const known of [
      'menu-editor.problem.csvNoDish',
      'menu-editor.problem.csvDishTwice',
      'menu-editor.problem.csvNameCategory',
      'menu-editor.problem.csvNoCategory',
      'menu-editor.problem.csvPrice',
      'menu-editor.problem.priceAboveZero',
      'menu-editor.problem.csvYesNo',
      'menu-editor.problem.csvAllergen',
      'menu-editor.problem.csvTag',
      'menu-editor.problem.csvUnit',
      'menu-editor.problem.enterName',
      'menu-editor.problem.tooLongText',
      'menu-editor.problem.csvCells',
      'menu-editor.problem.csvEmpty',
      'menu-editor.problem.csvHeader',
      'menu-editor.problem.csvNoDishes',
      'menu-editor.problem.csvUnreadable',
    ])
      expect(ids).toContain(known);
    // A value read back from the text is said again in the other language.
    const unknownAllergen = worded.find((problem) => problem.id === 'menu-editor.problem.csvAllergen')!;
    expect(romanian._(unknownAllergen.id, unknownAllergen.values)).toMatch(/^Alergen necunoscut "shellfish": folosește gluten, /);
  });
});
