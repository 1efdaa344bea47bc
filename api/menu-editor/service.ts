/**
 * The manager's menu editor on the embedded store (issue 18): reads the catalogue as the editor
 * shows it and applies each edit in the caller's transaction, with its change-log row.
 *
 * Every edit of an existing row names the revision it was made from; the UPDATE only applies to
 * that revision, so an edit made from an older one (another tablet, or an offline edit arriving
 * late) is a 409 menu_conflict carrying the row as it is now, never a silent overwrite
 * (docs/decisions/0112-menu-rows-carry-a-revision.md). Deleting keeps the row with is_active = 0
 * (docs/decisions/0113-deleted-menu-rows-stay-for-history.md).
 *
 * The HTTP layer (api/routes/admin-catalogue.ts) validates the input with the shared zod schemas,
 * runs these in one transaction per request (with the Idempotency-Key) and, after commit,
 * invalidates the menu cache and publishes 'menu-changed'.
 */
import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { AllergenCode, AvailabilityWindow, DietaryTag, MenuUnit } from '../../src/shared/schemas/menu';
import type {
  BulkPrice,
  CategoryInput,
  CategoryPatch,
  ChangeLogEntry,
  Dish,
  DishPatch,
  EditorCatalogue,
  EditorDish,
  EditorGroup,
  groupInputSchema,
} from '../../src/shared/schemas/menu-editor';
import { CATEGORY_NOT_EMPTY_CODE, changeLogEntrySchema, MENU_CONFLICT_CODE } from '../../src/shared/schemas/menu-editor';
import type { z } from 'zod/mini';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import type { Database } from '../store/schema';
import { bulkPriceChanges } from './bulk-price';
import type { BulkPriceChange } from './bulk-price';
import type { FieldChange } from './change-log';
import { availabilityText, fieldChanges, leiText, listText, yesNo } from './change-log';
import { allergensOf, availabilityOf, canonicalAllergens, canonicalTags, dietaryTagsOf, photoOf, unitOf } from './rows';

type Db = Kysely<Database>;
type EditorCategory = EditorCatalogue['categories'][number];
type GroupInput = z.output<typeof groupInputSchema>;

/** Who made an edit: the change log keeps the manager's e-mail (the account may go later). */
export interface MenuActor {
  userId: number;
  email: string;
}

export interface EditContext {
  db: Db;
  actor: MenuActor;
  now: Date;
}

const NAME_MAX = 120;
const SHORT_LABEL_MAX = 40;
const COPY_SUFFIX = ' (copy)';
const NEW_CATEGORY_ICON = '🍽️';
const CHANGE_LOG_PAGE_SIZE = 50;

function invalid(path: string, message: string): never {
  throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_input', 'The request is not valid.', [{ path, message }]);
}

function notFound(entity: 'category' | 'dish' | 'group'): never {
  const label = { category: 'Category', dish: 'Dish', group: 'Option group' }[entity];
  throw apiError(HTTP_STATUS.NOT_FOUND, `${entity}_not_found`, `${label} not found. It may have been deleted.`);
}

