/**
 * The editor's words for the contract's codes, as message ids: the 14 allergens of EU Regulation
 * 1169/2011 Annex II, the dietary tags, the units and the weekdays (1 = Monday … 7 = Sunday, as the
 * windows store them).
 */
import type { AllergenCode, DietaryTag, MenuUnit } from '../../shared/schemas/menu';
import type { EditorMessageId, Words } from './words';
import { ENGLISH_WORDS } from './words';

// The same names as the storefront's (src/shared/allergen-names.ts, src/shared/dish-facts.ts), so
// the editor and the dish dialog say the same.
export const ALLERGEN_LABELS: Record<AllergenCode, EditorMessageId> = {
  gluten: 'menu-editor.allergen.gluten',
  crustaceans: 'menu-editor.allergen.crustaceans',
  eggs: 'menu-editor.allergen.eggs',
  fish: 'menu-editor.allergen.fish',
  peanuts: 'menu-editor.allergen.peanuts',
  soybeans: 'menu-editor.allergen.soybeans',
  milk: 'menu-editor.allergen.milk',
  nuts: 'menu-editor.allergen.nuts',
  celery: 'menu-editor.allergen.celery',
  mustard: 'menu-editor.allergen.mustard',
  sesame: 'menu-editor.allergen.sesame',
  sulphites: 'menu-editor.allergen.sulphites',
  lupin: 'menu-editor.allergen.lupin',
  molluscs: 'menu-editor.allergen.molluscs',
};

export const DIETARY_TAG_LABELS: Record<DietaryTag, EditorMessageId> = {
  vegetarian: 'menu-editor.tag.vegetarian',
  vegan: 'menu-editor.tag.vegan',
  spicy: 'menu-editor.tag.spicy',
};

export const UNIT_LABELS: Record<MenuUnit, EditorMessageId> = {
  Buc: 'menu-editor.unit.Buc',
  Kg: 'menu-editor.unit.Kg',
  'Felie 50g': 'menu-editor.unit.slice',
  '200g': 'menu-editor.unit.200g',
};

const weekday = (day: 1 | 2 | 3 | 4 | 5 | 6 | 7) =>
  ({ day, short: `menu-editor.weekdayShort.${day}`, name: `menu-editor.weekday.${day}` }) as const satisfies {
    day: number;
    short: EditorMessageId;
    name: EditorMessageId;
  };

export const WEEKDAYS = [weekday(1), weekday(2), weekday(3), weekday(4), weekday(5), weekday(6), weekday(7)] as const;

/** "Mon–Fri 11:00–15:00" / "Sat, Sun 10:00–14:00": a window on one line, 24 h. */
export function describeWindow(window: { days: readonly number[]; from: string; to: string }, { t }: Words = ENGLISH_WORDS): string {
  const days = [...window.days].sort((a, b) => a - b);
  const consecutive = days.length > 2 && days.every((day, index) => index === 0 || day === days[index - 1]! + 1);
  const short = (day: number) => {
    const known = WEEKDAYS[day - 1];
    return known ? t(known.short) : String(day);
  };
  const dayText =
    days.length === 7
      ? t('menu-editor.availability.everyDay')
      : consecutive
        ? `${short(days[0]!)}–${short(days.at(-1)!)}`
        : days.map(short).join(', ');
  return t('menu-editor.availability.described', { days: dayText, from: window.from, to: window.to });
}
