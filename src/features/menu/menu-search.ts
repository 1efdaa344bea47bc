/**
 * The header's live search (issue 27): the dishes whose name (or whose category's name), Romanian or
 * English, holds the typed words, diacritics and case aside, in menu order, dishes matched by name first. Pure.
 */
import type { Menu, MenuCategory, MenuItem } from '../../shared/schemas/menu';
import { foldForSearch, nameMatchesSearch } from '../../shared/text-search';

export interface MenuSearchResult {
  item: MenuItem;
  category: MenuCategory | undefined;
}

/** No results for an empty term: the dialog then asks for one instead of listing the whole menu. */
export function searchMenu(menu: Menu | undefined, term: string): MenuSearchResult[] {
  if (!menu || foldForSearch(term.trim()) === '') return [];
  const categories = new Map(menu.categories.map((category) => [category.id, category]));
  const byName: MenuSearchResult[] = [];
  const byCategory: MenuSearchResult[] = [];
  for (const item of menu.items) {
    const category = categories.get(item.categoryId);
    if (nameMatchesSearch(item, term)) byName.push({ item, category });
    else if (category && nameMatchesSearch(category, term)) byCategory.push({ item, category });
  }
  return [...byName, ...byCategory];
}
