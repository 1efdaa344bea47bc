/**
 * The menu's words in a language (issue 23): a category, dish, option group or option may carry an
 * English text beside its Romanian one; English is shown when the language is English and one was
 * written, else the Romanian (docs/decisions/0163-menu-content-in-two-languages.md). Pure, so the
 * storefront, the offline copy and the server word a dish alike.
 */
import type { Locale } from '../i18n/locales';

interface Named {
  name: string;
  nameEn?: string | undefined;
}
interface Described {
  description: string | null;
  descriptionEn?: string | undefined;
}

function inLocale<T extends string | null>(romanian: T, english: string | undefined, locale: Locale): T | string {
  return locale === 'en' && english ? english : romanian;
}

/** The name of a dish, an option group or an option ("Ceafă de porc" / "Grilled pork neck"). */
export function menuName(row: Named, locale: Locale): string {
  return inLocale(row.name, row.nameEn, locale);
}

/** The description of a dish, a category or an option group; null when it has none in Romanian either. */
export function menuDescription(row: Described, locale: Locale): string | null {
  return inLocale(row.description, row.descriptionEn, locale);
}

export const dishName = menuName;
export const categoryName = menuName;

/** A category's short label for the tabs ("La jar" / "Grill"). */
export function categoryShortLabel(category: { shortLabel: string; shortLabelEn?: string | undefined }, locale: Locale): string {
  return inLocale(category.shortLabel, category.shortLabelEn, locale);
}
