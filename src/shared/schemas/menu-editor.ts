/**
 * The manager's menu editor (issue 18): the one contract between the editor screens, the outbox and
 * /api/admin/catalogue. The storefront's own view of a dish (allergens, tags, availability, photo) is
 * in ./menu.ts; this file holds what only the editor sends and reads.
 */
import { z } from 'zod/mini';

import { baniSchema, isoDateTimeSchema } from './common';
import { allergenCodeSchema, availabilityWindowsSchema, dietaryTagSchema, menuPhotoSchema, menuUnitSchema } from './menu';

const NAME_MAX = 120;
const SHORT_LABEL_MAX = 40;
const DESCRIPTION_MAX = 1_000;
const MAY_CONTAIN_MAX = 300;
const idSchema = z.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER));

/** Every edit of an existing row names the revision it was made from; a stale one is a 409 menu_conflict. */
export const revisionSchema = z.number().check(z.int(), z.positive());
export const MENU_CONFLICT_CODE = 'menu_conflict';
/** 409 category_not_empty: a category with dishes is deleted only with `moveDishesTo`. */
export const CATEGORY_NOT_EMPTY_CODE = 'category_not_empty';

const nameSchema = z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(NAME_MAX));
const descriptionSchema = z.nullable(z.string().check(z.trim(), z.maxLength(DESCRIPTION_MAX)));
/**
 * The English beside a Romanian text (issue 23): optional, within the Romanian field's limit; null
 * or blank clears it (the storefront then shows the Romanian), docs/decisions/0163.
 */
const englishNameSchema = z.nullable(z.string().check(z.trim(), z.maxLength(NAME_MAX)));
const englishShortLabelSchema = z.nullable(z.string().check(z.trim(), z.maxLength(SHORT_LABEL_MAX)));
const englishDescriptionSchema = descriptionSchema;
/** Lei typed by people become bani here and nowhere else; a dish is never free. */
const dishPriceSchema = baniSchema.check(z.gte(1, 'The price must be above 0'));

export const categoryInputSchema = z.object({
  name: nameSchema,
  /** Short label for the home tabs; defaults to the name. */
  shortLabel: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(SHORT_LABEL_MAX))),
  description: z.optional(descriptionSchema),
  hidden: z._default(z.boolean(), false),
  nameEn: z.optional(englishNameSchema),
  shortLabelEn: z.optional(englishShortLabelSchema),
  descriptionEn: z.optional(englishDescriptionSchema),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categoryPatchSchema = z.extend(
  z.partial(
    z.object({
      name: nameSchema,
      shortLabel: z.string().check(z.trim(), z.minLength(1), z.maxLength(SHORT_LABEL_MAX)),
      description: descriptionSchema,
      hidden: z.boolean(),
      nameEn: englishNameSchema,
      shortLabelEn: englishShortLabelSchema,
      descriptionEn: englishDescriptionSchema,
    }),
  ),
  { baseRevision: revisionSchema },
);
export type CategoryPatch = z.infer<typeof categoryPatchSchema>;

/** A dish's fields without defaults, so a patch can tell "not sent" from "reset". */
const dishFieldsSchema = z.object({
  categoryId: idSchema,
  name: nameSchema,
  description: descriptionSchema,
  nameEn: englishNameSchema,
  descriptionEn: englishDescriptionSchema,
  unit: menuUnitSchema,
  priceBani: dishPriceSchema,
  /** An uploaded photo's id (POST /api/admin/catalogue/photos), or null for the placeholder. */
  photoId: z.nullable(z.string().check(z.regex(/^[a-f0-9]{16,64}$/))),
  soldOut: z.boolean(),
  hidden: z.boolean(),
  allergens: z.array(allergenCodeSchema).check(z.maxLength(14)),
  mayContain: z.nullable(z.string().check(z.trim(), z.maxLength(MAY_CONTAIN_MAX))),
  dietaryTags: z.array(dietaryTagSchema).check(z.maxLength(3)),
  /** Empty: always available while the restaurant is open. */
  availability: availabilityWindowsSchema,
  /** The option groups offered with this dish, in order. */
  groupIds: z.array(idSchema).check(z.maxLength(40)),
});

