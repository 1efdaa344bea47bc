/**
 * The 14 allergens' names as EU Regulation 1169/2011 Annex II gives them, for the dish dialog's full
 * list. Apart from src/shared/dish-facts.ts (the card's short words) so the menu's first-paint JS
 * does not carry them (QUALITY P1): the dialog is a chunk of its own.
 */
import type { AllergenCode } from './schemas/menu';

export const ALLERGEN_FULL_LABELS: Record<AllergenCode, string> = {
  gluten: 'Cereals containing gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  peanuts: 'Peanuts',
  soybeans: 'Soybeans',
  milk: 'Milk',
  nuts: 'Nuts',
  celery: 'Celery',
  mustard: 'Mustard',
  sesame: 'Sesame seeds',
  sulphites: 'Sulphur dioxide and sulphites',
  lupin: 'Lupin',
  molluscs: 'Molluscs',
};
