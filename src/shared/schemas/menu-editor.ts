/**
 * The manager's menu editor (issue 18): the one contract between the editor screens, the outbox and
 * /api/admin/catalogue. The storefront's own view of a dish (allergens, tags, availability, photo) is
 * in ./menu.ts; this file holds what only the editor sends and reads.
 */
import { z } from 'zod';

import { baniSchema, isoDateTimeSchema } from './common';
import { allergenCodeSchema, availabilityWindowsSchema, dietaryTagSchema, menuPhotoSchema, menuUnitSchema } from './menu';

const NAME_MAX = 120;
const DESCRIPTION_MAX = 1_000;
const MAY_CONTAIN_MAX = 300;
const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Every edit of an existing row names the revision it was made from; a stale one is a 409 menu_conflict. */
export const revisionSchema = z.number().int().positive();
export const MENU_CONFLICT_CODE = 'menu_conflict';
/** 409 category_not_empty: a category with dishes is deleted only with `moveDishesTo`. */
export const CATEGORY_NOT_EMPTY_CODE = 'category_not_empty';

const nameSchema = z.string().trim().min(1, 'Enter a name').max(NAME_MAX);
/** Lei typed by people become bani here and nowhere else; a dish is never free. */
const dishPriceSchema = baniSchema.min(1, 'The price must be above 0');