function conflict(entity: 'category' | 'dish' | 'group', current: EditorCategory | EditorDish | EditorGroup): never {
  throw apiError(
    HTTP_STATUS.CONFLICT,
    MENU_CONFLICT_CODE,
    'Someone else changed this after you opened it. Compare both versions and choose which to keep.',
    { entity, current },
  );
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function readCatalogue(db: Db): Promise<Omit<EditorCatalogue, 'source' | 'menuVersion'>> {
  const [categoryRows, dishRows, groupRows, optionRows, linkRows] = await Promise.all([
    db.selectFrom('menu_categories').selectAll().where('is_active', '=', 1).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('menu_items').selectAll().where('is_active', '=', 1).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('modifier_groups').selectAll().where('is_active', '=', 1).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('modifier_options').selectAll().where('is_active', '=', 1).orderBy('sort_order').orderBy('id').execute(),
    db
      .selectFrom('menu_items_modifier_groups')
      .selectAll()
      .orderBy('sort_order')
      .orderBy('menu_items_id')
      .orderBy('modifier_groups_id')
      .execute(),
  ]);
  const categoryIds = new Set(categoryRows.map((row) => row.id));
  const groupIds = new Set(groupRows.map((row) => row.id));
  const dishes = dishRows.filter((row) => categoryIds.has(row.category_id));
  const dishIds = new Set(dishes.map((row) => row.id));
  const groupsOfDish = new Map<number, number[]>();
  const dishCountOfGroup = new Map<number, number>();
  for (const link of linkRows) {
    if (!dishIds.has(link.menu_items_id) || !groupIds.has(link.modifier_groups_id)) continue;
    groupsOfDish.set(link.menu_items_id, [...(groupsOfDish.get(link.menu_items_id) ?? []), link.modifier_groups_id]);
    dishCountOfGroup.set(link.modifier_groups_id, (dishCountOfGroup.get(link.modifier_groups_id) ?? 0) + 1);
  }
  return {
    categories: categoryRows.map((row) =>
      editorCategoryOf(
        row,
        dishes.filter((dish) => dish.category_id === row.id).map((dish) => dish.id),
      ),
    ),
    dishes: dishes.map((row) => editorDishOf(row, groupsOfDish.get(row.id) ?? [])),
    groups: groupRows.map((row) =>
      editorGroupOf(
        row,
        optionRows.filter((option) => option.modifier_group_id === row.id),
        dishCountOfGroup.get(row.id) ?? 0,
      ),
    ),
  };
}

type CategoryRow = NonNullable<Awaited<ReturnType<typeof categoryRowById>>>;
type DishRow = Awaited<ReturnType<typeof dishRowById>>;
type GroupRow = NonNullable<Awaited<ReturnType<typeof groupRowById>>>;
type OptionRow = Awaited<ReturnType<typeof optionRowsOf>>[number];

function editorCategoryOf(row: CategoryRow, dishIds: number[]): EditorCategory {
  return {
    id: row.id,
    name: row.name,
    shortLabel: row.short_label,
    description: row.description,
    nameEn: row.name_en,
    shortLabelEn: row.short_label_en,
    descriptionEn: row.description_en,
    hidden: row.is_hidden === 1,
    revision: row.revision,
    dishIds,
  };
}

function editorDishOf(row: NonNullable<DishRow>, groupIds: number[]): EditorDish {
  return {
    id: row.id,
    categoryId: row.category_id,
    name: row.name,
    description: row.description,
    nameEn: row.name_en,
    descriptionEn: row.description_en,
    unit: unitOf(row.unit),
    priceBani: row.price_bani,
    photo: photoOf(row.photo),
    image: row.image,
    soldOut: row.sold_out === 1,
    hidden: row.is_hidden === 1,
    allergens: allergensOf(row.allergens),
    mayContain: row.may_contain,
    dietaryTags: dietaryTagsOf(row.dietary_tags),
    availability: availabilityOf(row.availability),
    groupIds,
    revision: row.revision,
  };
}

function editorGroupOf(row: GroupRow, options: OptionRow[], dishCount: number): EditorGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    nameEn: row.name_en,
    descriptionEn: row.description_en,
    isRequired: row.is_required === 1,
    minSelections: row.min_selections,
    maxSelections: row.max_selections,
    options: options.map((option) => ({
      id: option.id,
      name: option.name,
      nameEn: option.name_en,
      priceBani: option.price_bani,
      isDefault: option.is_default === 1,
      soldOut: option.sold_out === 1,
      allergens: allergensOf(option.allergens),
    })),
    revision: row.revision,
    dishCount,
  };
}

function categoryRowById(db: Db, id: number) {
  return db.selectFrom('menu_categories').selectAll().where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();
}

function dishRowById(db: Db, id: number) {
  return db
    .selectFrom('menu_items')
    .innerJoin('menu_categories', 'menu_categories.id', 'menu_items.category_id')
    .selectAll('menu_items')
    .where('menu_items.id', '=', id)
    .where('menu_items.is_active', '=', 1)
    .where('menu_categories.is_active', '=', 1)
    .executeTakeFirst();
}

function groupRowById(db: Db, id: number) {
  return db.selectFrom('modifier_groups').selectAll().where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();
}