export const dishInputSchema = z.extend(dishFieldsSchema, {
  description: z._default(dishFieldsSchema.shape.description, null),
  nameEn: z._default(englishNameSchema, null),
  descriptionEn: z._default(englishDescriptionSchema, null),
  unit: z._default(menuUnitSchema, 'Buc'),
  photoId: z._default(dishFieldsSchema.shape.photoId, null),
  soldOut: z._default(z.boolean(), false),
  hidden: z._default(z.boolean(), false),
  allergens: z._default(dishFieldsSchema.shape.allergens, []),
  mayContain: z._default(dishFieldsSchema.shape.mayContain, null),
  dietaryTags: z._default(dishFieldsSchema.shape.dietaryTags, []),
  availability: z._default(availabilityWindowsSchema, []),
  groupIds: z._default(dishFieldsSchema.shape.groupIds, []),
});
export type DishInput = z.input<typeof dishInputSchema>;
export type Dish = z.output<typeof dishInputSchema>;

export const dishPatchSchema = z.extend(z.partial(dishFieldsSchema), { baseRevision: revisionSchema });
export type DishPatch = z.infer<typeof dishPatchSchema>;

export const optionInputSchema = z.object({
  /** Absent for a new option; present to keep an existing one (its id stays on past orders' copies). */
  id: z.optional(idSchema),
  name: nameSchema,
  nameEn: z._default(englishNameSchema, null),
  priceBani: baniSchema,
  isDefault: z._default(z.boolean(), false),
  soldOut: z._default(z.boolean(), false),
  allergens: z._default(z.array(allergenCodeSchema).check(z.maxLength(14)), []),
});
export type OptionInput = z.input<typeof optionInputSchema>;

export const groupInputSchema = z
  .object({
    name: nameSchema,
    description: z._default(descriptionSchema, null),
    nameEn: z._default(englishNameSchema, null),
    descriptionEn: z._default(englishDescriptionSchema, null),
    isRequired: z._default(z.boolean(), false),
    minSelections: z.number().check(z.int(), z.gte(0), z.lte(40)),
    maxSelections: z.number().check(z.int(), z.gte(1), z.lte(40)),
    /** The whole list, in order: options left out are removed. */
    options: z.array(optionInputSchema).check(z.minLength(1, 'Add at least one option'), z.maxLength(60)),
  })
  .check(
    z.refine((group) => group.minSelections <= group.maxSelections, {
      message: 'The minimum must not be above the maximum',
      path: ['minSelections'],
    }),
    z.refine((group) => !group.isRequired || group.minSelections >= 1, {
      message: 'A required group needs a minimum of at least 1',
      path: ['minSelections'],
    }),
  );
export type GroupInput = z.input<typeof groupInputSchema>;

export const groupPutSchema = z.object({ baseRevision: revisionSchema, group: groupInputSchema });

/** PUT …/categories/order and PUT …/categories/:id/dishes/order: the complete new order. */
export const reorderSchema = z.object({ ids: z.array(idSchema).check(z.minLength(1), z.maxLength(2_000)) });

export const categoryDeleteQuerySchema = z.object({ moveDishesTo: z.optional(z.coerce.number().check(z.int(), z.positive())) });

export const bulkPriceSchema = z.object({
  categoryId: idSchema,
  mode: z.enum(['percent', 'amount']),
  /** percent: -90…+500 (whole or one decimal); amount: bani, may be negative. */
  value: z.number(),
});
export type BulkPrice = z.infer<typeof bulkPriceSchema>;

export const priceChangeSchema = z.object({
  dishId: idSchema,
  name: z.string(),
  beforeBani: baniSchema,
  afterBani: baniSchema,
});
export const bulkPricePreviewSchema = z.object({ changes: z.array(priceChangeSchema) });

