import { z } from 'zod/mini';

import { baniSchema } from './common';

/** Limits shared by the dialog, the cart and the order route. */
export const MAX_ITEM_QUANTITY = 99;
export const MAX_SPECIAL_INSTRUCTIONS_LENGTH = 500;
/** A step or smallest portion of a per-kg dish above 5 kg is a typo. */
export const MAX_WEIGHT_STEP_GRAMS = 5_000;

export const menuUnitSchema = z.enum(['Kg', 'Buc', 'Felie 50g', '200g']);
export type MenuUnit = z.infer<typeof menuUnitSchema>;

/** The 14 allergens of EU Regulation 1169/2011 Annex II, by a stable code (labels live with the UI). */
export const ALLERGEN_CODES = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export const allergenCodeSchema = z.enum(ALLERGEN_CODES);
export type AllergenCode = z.infer<typeof allergenCodeSchema>;

export const DIETARY_TAGS = ['vegetarian', 'vegan', 'spicy'] as const;
export const dietaryTagSchema = z.enum(DIETARY_TAGS);
export type DietaryTag = z.infer<typeof dietaryTagSchema>;

const availabilityTimeSchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24 h)'));
/**
 * When a dish may be ordered, in the restaurant's time zone (Europe/Bucharest): on these weekdays
 * (1 = Monday … 7 = Sunday) from `from` until `to`. A dish with no windows is always available.
 */
export const availabilityWindowSchema = z
  .object({
    days: z.array(z.number().check(z.int(), z.gte(1), z.lte(7))).check(z.minLength(1, 'Choose at least one day'), z.maxLength(7)),
    from: availabilityTimeSchema,
    to: availabilityTimeSchema,
  })
  .check(z.refine((window) => window.from < window.to, { message: 'The end must be after the start', path: ['to'] }));
export type AvailabilityWindow = z.infer<typeof availabilityWindowSchema>;
export const availabilityWindowsSchema = z.array(availabilityWindowSchema).check(z.maxLength(14));

/** An uploaded dish photo: content-addressed, served as /media/menu/<id>-<width>.<webp|avif>. */
export const MENU_PHOTO_WIDTHS = [320, 640, 1280] as const;
export const menuPhotoSchema = z.object({
  id: z.string().check(z.regex(/^[a-f0-9]{16,64}$/)),
  /** The widths actually made (never wider than the original). */
  widths: z.array(z.number().check(z.int(), z.positive())).check(z.minLength(1)),
  /** Intrinsic aspect, so the card reserves its box before the picture arrives. */
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
});
export type MenuPhoto = z.infer<typeof menuPhotoSchema>;

/**
 * A text's English beside the Romanian (issue 23): absent when none was written, so the answer
 * carries only what exists and Romanian is shown instead (src/shared/domain/menu-text.ts). Both
 * languages travel in the one answer, so the device's copy switches language offline.
 */
const englishTextSchema = z.optional(z.string().check(z.minLength(1)));

export const modifierOptionSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.minLength(1)),
  nameEn: englishTextSchema,
  sku: z.string().check(z.minLength(1)),
  priceBani: baniSchema,
  isDefault: z.boolean(),
  soldOut: z.boolean(),
  sortOrder: z.number().check(z.int()),
  /** Issue 18: absent in snapshots stored before it, read as none. */
  allergens: z._default(z.array(allergenCodeSchema), []),
});
export type ModifierOption = z.infer<typeof modifierOptionSchema>;

export const modifierGroupSchema = z
  .object({
    id: z.number().check(z.int(), z.positive()),
    name: z.string().check(z.minLength(1)),
    nameEn: englishTextSchema,
    description: z.nullable(z.string()),
    descriptionEn: englishTextSchema,
    isRequired: z.boolean(),
    minSelections: z.number().check(z.int(), z.nonnegative()),
    maxSelections: z.number().check(z.int(), z.positive()),
    /** True when more than one option may be chosen (max_selections above 1). */
    allowMultiple: z.boolean(),
    sortOrder: z.number().check(z.int()),
    options: z.array(modifierOptionSchema),
  })
  .check(
    z.refine((group) => group.minSelections <= group.maxSelections, {
      message: 'minSelections must not exceed maxSelections',
    }),
  );
export type ModifierGroup = z.infer<typeof modifierGroupSchema>;

export const menuItemSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  categoryId: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.minLength(1)),
  nameEn: englishTextSchema,
  sku: z.string().check(z.minLength(1)),
  description: z.nullable(z.string()),
  descriptionEn: englishTextSchema,
  unit: menuUnitSchema,
  priceBani: baniSchema,
  image: z.nullable(z.string()),
  isFeatured: z.boolean(),
  isStandalone: z.boolean(),
  soldOut: z.boolean(),
  sortOrder: z.number().check(z.int()),
  modifierGroups: z.array(modifierGroupSchema),
  /**
   * Per-kg dishes (unit 'Kg') only: the portion steps the restaurant sells, in grams (issue 27).
   * Absent means the default, 250 g from 250 g (src/shared/domain/weight-pricing.ts).
   */
  weightStepGrams: z.optional(z.number().check(z.int(), z.gte(1), z.lte(MAX_WEIGHT_STEP_GRAMS))),
  weightMinGrams: z.optional(z.number().check(z.int(), z.gte(1), z.lte(MAX_WEIGHT_STEP_GRAMS))),
  /** Issue 18 (defaults keep menu snapshots stored before it readable). */
  allergens: z._default(z.array(allergenCodeSchema), []),
  mayContain: z._default(z.nullable(z.string()), null),
  dietaryTags: z._default(z.array(dietaryTagSchema), []),
  availability: z._default(availabilityWindowsSchema, []),
  /** An uploaded photo (srcset sizes); null means `image` (seed, Directus) or the placeholder. */
  photo: z._default(z.nullable(menuPhotoSchema), null),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuCategorySchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  /** Stable, URL-safe id used for section anchors and the home tabs ("produse-la-jar"). */
  slug: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  name: z.string().check(z.minLength(1)),
  nameEn: englishTextSchema,
  /** Short label for tabs ("La jar"). */
  shortLabel: z.string().check(z.minLength(1)),
  shortLabelEn: englishTextSchema,
  description: z.nullable(z.string()),
  descriptionEn: englishTextSchema,
  icon: z.string(),
  sortOrder: z.number().check(z.int()),
});
export type MenuCategory = z.infer<typeof menuCategorySchema>;

/** GET /api/menu: the whole active catalogue in one payload, versioned for offline snapshots. */
export const menuSchema = z.object({
  version: z.string().check(z.minLength(1)),
  generatedAt: z.string(),
  categories: z.array(menuCategorySchema),
  items: z.array(menuItemSchema),
});
export type Menu = z.infer<typeof menuSchema>;