function optionRowsOf(db: Db, groupId: number) {
  return db
    .selectFrom('modifier_options')
    .selectAll()
    .where('modifier_group_id', '=', groupId)
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

async function activeGroupIdsOfDish(db: Db, dishId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('menu_items_modifier_groups')
    .innerJoin('modifier_groups', 'modifier_groups.id', 'menu_items_modifier_groups.modifier_groups_id')
    .select('modifier_groups.id')
    .where('menu_items_modifier_groups.menu_items_id', '=', dishId)
    .where('modifier_groups.is_active', '=', 1)
    .orderBy('menu_items_modifier_groups.sort_order')
    .orderBy('modifier_groups.id')
    .execute();
  return rows.map((row) => row.id);
}

async function categoryById(db: Db, id: number): Promise<EditorCategory | null> {
  const row = await categoryRowById(db, id);
  if (!row) return null;
  const dishes = await db
    .selectFrom('menu_items')
    .select('id')
    .where('category_id', '=', id)
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return editorCategoryOf(
    row,
    dishes.map((dish) => dish.id),
  );
}

export async function dishById(db: Db, id: number): Promise<EditorDish | null> {
  const row = await dishRowById(db, id);
  return row ? editorDishOf(row, await activeGroupIdsOfDish(db, id)) : null;
}

async function groupById(db: Db, id: number): Promise<EditorGroup | null> {
  const row = await groupRowById(db, id);
  if (!row) return null;
  const [options, links] = await Promise.all([
    optionRowsOf(db, id),
    db
      .selectFrom('menu_items_modifier_groups')
      .innerJoin('menu_items', 'menu_items.id', 'menu_items_modifier_groups.menu_items_id')
      .innerJoin('menu_categories', 'menu_categories.id', 'menu_items.category_id')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('menu_items_modifier_groups.modifier_groups_id', '=', id)
      .where('menu_items.is_active', '=', 1)
      .where('menu_categories.is_active', '=', 1)
      .executeTakeFirstOrThrow(),
  ]);
  return editorGroupOf(row, options, Number(links.count));
}

// ---------------------------------------------------------------------------------------------
// The change log

/** The text of each logged field of a category, a dish, a group (the log's before -> after). */
function categoryText(category: Omit<EditorCategory, 'id' | 'revision' | 'dishIds'>) {
  return {
    name: category.name,
    'short label': category.shortLabel,
    description: category.description,
    'English name': category.nameEn,
    'English short label': category.shortLabelEn,
    'English description': category.descriptionEn,
    hidden: yesNo(category.hidden),
  };
}

/** A blank English text is none: the storefront then shows the Romanian (issue 23). */
function englishOrNull(text: string | null): string | null {
  return text === null || text === '' ? null : text;
}

export async function dishText(db: Db, dish: Omit<EditorDish, 'id' | 'revision' | 'image'>): Promise<Record<string, string | null>> {
  const [category, groups] = await Promise.all([
    db.selectFrom('menu_categories').select('name').where('id', '=', dish.categoryId).executeTakeFirst(),
    dish.groupIds.length > 0 ? db.selectFrom('modifier_groups').select(['id', 'name']).where('id', 'in', dish.groupIds).execute() : [],
  ]);
  const groupNames = dish.groupIds.map((id) => groups.find((group) => group.id === id)?.name ?? `#${id}`);
  return {
    category: category?.name ?? `#${dish.categoryId}`,
    name: dish.name,
    description: dish.description,
    'English name': dish.nameEn,
    'English description': dish.descriptionEn,
    unit: dish.unit,
    price: leiText(dish.priceBani),
    photo: dish.photo?.id ?? null,
    'sold out': yesNo(dish.soldOut),
    hidden: yesNo(dish.hidden),
    allergens: listText(dish.allergens),
    'may contain': dish.mayContain,
    'dietary tags': listText(dish.dietaryTags),
    availability: availabilityText(dish.availability),
    'option groups': listText(groupNames),
  };
}

function groupText(
  group: Pick<
    EditorGroup,
    'name' | 'description' | 'nameEn' | 'descriptionEn' | 'isRequired' | 'minSelections' | 'maxSelections' | 'options'
  >,
) {
  return {
    name: group.name,
    description: group.description,
    'English name': group.nameEn,
    'English description': group.descriptionEn,
    required: yesNo(group.isRequired),
    minimum: String(group.minSelections),
    maximum: String(group.maxSelections),
    options: group.options
      .map(
        (option) =>
          `${option.name}${option.nameEn ? ` / ${option.nameEn}` : ''} ${option.priceBani === 0 ? 'free' : leiText(option.priceBani)}${option.isDefault ? ' (default)' : ''}${
            option.soldOut ? ' (sold out)' : ''
          }${option.allergens.length > 0 ? ` [${option.allergens.join(', ')}]` : ''}`,
      )
      .join('; '),
  };
}

export async function logChange(
  ctx: EditContext,
  entry: {
    entity: ChangeLogEntry['entity'];
    entityId: number | null;
    entityName: string;
    action: ChangeLogEntry['action'];
    changes: FieldChange[];
  },
): Promise<void> {
  await ctx.db
    .insertInto('menu_change_log')
    .values({
      at: ctx.now.toISOString(),
      actor_user_id: ctx.actor.userId,
      actor: ctx.actor.email,
      entity: entry.entity,
      entity_id: entry.entityId,
      entity_name: entry.entityName,
      action: entry.action,
      changes: JSON.stringify(entry.changes),
    })
    .execute();
}

/** A soft delete in the change log: every field the row had, going to nothing. */
function logDelete(
  ctx: EditContext,
  entity: ChangeLogEntry['entity'],
  row: { id: number; name: string },
  fields: Record<string, string | null>,
): Promise<void> {
  return logChange(ctx, { entity, entityId: row.id, entityName: row.name, action: 'delete', changes: fieldChanges(fields, null) });
}

export async function changeLogPage(db: Db, before: number | undefined): Promise<{ entries: ChangeLogEntry[]; nextBefore: number | null }> {
  let query = db
    .selectFrom('menu_change_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(CHANGE_LOG_PAGE_SIZE + 1);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query.execute();
  const page = rows.slice(0, CHANGE_LOG_PAGE_SIZE);
  return {
    entries: page.map((row) =>
      changeLogEntrySchema.parse({
        id: row.id,
        at: row.at,
        actor: row.actor,
        entity: row.entity,
        entityId: row.entity_id,
        entityName: row.entity_name,
        action: row.action,
        changes: JSON.parse(row.changes) as unknown,
      }),
    ),
    nextBefore: rows.length > CHANGE_LOG_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Categories

function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'categorie';
}

async function uniqueSlug(db: Db, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (
      await db
        .selectFrom('menu_categories')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

async function nextSortOrder(db: Db, table: 'menu_categories' | 'modifier_groups'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('sort_order').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

async function nextDishSortOrder(db: Db, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('menu_items')
    .select((eb) => eb.fn.max<number | null>('sort_order').as('max'))
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function createCategory(ctx: EditContext, input: CategoryInput): Promise<EditorCategory> {
  const shortLabel = (input.shortLabel ?? input.name).slice(0, SHORT_LABEL_MAX);
  const inserted = await ctx.db
    .insertInto('menu_categories')
    .values({
      slug: await uniqueSlug(ctx.db, input.name),
      name: input.name,
      short_label: shortLabel,
      description: input.description ?? null,
      name_en: englishOrNull(input.nameEn ?? null),
      short_label_en: englishOrNull(input.shortLabelEn ?? null),
      description_en: englishOrNull(input.descriptionEn ?? null),
      icon: NEW_CATEGORY_ICON,
      sort_order: await nextSortOrder(ctx.db, 'menu_categories'),
      is_active: 1,
      is_hidden: input.hidden ? 1 : 0,
      created_at: ctx.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category = (await categoryById(ctx.db, inserted.id))!;
  await logChange(ctx, {
    entity: 'category',
    entityId: category.id,
    entityName: category.name,
    action: 'create',
    changes: fieldChanges(null, categoryText(category)),
  });
  return category;
}

export async function patchCategory(ctx: EditContext, id: number, patch: CategoryPatch): Promise<EditorCategory> {
  const current = await categoryById(ctx.db, id);
  if (!current) notFound('category');
  if (current.revision !== patch.baseRevision) conflict('category', current);
  const next = {
    name: patch.name ?? current.name,
    shortLabel: patch.shortLabel ?? current.shortLabel,
    description: patch.description === undefined ? current.description : patch.description,
    nameEn: patch.nameEn === undefined ? current.nameEn : englishOrNull(patch.nameEn),
    shortLabelEn: patch.shortLabelEn === undefined ? current.shortLabelEn : englishOrNull(patch.shortLabelEn),
    descriptionEn: patch.descriptionEn === undefined ? current.descriptionEn : englishOrNull(patch.descriptionEn),
    hidden: patch.hidden ?? current.hidden,
  };
  const changes = fieldChanges(categoryText(current), categoryText(next));
  if (changes.length === 0) return current;
  const result = await ctx.db
    .updateTable('menu_categories')
    .set({
      name: next.name,
      short_label: next.shortLabel,
      description: next.description,
      name_en: next.nameEn,
      short_label_en: next.shortLabelEn,
      description_en: next.descriptionEn,
      is_hidden: next.hidden ? 1 : 0,
      revision: current.revision + 1,
    })
    .where('id', '=', id)
    .where('revision', '=', patch.baseRevision)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) conflict('category', (await categoryById(ctx.db, id)) ?? current);
  await logChange(ctx, { entity: 'category', entityId: id, entityName: next.name, action: 'update', changes });
  return (await categoryById(ctx.db, id))!;
}

export async function deleteCategory(ctx: EditContext, id: number, moveDishesTo: number | undefined): Promise<{ movedDishIds: number[] }> {
  const current = await categoryById(ctx.db, id);
  if (!current) notFound('category');
  if (current.dishIds.length > 0 && moveDishesTo === undefined) {
    throw apiError(
      HTTP_STATUS.CONFLICT,
      CATEGORY_NOT_EMPTY_CODE,
      `"${current.name}" still has ${current.dishIds.length} ${current.dishIds.length === 1 ? 'dish' : 'dishes'}. Move them to another category first, or delete them.`,
      { name: current.name, dishCount: current.dishIds.length },
    );
  }
  if (current.dishIds.length > 0 && moveDishesTo !== undefined) {
    if (moveDishesTo === id) invalid('moveDishesTo', 'Choose another category to move the dishes to.');
    const target = await categoryById(ctx.db, moveDishesTo);
    if (!target) invalid('moveDishesTo', 'That category does not exist.');
    let sortOrder = await nextDishSortOrder(ctx.db, target.id);
    for (const dishId of current.dishIds) {
      const dish = (await dishById(ctx.db, dishId))!;
      await ctx.db
        .updateTable('menu_items')
        .set({ category_id: target.id, sort_order: sortOrder, revision: dish.revision + 1, updated_at: ctx.now.toISOString() })
        .where('id', '=', dishId)
        .execute();
      sortOrder += 1;
      await logChange(ctx, {
        entity: 'dish',
        entityId: dishId,
        entityName: dish.name,
        action: 'update',
        changes: [{ field: 'category', before: current.name, after: target.name }],
      });
    }
  }
  await ctx.db
    .updateTable('menu_categories')
    .set({ is_active: 0, revision: current.revision + 1 })
    .where('id', '=', id)
    .execute();
  await logDelete(ctx, 'category', current, categoryText(current));
  return { movedDishIds: current.dishIds };
}

function sameMembers(given: readonly number[], expected: readonly number[]): boolean {
  return given.length === expected.length && new Set(given).size === given.length && expected.every((id) => given.includes(id));
}

/** Reorders are whole lists and bump no revision: order is not a field a conflict shows (decision 0112). */
export async function reorderCategories(ctx: EditContext, ids: readonly number[]): Promise<void> {
  const current = await ctx.db
    .selectFrom('menu_categories')
    .select(['id', 'name'])
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  if (
    !sameMembers(
      ids,
      current.map((row) => row.id),
    )
  )
    invalid('ids', 'Send every category exactly once (the list changed: reload it).');
  for (const [index, id] of ids.entries()) {
    await ctx.db
      .updateTable('menu_categories')
      .set({ sort_order: index + 1 })
      .where('id', '=', id)
      .execute();
  }
  const names = (list: readonly number[]) => list.map((id) => current.find((row) => row.id === id)?.name ?? '').join(', ');
  await logChange(ctx, {
    entity: 'menu',
    entityId: null,
    entityName: 'Categories',
    action: 'reorder',
    changes: fieldChanges({ order: names(current.map((row) => row.id)) }, { order: names(ids) }),
  });
}

export async function reorderDishes(ctx: EditContext, categoryId: number, ids: readonly number[]): Promise<void> {
  const category = await categoryById(ctx.db, categoryId);
  if (!category) notFound('category');
  if (!sameMembers(ids, category.dishIds)) invalid('ids', 'Send every dish of the category exactly once (the list changed: reload it).');
  for (const [index, id] of ids.entries()) {
    await ctx.db
      .updateTable('menu_items')
      .set({ sort_order: index + 1 })
      .where('id', '=', id)
      .execute();
  }
  const dishes = await ctx.db.selectFrom('menu_items').select(['id', 'name']).where('id', 'in', ids).execute();
  const names = (list: readonly number[]) => list.map((id) => dishes.find((row) => row.id === id)?.name ?? '').join(', ');
  await logChange(ctx, {
    entity: 'category',
    entityId: categoryId,
    entityName: category.name,
    action: 'reorder',
    changes: fieldChanges({ 'dish order': names(category.dishIds) }, { 'dish order': names(ids) }),
  });
}

// ---------------------------------------------------------------------------------------------
// Dishes

/** The references a dish names must exist: its category, its photo, its option groups. */
async function checkDishReferences(db: Db, dish: { categoryId?: number; photoId?: string | null; groupIds?: readonly number[] }) {
  if (dish.categoryId !== undefined && !(await categoryRowById(db, dish.categoryId)))
    invalid('categoryId', 'That category does not exist.');
  let photo = null;
  if (dish.photoId) {
    const row = await db.selectFrom('menu_photos').selectAll().where('id', '=', dish.photoId).executeTakeFirst();
    if (!row) invalid('photoId', 'That photo was not uploaded (upload it again).');
    photo = photoOf(JSON.stringify({ id: row.id, widths: JSON.parse(row.widths) as unknown, width: row.width, height: row.height }));
    if (!photo) invalid('photoId', 'That photo cannot be used (upload it again).');
  }
  if (dish.groupIds && dish.groupIds.length > 0) {
    if (new Set(dish.groupIds).size !== dish.groupIds.length) invalid('groupIds', 'An option group is listed twice.');
    const found = await db
      .selectFrom('modifier_groups')
      .select('id')
      .where('id', 'in', [...dish.groupIds])
      .where('is_active', '=', 1)
      .execute();
    if (found.length !== dish.groupIds.length) invalid('groupIds', 'One of the option groups does not exist.');
  }
  return { photo };
}

async function setDishGroups(db: Db, dishId: number, groupIds: readonly number[]): Promise<void> {
  await db.deleteFrom('menu_items_modifier_groups').where('menu_items_id', '=', dishId).execute();
  if (groupIds.length === 0) return;
  await db
    .insertInto('menu_items_modifier_groups')
    .values(groupIds.map((groupId, index) => ({ menu_items_id: dishId, modifier_groups_id: groupId, sort_order: index + 1 })))
    .execute();
}

interface DishValues {
  categoryId: number;
  name: string;
  description: string | null;
  nameEn: string | null;
  descriptionEn: string | null;
  unit: MenuUnit;
  priceBani: number;
  photo: EditorDish['photo'];
  image?: string | null;
  soldOut: boolean;
  hidden: boolean;
  allergens: AllergenCode[];
  mayContain: string | null;
  dietaryTags: DietaryTag[];
  availability: AvailabilityWindow[];
  groupIds: number[];
}

/** Inserts a dish at the end of its category; SKU-<id> like the seed (order lines keep the SKU). */
export async function insertDish(ctx: EditContext, values: DishValues): Promise<number> {
  const at = ctx.now.toISOString();
  const inserted = await ctx.db
    .insertInto('menu_items')
    .values({
      category_id: values.categoryId,
      name: values.name,
      sku: `pending-${randomUUID()}`,
      description: values.description,
      name_en: englishOrNull(values.nameEn),
      description_en: englishOrNull(values.descriptionEn),
      unit: values.unit,
      price_bani: values.priceBani,
      image: values.image ?? null,
      is_active: 1,
      is_featured: 0,
      is_standalone: 1,
      sold_out: values.soldOut ? 1 : 0,
      sort_order: await nextDishSortOrder(ctx.db, values.categoryId),
      created_at: at,
      updated_at: at,
      is_hidden: values.hidden ? 1 : 0,
      allergens: JSON.stringify(canonicalAllergens(values.allergens)),
      may_contain: values.mayContain,
      dietary_tags: JSON.stringify(canonicalTags(values.dietaryTags)),
      availability: JSON.stringify(values.availability),
      photo: values.photo ? JSON.stringify(values.photo) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('menu_items')
    .set({ sku: `SKU-${inserted.id}` })
    .where('id', '=', inserted.id)
    .execute();
  await setDishGroups(ctx.db, inserted.id, values.groupIds);
  return inserted.id;
}

export async function createDish(ctx: EditContext, input: Dish): Promise<EditorDish> {
  const { photo } = await checkDishReferences(ctx.db, input);
  const id = await insertDish(ctx, { ...input, photo });
  const dish = (await dishById(ctx.db, id))!;
  await logChange(ctx, {
    entity: 'dish',
    entityId: id,
    entityName: dish.name,
    action: 'create',
    changes: fieldChanges(null, await dishText(ctx.db, dish)),
  });
  return dish;
}

/**
 * Applies a dish's changed fields, bumping its revision. `baseRevision` null: no check (the CSV
 * import and bulk prices, which name no revision and apply to what is there).
 */
export async function updateDish(
  ctx: EditContext,
  current: EditorDish,
  next: Omit<DishValues, 'image'>,
  options: { baseRevision: number | null; action: ChangeLogEntry['action'] },
): Promise<EditorDish> {
  const changes = fieldChanges(await dishText(ctx.db, current), await dishText(ctx.db, next));
  if (changes.length === 0) return current;
  const movesCategory = next.categoryId !== current.categoryId;
  let update = ctx.db
    .updateTable('menu_items')
    .set({
      category_id: next.categoryId,
      ...(movesCategory ? { sort_order: await nextDishSortOrder(ctx.db, next.categoryId) } : {}),
      name: next.name,
      description: next.description,
      name_en: next.nameEn,
      description_en: next.descriptionEn,
      unit: next.unit,
      price_bani: next.priceBani,
      photo: next.photo ? JSON.stringify(next.photo) : null,
      sold_out: next.soldOut ? 1 : 0,
      is_hidden: next.hidden ? 1 : 0,
      allergens: JSON.stringify(canonicalAllergens(next.allergens)),
      may_contain: next.mayContain,
      dietary_tags: JSON.stringify(canonicalTags(next.dietaryTags)),
      availability: JSON.stringify(next.availability),
      revision: current.revision + 1,
      updated_at: ctx.now.toISOString(),
    })
    .where('id', '=', current.id);
  if (options.baseRevision !== null) update = update.where('revision', '=', options.baseRevision);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) conflict('dish', (await dishById(ctx.db, current.id)) ?? current);
  if (next.groupIds.join() !== current.groupIds.join()) await setDishGroups(ctx.db, current.id, next.groupIds);
  await logChange(ctx, { entity: 'dish', entityId: current.id, entityName: next.name, action: options.action, changes });
  return (await dishById(ctx.db, current.id))!;
}

export async function patchDish(ctx: EditContext, id: number, patch: DishPatch): Promise<EditorDish> {
  const current = await dishById(ctx.db, id);
  if (!current) notFound('dish');
  if (current.revision !== patch.baseRevision) conflict('dish', current);
  const { photo } = await checkDishReferences(ctx.db, patch);
  return updateDish(
    ctx,
    current,
    {
      categoryId: patch.categoryId ?? current.categoryId,
      name: patch.name ?? current.name,
      description: patch.description === undefined ? current.description : patch.description,
      nameEn: patch.nameEn === undefined ? current.nameEn : englishOrNull(patch.nameEn),
      descriptionEn: patch.descriptionEn === undefined ? current.descriptionEn : englishOrNull(patch.descriptionEn),
      unit: patch.unit ?? current.unit,
      priceBani: patch.priceBani ?? current.priceBani,
      // Sending the photo the dish already has keeps it as stored (same id, same sizes).
      photo: patch.photoId === undefined ? current.photo : patch.photoId === current.photo?.id ? current.photo : photo,
      soldOut: patch.soldOut ?? current.soldOut,
      hidden: patch.hidden ?? current.hidden,
      allergens: patch.allergens ?? current.allergens,
      mayContain: patch.mayContain === undefined ? current.mayContain : patch.mayContain,
      dietaryTags: patch.dietaryTags ?? current.dietaryTags,
      availability: patch.availability ?? current.availability,
      groupIds: patch.groupIds ?? current.groupIds,
    },
    { baseRevision: patch.baseRevision, action: 'update' },
  );
}

/** A copy at the end of the same category, hidden until the manager has edited it. */
export async function duplicateDish(ctx: EditContext, id: number): Promise<EditorDish> {
  const source = await dishById(ctx.db, id);
  if (!source) notFound('dish');
  const name = `${source.name.slice(0, NAME_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
  const copyId = await insertDish(ctx, { ...source, name, hidden: true });
  const copy = (await dishById(ctx.db, copyId))!;
  await logChange(ctx, {
    entity: 'dish',
    entityId: copyId,
    entityName: copy.name,
    action: 'duplicate',
    changes: [{ field: 'copied from', before: null, after: source.name }, ...fieldChanges(null, await dishText(ctx.db, copy))],
  });
  return copy;
}

export async function deleteDish(ctx: EditContext, id: number): Promise<void> {
  const current = await dishById(ctx.db, id);
  if (!current) notFound('dish');
  await ctx.db
    .updateTable('menu_items')
    .set({ is_active: 0, revision: current.revision + 1, updated_at: ctx.now.toISOString() })
    .where('id', '=', id)
    .execute();
  await logDelete(ctx, 'dish', current, await dishText(ctx.db, current));
}

// ---------------------------------------------------------------------------------------------
// Option groups

function checkOptions(group: GroupInput): void {
  const defaults = group.options.filter((option) => option.isDefault).length;
  if (defaults > group.maxSelections)
    invalid('options', `At most ${group.maxSelections} options can be chosen, so at most that many can be defaults.`);
  const ids = group.options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
  if (new Set(ids).size !== ids.length) invalid('options', 'An option is listed twice.');
}

async function writeOptions(ctx: EditContext, groupId: number, options: GroupInput['options'], existing: OptionRow[]): Promise<void> {
  for (const option of options) {
    if (option.id !== undefined && !existing.some((row) => row.id === option.id))
      invalid('options', `Option ${option.id} is not one of this group's options.`);
  }
  const kept = new Set(options.flatMap((option) => (option.id === undefined ? [] : [option.id])));
  for (const row of existing) {
    // Removed options stay as rows (is_active = 0): past orders name them.
    if (!kept.has(row.id)) await ctx.db.updateTable('modifier_options').set({ is_active: 0 }).where('id', '=', row.id).execute();
  }
  for (const [index, option] of options.entries()) {
    const values = {
      name: option.name,
      name_en: englishOrNull(option.nameEn),
      price_bani: option.priceBani,
      is_default: option.isDefault ? (1 as const) : (0 as const),
      sold_out: option.soldOut ? (1 as const) : (0 as const),
      sort_order: index + 1,
      allergens: JSON.stringify(canonicalAllergens(option.allergens)),
    };
    if (option.id !== undefined) {
      await ctx.db.updateTable('modifier_options').set(values).where('id', '=', option.id).execute();
    } else {
      const inserted = await ctx.db
        .insertInto('modifier_options')
        .values({ ...values, modifier_group_id: groupId, sku: `pending-${randomUUID()}`, is_active: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('modifier_options')
        .set({ sku: `MOD-${inserted.id}` })
        .where('id', '=', inserted.id)
        .execute();
    }
  }
}

export async function createGroup(ctx: EditContext, input: GroupInput): Promise<EditorGroup> {
  checkOptions(input);
  if (input.options.some((option) => option.id !== undefined))
    invalid('options', 'A new group has no existing options: leave out their ids.');
  const inserted = await ctx.db
    .insertInto('modifier_groups')
    .values({
      name: input.name,
      description: input.description,
      name_en: englishOrNull(input.nameEn),
      description_en: englishOrNull(input.descriptionEn),
      is_required: input.isRequired ? 1 : 0,
      min_selections: input.minSelections,
      max_selections: input.maxSelections,
      sort_order: await nextSortOrder(ctx.db, 'modifier_groups'),
      is_active: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeOptions(ctx, inserted.id, input.options, []);
  const group = (await groupById(ctx.db, inserted.id))!;
  await logChange(ctx, {
    entity: 'group',
    entityId: group.id,
    entityName: group.name,
    action: 'create',
    changes: fieldChanges(null, groupText(group)),
  });
  return group;
}

export async function putGroup(ctx: EditContext, id: number, baseRevision: number, input: GroupInput): Promise<EditorGroup> {
  const current = await groupById(ctx.db, id);
  if (!current) notFound('group');
  if (current.revision !== baseRevision) conflict('group', current);
  checkOptions(input);
  const result = await ctx.db
    .updateTable('modifier_groups')
    .set({
      name: input.name,
      description: input.description,
      name_en: englishOrNull(input.nameEn),
      description_en: englishOrNull(input.descriptionEn),
      is_required: input.isRequired ? 1 : 0,
      min_selections: input.minSelections,
      max_selections: input.maxSelections,
      revision: current.revision + 1,
    })
    .where('id', '=', id)
    .where('revision', '=', baseRevision)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) conflict('group', (await groupById(ctx.db, id)) ?? current);
  await writeOptions(ctx, id, input.options, await optionRowsOf(ctx.db, id));
  const group = (await groupById(ctx.db, id))!;
  await logChange(ctx, {
    entity: 'group',
    entityId: id,
    entityName: group.name,
    action: 'update',
    changes: fieldChanges(groupText(current), groupText(group)),
  });
  return group;
}

export async function deleteGroup(ctx: EditContext, id: number): Promise<void> {
  const current = await groupById(ctx.db, id);
  if (!current) notFound('group');
  // Its dishes stop offering it (the storefront and the order route read active groups only).
  await ctx.db
    .updateTable('modifier_groups')
    .set({ is_active: 0, revision: current.revision + 1 })
    .where('id', '=', id)
    .execute();
  await logDelete(ctx, 'group', current, groupText(current));
}

// ---------------------------------------------------------------------------------------------
// Bulk prices

export async function previewBulkPrice(db: Db, input: BulkPrice): Promise<BulkPriceChange[]> {
  const category = await categoryById(db, input.categoryId);
  if (!category) invalid('categoryId', 'That category does not exist.');
  const dishes = await db
    .selectFrom('menu_items')
    .select(['id', 'name', 'price_bani'])
    .where('category_id', '=', input.categoryId)
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const result = bulkPriceChanges(
    dishes.map((row) => ({ id: row.id, name: row.name, priceBani: row.price_bani })),
    input,
  );
  if (!result.ok) {
    throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_input', result.message, [
      { path: result.field, message: result.message, ...(result.dish ? { dishId: result.dish.id } : {}) },
    ]);
  }
  return result.changes;
}

export async function applyBulkPrice(ctx: EditContext, input: BulkPrice): Promise<BulkPriceChange[]> {
  const changes = await previewBulkPrice(ctx.db, input);
  for (const change of changes) {
    const dish = (await dishById(ctx.db, change.dishId))!;
    await updateDish(ctx, dish, { ...dish, priceBani: change.afterBani }, { baseRevision: null, action: 'bulk-price' });
  }
  return changes;
}