/** A CSV import's preview: what would change, and every row's problems (nothing applies while any). */
export const importRowErrorSchema = z.object({ row: z.number().check(z.int(), z.positive()), field: z.string(), message: z.string() });
export const importPreviewSchema = z.object({
  created: z.array(z.object({ row: z.number().check(z.int(), z.positive()), name: z.string(), category: z.string() })),
  updated: z.array(
    z.object({
      row: z.number().check(z.int(), z.positive()),
      dishId: idSchema,
      name: z.string(),
      changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
    }),
  ),
  unchanged: z.number().check(z.int(), z.nonnegative()),
  errors: z.array(importRowErrorSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const changeLogEntrySchema = z.object({
  id: idSchema,
  at: isoDateTimeSchema,
  actor: z.string(),
  entity: z.enum(['category', 'dish', 'group', 'photo', 'menu']),
  entityId: z.nullable(z.number().check(z.int())),
  entityName: z.string(),
  action: z.enum(['create', 'update', 'delete', 'duplicate', 'reorder', 'bulk-price', 'import']),
  changes: z.array(z.object({ field: z.string(), before: z.nullable(z.string()), after: z.nullable(z.string()) })),
});
export type ChangeLogEntry = z.infer<typeof changeLogEntrySchema>;
export const changeLogPageSchema = z.object({ entries: z.array(changeLogEntrySchema), nextBefore: z.nullable(idSchema) });

/** GET /api/admin/catalogue: everything the editor shows, hidden rows included, deleted ones not. */
/** English texts (issue 23): null when none; the default reads an editor copy kept from before them. */
const editorEnglishSchema = z._default(z.nullable(z.string()), null);
export const editorCategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  shortLabel: z.string(),
  description: z.nullable(z.string()),
  nameEn: editorEnglishSchema,
  shortLabelEn: editorEnglishSchema,
  descriptionEn: editorEnglishSchema,
  hidden: z.boolean(),
  revision: revisionSchema,
  dishIds: z.array(idSchema),
});
export const editorDishSchema = z.object({
  id: idSchema,
  categoryId: idSchema,
  name: z.string(),
  description: z.nullable(z.string()),
  nameEn: editorEnglishSchema,
  descriptionEn: editorEnglishSchema,
  unit: menuUnitSchema,
  priceBani: baniSchema,
  photo: z.nullable(menuPhotoSchema),
  /** The seed's or Directus's picture URL when there is no uploaded photo. */
  image: z.nullable(z.string()),
  soldOut: z.boolean(),
  hidden: z.boolean(),
  allergens: z.array(allergenCodeSchema),
  mayContain: z.nullable(z.string()),
  dietaryTags: z.array(dietaryTagSchema),
  availability: availabilityWindowsSchema,
  groupIds: z.array(idSchema),
  revision: revisionSchema,
});
export type EditorDish = z.infer<typeof editorDishSchema>;
export const editorGroupSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.nullable(z.string()),
  nameEn: editorEnglishSchema,
  descriptionEn: editorEnglishSchema,
  isRequired: z.boolean(),
  minSelections: z.number().check(z.int()),
  maxSelections: z.number().check(z.int()),
  options: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      nameEn: editorEnglishSchema,
      priceBani: baniSchema,
      isDefault: z.boolean(),
      soldOut: z.boolean(),
      allergens: z.array(allergenCodeSchema),
    }),
  ),
  revision: revisionSchema,
  /** How many dishes offer it (a group is shared, not copied). */
  dishCount: z.number().check(z.int(), z.nonnegative()),
});
export type EditorGroup = z.infer<typeof editorGroupSchema>;
export const editorCatalogueSchema = z.object({
  /** 'directus': the menu is read-only here (edited in Directus); sold out still works. */
  source: z.enum(['embedded', 'directus']),
  menuVersion: z.string(),
  categories: z.array(editorCategorySchema),
  dishes: z.array(editorDishSchema),
  groups: z.array(editorGroupSchema),
});
export type EditorCatalogue = z.infer<typeof editorCatalogueSchema>;

/** 409 menu_conflict details: the row as the other edit left it, so the manager sees both versions. */
export const menuConflictDetailsSchema = z.object({
  entity: z.enum(['category', 'dish', 'group']),
  current: z.union([editorCategorySchema, editorDishSchema, editorGroupSchema]),
});

/** POST …/photos answers the stored photo; the upload limit is the same on both sides. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const photoUploadResultSchema = z.object({ photo: menuPhotoSchema });
export type PhotoUploadResult = z.infer<typeof photoUploadResultSchema>;

/** The inbox (issue 18): contact messages and order feedback, newest first. */
export const inboxEntrySchema = z.object({
  kind: z.enum(['contact', 'feedback']),
  id: idSchema,
  at: isoDateTimeSchema,
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Feedback only. */
  rating: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(5))),
  orderId: z.nullable(idSchema),
  orderNumber: z.nullable(z.string()),
  handledAt: z.nullable(isoDateTimeSchema),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;
export const inboxSchema = z.object({ entries: z.array(inboxEntrySchema), unhandled: z.number().check(z.int(), z.nonnegative()) });
export type Inbox = z.infer<typeof inboxSchema>;
export const inboxHandledSchema = z.object({ handled: z.boolean() });
export type InboxHandled = z.infer<typeof inboxHandledSchema>;
/** POST /api/admin/inbox/:kind/:id/handled answers the entry's new state. */
export const inboxHandledResultSchema = z.object({
  kind: inboxEntrySchema.shape.kind,
  id: idSchema,
  handledAt: z.nullable(isoDateTimeSchema),
});
export type InboxHandledResult = z.infer<typeof inboxHandledResultSchema>;
