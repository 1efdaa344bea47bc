/**
 * The CSV import (issue 18): the file is read whole, every row checked against the same schema as
 * the editor's dish form (dishInputSchema) and against the store (its id is a dish, its category
 * exists), and compared with the dish as it is. The preview lists what would be created, what
 * would change (field by field) and every row's problems; nothing is applied while any row has one
 * (docs/decisions/0114-menu-csv-format.md). Rows without an id create dishes; a dish missing from
 * the file is left alone (the import never deletes).
 */
import type { Kysely } from 'kysely';

import type { AllergenCode, DietaryTag } from '../../src/shared/schemas/menu';
import { allergenCodeSchema, dietaryTagSchema, menuUnitSchema } from '../../src/shared/schemas/menu';
import type { EditorDish, ImportPreview } from '../../src/shared/schemas/menu-editor';
import { dishInputSchema } from '../../src/shared/schemas/menu-editor';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import type { Database } from '../store/schema';
import { fieldChanges } from './change-log';
import type { CsvColumn, CsvRowError } from './csv';
import { baniOfLeiText, flagOfText, listOfText, parseMenuCsv } from './csv';
import { canonicalAllergens, canonicalTags } from './rows';
import type { EditContext } from './service';
import { dishText, insertDish, logChange, readCatalogue, updateDish, dishById } from './service';

const BANI_PER_LEU = 100;

/** The dish fields a CSV row sets; photo, availability and option groups stay as they are. */
interface RowValues {
  categoryId: number;
  name: string;
  description: string | null;
  nameEn: string | null;
  descriptionEn: string | null;
  unit: EditorDish['unit'];
  priceBani: number;
  soldOut: boolean;
  hidden: boolean;
  allergens: AllergenCode[];
  mayContain: string | null;
  dietaryTags: DietaryTag[];
}

interface ImportPlan {
  creates: { row: number; values: RowValues }[];
  updates: { row: number; current: EditorDish; values: RowValues }[];
}

/** dishInputSchema's field -> the CSV column its problems are reported under. */
const COLUMN_OF_FIELD: Record<string, CsvColumn> = {
  categoryId: 'category',
  name: 'name',
  description: 'description',
  nameEn: 'name_en',
  descriptionEn: 'description_en',
  unit: 'unit',
  priceBani: 'price_lei',
  soldOut: 'sold_out',
  hidden: 'hidden',
  allergens: 'allergens',
  mayContain: 'may_contain',
  dietaryTags: 'dietary_tags',
};

/** A row's cells as CSV text, for the preview's before -> after. */
function rowText(values: RowValues, categoryName: string): Record<string, string | null> {
  return {
    category: categoryName,
    name: values.name,
    description: values.description ?? '',
    unit: values.unit,
    price_lei: (values.priceBani / BANI_PER_LEU).toFixed(2),
    sold_out: values.soldOut ? 'yes' : 'no',
    hidden: values.hidden ? 'yes' : 'no',
    allergens: canonicalAllergens(values.allergens).join('|'),
    may_contain: values.mayContain ?? '',
    dietary_tags: canonicalTags(values.dietaryTags).join('|'),
    name_en: values.nameEn ?? '',
    description_en: values.descriptionEn ?? '',
  };
}