export const categoryInputSchema = z.object({
  name: nameSchema,
  /** Short label for the home tabs; defaults to the name. */
  shortLabel: z.string().trim().min(1).max(40).optional(),
  description: z.string().trim().max(DESCRIPTION_MAX).nullable().optional(),
  hidden: z.boolean().default(false),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categoryPatchSchema = z
  .object({
    name: nameSchema,
    shortLabel: z.string().trim().min(1).max(40),
    description: z.string().trim().max(DESCRIPTION_MAX).nullable(),
    hidden: z.boolean(),
  })
  .partial()
  .extend({ baseRevision: revisionSchema });
export type CategoryPatch = z.infer<typeof categoryPatchSchema>;

/** A dish's fields without defaults, so a patch can tell "not sent" from "reset". */
const dishFieldsSchema = z.object({
  categoryId: idSchema,
  name: nameSchema,
  description: z.string().trim().max(DESCRIPTION_MAX).nullable(),
  unit: menuUnitSchema,
  priceBani: dishPriceSchema,
  /** An uploaded photo's id (POST /api/admin/catalogue/photos), or null for the placeholder. */
  photoId: z
    .string()
    .regex(/^[a-f0-9]{16,64}$/)
    .nullable(),
  soldOut: z.boolean(),
  hidden: z.boolean(),
  allergens: z.array(allergenCodeSchema).max(14),
  mayContain: z.string().trim().max(MAY_CONTAIN_MAX).nullable(),
  dietaryTags: z.array(dietaryTagSchema).max(3),
  /** Empty: always available while the restaurant is open. */
  availability: availabilityWindowsSchema,
  /** The option groups offered with this dish, in order. */
  groupIds: z.array(idSchema).max(40),
});

export const dishInputSchema = dishFieldsSchema.extend({
  description: dishFieldsSchema.shape.description.default(null),
  unit: menuUnitSchema.default('Buc'),
  photoId: dishFieldsSchema.shape.photoId.default(null),
  soldOut: z.boolean().default(false),
  hidden: z.boolean().default(false),
  allergens: dishFieldsSchema.shape.allergens.default([]),
  mayContain: dishFieldsSchema.shape.mayContain.default(null),
  dietaryTags: dishFieldsSchema.shape.dietaryTags.default([]),
  availability: availabilityWindowsSchema.default([]),
  groupIds: dishFieldsSchema.shape.groupIds.default([]),
});
export type DishInput = z.input<typeof dishInputSchema>;
export type Dish = z.output<typeof dishInputSchema>;

export const dishPatchSchema = dishFieldsSchema.partial().extend({ baseRevision: revisionSchema });
export type DishPatch = z.infer<typeof dishPatchSchema>;

export const optionInputSchema = z.object({
  /** Absent for a new option; present to keep an existing one (its id stays on past orders' copies). */
  id: idSchema.optional(),
  name: nameSchema,
  priceBani: baniSchema,
  isDefault: z.boolean().default(false),
  soldOut: z.boolean().default(false),
  allergens: z.array(allergenCodeSchema).max(14).default([]),
});
export type OptionInput = z.input<typeof optionInputSchema>;

export const groupInputSchema = z
  .object({
    name: nameSchema,
    description: z.string().trim().max(DESCRIPTION_MAX).nullable().default(null),
    isRequired: z.boolean().default(false),
    minSelections: z.number().int().min(0).max(40),
    maxSelections: z.number().int().min(1).max(40),
    /** The whole list, in order: options left out are removed. */
    options: z.array(optionInputSchema).min(1, 'Add at least one option').max(60),
  })
  .refine((group) => group.minSelections <= group.maxSelections, {
    message: 'The minimum must not be above the maximum',
    path: ['minSelections'],
  })
  .refine((group) => !group.isRequired || group.minSelections >= 1, {
    message: 'A required group needs a minimum of at least 1',
    path: ['minSelections'],
  });
export type GroupInput = z.input<typeof groupInputSchema>;

export const groupPutSchema = z.object({ baseRevision: revisionSchema, group: groupInputSchema });

/** PUT …/categories/order and PUT …/categories/:id/dishes/order: the complete new order. */
export const reorderSchema = z.object({ ids: z.array(idSchema).min(1).max(2_000) });

export const categoryDeleteQuerySchema = z.object({ moveDishesTo: z.coerce.number().int().positive().optional() });

export const bulkPriceSchema = z.object({
  categoryId: idSchema,
  mode: z.enum(['percent', 'amount']),
  /** percent: -90…+500 (whole or one decimal); amount: bani, may be negative. */
  value: z.number().finite(),
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
export const importRowErrorSchema = z.object({ row: z.number().int().positive(), field: z.string(), message: z.string() });
export const importPreviewSchema = z.object({
  created: z.array(z.object({ row: z.number().int().positive(), name: z.string(), category: z.string() })),
  updated: z.array(
    z.object({
      row: z.number().int().positive(),
      dishId: idSchema,
      name: z.string(),
      changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
    }),
  ),
  unchanged: z.number().int().nonnegative(),
  errors: z.array(importRowErrorSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const changeLogEntrySchema = z.object({
  id: idSchema,
  at: isoDateTimeSchema,
  actor: z.string(),
  entity: z.enum(['category', 'dish', 'group', 'photo', 'menu']),
  entityId: z.number().int().nullable(),
  entityName: z.string(),
  action: z.enum(['create', 'update', 'delete', 'duplicate', 'reorder', 'bulk-price', 'import']),
  changes: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
});
export type ChangeLogEntry = z.infer<typeof changeLogEntrySchema>;
export const changeLogPageSchema = z.object({ entries: z.array(changeLogEntrySchema), nextBefore: idSchema.nullable() });

/** GET /api/admin/catalogue: everything the editor shows, hidden rows included, deleted ones not. */
export const editorCategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  shortLabel: z.string(),
  description: z.string().nullable(),
  hidden: z.boolean(),
  revision: revisionSchema,
  dishIds: z.array(idSchema),
});
export const editorDishSchema = z.object({
  id: idSchema,
  categoryId: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  unit: menuUnitSchema,
  priceBani: baniSchema,
  photo: menuPhotoSchema.nullable(),
  /** The seed's or Directus's picture URL when there is no uploaded photo. */
  image: z.string().nullable(),
  soldOut: z.boolean(),
  hidden: z.boolean(),
  allergens: z.array(allergenCodeSchema),
  mayContain: z.string().nullable(),
  dietaryTags: z.array(dietaryTagSchema),
  availability: availabilityWindowsSchema,
  groupIds: z.array(idSchema),
  revision: revisionSchema,
});
export type EditorDish = z.infer<typeof editorDishSchema>;
export const editorGroupSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  isRequired: z.boolean(),
  minSelections: z.number().int(),
  maxSelections: z.number().int(),
  options: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      priceBani: baniSchema,
      isDefault: z.boolean(),
      soldOut: z.boolean(),
      allergens: z.array(allergenCodeSchema),
    }),
  ),
  revision: revisionSchema,
  /** How many dishes offer it (a group is shared, not copied). */
  dishCount: z.number().int().nonnegative(),
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
  rating: z.number().int().min(1).max(5).nullable(),
  orderId: idSchema.nullable(),
  orderNumber: z.string().nullable(),
  handledAt: isoDateTimeSchema.nullable(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;
export const inboxSchema = z.object({ entries: z.array(inboxEntrySchema), unhandled: z.number().int().nonnegative() });
export type Inbox = z.infer<typeof inboxSchema>;
export const inboxHandledSchema = z.object({ handled: z.boolean() });
export type InboxHandled = z.infer<typeof inboxHandledSchema>;
/** POST /api/admin/inbox/:kind/:id/handled answers the entry's new state. */
export const inboxHandledResultSchema = z.object({
  kind: inboxEntrySchema.shape.kind,
  id: idSchema,
  handledAt: isoDateTimeSchema.nullable(),
});
export type InboxHandledResult = z.infer<typeof inboxHandledResultSchema>;
