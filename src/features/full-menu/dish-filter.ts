/**
 * The full menu's "Hide dishes containing…" filter (issue 18): dishes listing any chosen allergen
 * are left out, and "Vegetarian" / "Vegan" keep only dishes tagged so (a vegan dish is vegetarian
 * too). "May contain" is free text and never hides a dish; an option's allergens do not either (the
 * guest may choose another option). Local to the page: a filter is a person's own, not a link to share.
 */
import type { AllergenCode, MenuItem } from '../../shared/schemas/menu';

export type DietChoice = 'vegetarian' | 'vegan';

export interface DishFilter {
  hiddenAllergens: ReadonlySet<AllergenCode>;
  diet: DietChoice | null;
}

export const NO_DISH_FILTER: DishFilter = { hiddenAllergens: new Set(), diet: null };

export function isDishFilterActive(filter: DishFilter): boolean {
  return filter.hiddenAllergens.size > 0 || filter.diet !== null;
}

export function passesDishFilter(item: Pick<MenuItem, 'allergens' | 'dietaryTags'>, filter: DishFilter): boolean {
  if (item.allergens.some((code) => filter.hiddenAllergens.has(code))) return false;
  if (filter.diet === 'vegan') return item.dietaryTags.includes('vegan');
  if (filter.diet === 'vegetarian') return item.dietaryTags.includes('vegetarian') || item.dietaryTags.includes('vegan');
  return true;
}

/** The filter with `code` switched on or off. */
export function toggleHiddenAllergen(filter: DishFilter, code: AllergenCode): DishFilter {
  const hiddenAllergens = new Set(filter.hiddenAllergens);
  if (hiddenAllergens.has(code)) hiddenAllergens.delete(code);
  else hiddenAllergens.add(code);
  return { ...filter, hiddenAllergens };
}
