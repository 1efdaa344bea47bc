import { z } from 'zod';

import { baniSchema } from './common';

/** Limits shared by the dialog, the cart and the order route. */
export const MAX_ITEM_QUANTITY = 99;
export const MAX_SPECIAL_INSTRUCTIONS_LENGTH = 500;
/** A step or smallest portion of a per-kg dish above 5 kg is a typo. */
export const MAX_WEIGHT_STEP_GRAMS = 5_000;

export const menuUnitSchema = z.enum(['Kg', 'Buc', 'Felie 50g', '200g']);
export type MenuUnit = z.infer<typeof menuUnitSchema>;

export const modifierOptionSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  sku: z.string().min(1),
  priceBani: baniSchema,
  isDefault: z.boolean(),
  soldOut: z.boolean(),
  sortOrder: z.number().int(),
});
export type ModifierOption = z.infer<typeof modifierOptionSchema>;

export const modifierGroupSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string().min(1),
    description: z.string().nullable(),
    isRequired: z.boolean(),
    minSelections: z.number().int().nonnegative(),
    maxSelections: z.number().int().positive(),
    /** True when more than one option may be chosen (max_selections above 1). */
    allowMultiple: z.boolean(),
    sortOrder: z.number().int(),
    options: z.array(modifierOptionSchema),
  })
  .refine((group) => group.minSelections <= group.maxSelections, {
    message: 'minSelections must not exceed maxSelections',
  });
export type ModifierGroup = z.infer<typeof modifierGroupSchema>;

export const menuItemSchema = z.object({
  id: z.number().int().positive(),
  categoryId: z.number().int().positive(),
  name: z.string().min(1),
  sku: z.string().min(1),
  description: z.string().nullable(),
  unit: menuUnitSchema,
  priceBani: baniSchema,
  image: z.string().nullable(),
  isFeatured: z.boolean(),
  isStandalone: z.boolean(),
  soldOut: z.boolean(),
  sortOrder: z.number().int(),
  modifierGroups: z.array(modifierGroupSchema),
  /**
   * Per-kg dishes (unit 'Kg') only: the portion steps the restaurant sells, in grams (issue 27).
   * Absent means the default, 250 g from 250 g (src/shared/domain/weight-pricing.ts).
   */
  weightStepGrams: z.number().int().min(1).max(MAX_WEIGHT_STEP_GRAMS).optional(),
  weightMinGrams: z.number().int().min(1).max(MAX_WEIGHT_STEP_GRAMS).optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuCategorySchema = z.object({
  id: z.number().int().positive(),
  /** Stable, URL-safe id used for section anchors and the home tabs ("produse-la-jar"). */
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  /** Short label for tabs ("La jar"). */
  shortLabel: z.string().min(1),
  description: z.string().nullable(),
  icon: z.string(),
  sortOrder: z.number().int(),
});
export type MenuCategory = z.infer<typeof menuCategorySchema>;

/** GET /api/menu: the whole active catalogue in one payload, versioned for offline snapshots. */
export const menuSchema = z.object({
  version: z.string().min(1),
  generatedAt: z.string(),
  categories: z.array(menuCategorySchema),
  items: z.array(menuItemSchema),
});
export type Menu = z.infer<typeof menuSchema>;