export async function previewImport(db: Kysely<Database>, text: string): Promise<{ preview: ImportPreview; plan: ImportPlan }> {
  const catalogue = await readCatalogue(db);
  const parsed = parseMenuCsv(text);
  const errors: CsvRowError[] = [...parsed.errors];
  const preview: ImportPreview = { created: [], updated: [], unchanged: 0, errors: [] };
  const plan: ImportPlan = { creates: [], updates: [] };
  const categoryByName = new Map(catalogue.categories.map((category) => [category.name.trim().toLowerCase(), category]));
  const categoryName = (id: number) => catalogue.categories.find((category) => category.id === id)?.name ?? '';
  const dishes = new Map(catalogue.dishes.map((dish) => [dish.id, dish]));
  const rowOfDish = new Map<number, number>();

  for (const { row, cells } of parsed.rows) {
    const rowErrors: CsvRowError[] = [];
    const fail = (field: CsvColumn | 'row', message: string) => rowErrors.push({ row, field, message });

    let current: EditorDish | undefined;
    if (cells.id !== '') {
      const id = /^\d{1,15}$/.test(cells.id) ? Number(cells.id) : NaN;
      current = dishes.get(id);
      if (!current) fail('id', `There is no dish with id ${cells.id} (leave the id empty to create a dish).`);
      else if (rowOfDish.has(id)) fail('id', `Dish ${id} is already on row ${rowOfDish.get(id)}.`);
      else rowOfDish.set(id, row);
    }
    const category = categoryByName.get(cells.category.toLowerCase());
    if (!category) fail('category', cells.category === '' ? 'Name the category.' : `There is no category named "${cells.category}".`);
    const priceBani = baniOfLeiText(cells.price_lei);
    if (priceBani === null) fail('price_lei', `"${cells.price_lei}" is not a price in lei (e.g. 24.50).`);
    const soldOut = flagOfText(cells.sold_out);
    if (soldOut === null) fail('sold_out', 'Use yes or no.');
    const hidden = flagOfText(cells.hidden);
    if (hidden === null) fail('hidden', 'Use yes or no.');
    const allergens = listOfText(cells.allergens);
    const unknownAllergens = allergens.filter((code) => !allergenCodeSchema.safeParse(code).success);
    if (unknownAllergens.length > 0)
      fail(
        'allergens',
        `Unknown allergen ${unknownAllergens.map((code) => `"${code}"`).join(', ')}: use ${allergenCodeSchema.options.join(', ')}.`,
      );
    const tags = listOfText(cells.dietary_tags);
    const unknownTags = tags.filter((tag) => !dietaryTagSchema.safeParse(tag).success);
    if (unknownTags.length > 0)
      fail('dietary_tags', `Unknown tag ${unknownTags.map((tag) => `"${tag}"`).join(', ')}: use ${dietaryTagSchema.options.join(', ')}.`);
    const unit = menuUnitSchema.options.find((option) => option.toLowerCase() === cells.unit.toLowerCase());
    if (!unit) fail('unit', `Use one of ${menuUnitSchema.options.join(', ')}.`);

    // A file without the English columns keeps the dish's English (a new dish has none).
    const english = (cell: string | undefined, kept: string | null | undefined) => (cell === undefined ? (kept ?? null) : cell || null);
    // The editor's own schema decides the rest (name length, price above 0, list sizes).
    const checked = dishInputSchema.safeParse({
      categoryId: category?.id ?? 1,
      name: cells.name,
      description: cells.description === '' ? null : cells.description,
      nameEn: english(cells.name_en, current?.nameEn),
      descriptionEn: english(cells.description_en, current?.descriptionEn),
      unit: unit ?? 'Buc',
      priceBani: priceBani ?? 1,
      soldOut: soldOut ?? false,
      hidden: hidden ?? false,
      allergens: unknownAllergens.length > 0 ? [] : [...new Set(allergens)],
      mayContain: cells.may_contain === '' ? null : cells.may_contain,
      dietaryTags: unknownTags.length > 0 ? [] : [...new Set(tags)],
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) fail(COLUMN_OF_FIELD[String(issue.path[0])] ?? 'row', issue.message);
    }
    if (rowErrors.length > 0 || !checked.success) {
      errors.push(...rowErrors);
      continue;
    }
    const values: RowValues = { ...checked.data };
    if (!current) {
      plan.creates.push({ row, values });
      preview.created.push({ row, name: values.name, category: categoryName(values.categoryId) });
      continue;
    }
    const currentValues: RowValues = { ...current };
    const changes = fieldChanges(
      rowText(currentValues, categoryName(current.categoryId)),
      rowText(values, categoryName(values.categoryId)),
    ).map((change) => ({ field: change.field, before: change.before ?? '', after: change.after ?? '' }));
    if (changes.length === 0) {
      preview.unchanged += 1;
      continue;
    }
    plan.updates.push({ row, current, values });
    preview.updated.push({ row, dishId: current.id, name: values.name, changes });
  }
  preview.errors = errors.sort((a, b) => a.row - b.row);
  return { preview, plan };
}

/** Applies the whole file, or nothing: 400 import_invalid with the preview while any row has an error. */
export async function applyImport(ctx: EditContext, text: string): Promise<ImportPreview> {
  const { preview, plan } = await previewImport(ctx.db, text);
  if (preview.errors.length > 0) {
    throw apiError(
      HTTP_STATUS.BAD_REQUEST,
      'import_invalid',
      `Nothing was imported: ${preview.errors.length} ${preview.errors.length === 1 ? 'problem' : 'problems'} in the file.`,
      // The count as a plain value too: the client words the message from it (errors.import_invalid).
      { ...preview, problemCount: preview.errors.length },
    );
  }
  for (const { current, values } of plan.updates) {
    const fresh = (await dishById(ctx.db, current.id)) ?? current;
    await updateDish(ctx, fresh, { ...fresh, ...values }, { baseRevision: null, action: 'import' });
  }
  for (const { values } of plan.creates) {
    const id = await insertDish(ctx, { ...values, photo: null, availability: [], groupIds: [] });
    const dish = (await dishById(ctx.db, id))!;
    await logChange(ctx, {
      entity: 'dish',
      entityId: id,
      entityName: dish.name,
      action: 'import',
      changes: fieldChanges(null, await dishText(ctx.db, dish)),
    });
  }
  return preview;
}
