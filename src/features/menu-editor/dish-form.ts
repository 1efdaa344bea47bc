/**
 * The dish form (issue 18): what the dialog edits, read from the catalogue's dish and turned into
 * the contract's DishInput (create) or DishPatch (only the fields that changed, with the revision
 * the manager started from, so a stale edit is a 409 menu_conflict rather than an overwrite).
 * Validation is the contract's zod schema; its issues become messages beside the fields.
 */
import type { z } from 'zod/mini';

import type { Dish, DishPatch, EditorDish } from '../../shared/schemas/menu-editor';
import { dishInputSchema } from '../../shared/schemas/menu-editor';
import type { Locale } from '../../shared/i18n/locales';
import { DEFAULT_LOCALE } from '../../shared/i18n/locales';
import type { AllergenCode, DietaryTag, MenuPhoto, MenuUnit } from '../../shared/schemas/menu';
import { baniToLeiText, parseLeiToBani } from './price';

export interface WindowForm {
  days: number[];
  from: string;
  to: string;
}

export interface DishForm {
  name: string;
  categoryId: number;
  description: string;
  /** Issue 23: optional; blank means the storefront shows the Romanian in English too. */
  nameEn: string;
  descriptionEn: string;
  unit: MenuUnit;
  priceText: string;
  /** The photo shown in the form: the stored one, or the one just uploaded. */
  photo: MenuPhoto | null;
  soldOut: boolean;
  hidden: boolean;
  allergens: AllergenCode[];
  mayContain: string;
  dietaryTags: DietaryTag[];
  availability: WindowForm[];
  groupIds: number[];
}

/**
 * Field key ('name', 'price', 'availability.0.to', …) -> problem, in English as the contract's zod
 * messages are; the screen says it in its language (./problems.ts reads it back into its message).
 */
export type FieldErrors = Record<string, string>;

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export const PRICE_HINT = 'Enter a price in lei, e.g. 24.50';

export function emptyDishForm(categoryId: number): DishForm {
  return {
    name: '',
    categoryId,
    description: '',
    nameEn: '',
    descriptionEn: '',
    unit: 'Buc',
    priceText: '',
    photo: null,
    soldOut: false,
    hidden: false,
    allergens: [],
    mayContain: '',
    dietaryTags: [],
    availability: [],
    groupIds: [],
  };
}

/** The form of a stored dish; its price as the screen's language writes it (`locale`). */
export function dishToForm(dish: EditorDish, locale: Locale = DEFAULT_LOCALE): DishForm {
  return {
    name: dish.name,
    categoryId: dish.categoryId,
    description: dish.description ?? '',
    nameEn: dish.nameEn ?? '',
    descriptionEn: dish.descriptionEn ?? '',
    unit: dish.unit,
    priceText: baniToLeiText(dish.priceBani, locale),
    photo: dish.photo,
    soldOut: dish.soldOut,
    hidden: dish.hidden,
    allergens: [...dish.allergens],
    mayContain: dish.mayContain ?? '',
    dietaryTags: [...dish.dietaryTags],
    availability: dish.availability.map((window) => ({ days: [...window.days], from: window.from, to: window.to })),
    groupIds: [...dish.groupIds],
  };
}

/** A zod issue's path as the form's field key; prices are typed as 'price'. */
export function fieldKey(path: readonly PropertyKey[]): string {
  const key = path.map(String).join('.');
  return key.replace(/priceBani$/, 'price');
}

export function issuesToErrors(issues: readonly z.core.$ZodIssue[], into: FieldErrors = {}): FieldErrors {
  for (const issue of issues) {
    const key = fieldKey(issue.path);
    into[key] ??= issue.message;
  }
  return into;
}

export const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The form as a complete dish (for a create, and as the base of a patch). */
export function formToDish(form: DishForm): FormResult<Dish> {
  const errors: FieldErrors = {};
  const priceBani = parseLeiToBani(form.priceText);
  if (priceBani === null) errors.price = PRICE_HINT;
  const parsed = dishInputSchema.safeParse({
    categoryId: form.categoryId,
    name: form.name,
    description: blankToNull(form.description),
    nameEn: blankToNull(form.nameEn),
    descriptionEn: blankToNull(form.descriptionEn),
    unit: form.unit,
    priceBani: priceBani ?? 1,
    photoId: form.photo?.id ?? null,
    soldOut: form.soldOut,
    hidden: form.hidden,
    allergens: form.allergens,
    mayContain: blankToNull(form.mayContain),
    dietaryTags: form.dietaryTags,
    availability: form.availability,
    groupIds: form.groupIds,
  });
  if (!parsed.success) issuesToErrors(parsed.error.issues, errors);
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed against the stored dish, with the revision it was read at. */
export function dishPatch(dish: EditorDish, next: Dish): DishPatch {
  const before: Dish = {
    categoryId: dish.categoryId,
    name: dish.name,
    description: dish.description,
    nameEn: dish.nameEn,
    descriptionEn: dish.descriptionEn,
    unit: dish.unit,
    priceBani: dish.priceBani,
    photoId: dish.photo?.id ?? null,
    soldOut: dish.soldOut,
    hidden: dish.hidden,
    allergens: dish.allergens,
    mayContain: dish.mayContain,
    dietaryTags: dish.dietaryTags,
    availability: dish.availability,
    groupIds: dish.groupIds,
  };
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof Dish)[]) {
    if (!sameJson(before[key], next[key])) patch[key] = next[key];
  }
  return { ...(patch as Partial<Dish>), baseRevision: dish.revision };
}

export function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? (list.includes(value) ? [...list] : [...list, value]) : list.filter((entry) => entry !== value);
}
