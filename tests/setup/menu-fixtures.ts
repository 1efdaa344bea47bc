/** A menu item and a one-category menu for tests of what the first paint draws (change what a test is about). */
import type { Menu, MenuCategory, MenuItem } from '../../src/shared/schemas/menu';

export const menuItem = (over: Partial<MenuItem> = {}): MenuItem => ({
  id: 1,
  categoryId: 1,
  name: 'Mici',
  sku: 'MICI',
  description: null,
  unit: 'Buc',
  priceBani: 650,
  image: null,
  isFeatured: false,
  isStandalone: true,
  soldOut: false,
  sortOrder: 1,
  modifierGroups: [],
  allergens: [],
  mayContain: null,
  dietaryTags: [],
  availability: [],
  photo: null,
  ...over,
});

export const LA_JAR: MenuCategory = {
  id: 1,
  slug: 'la-jar',
  name: 'Produse la jar',
  shortLabel: 'La jar',
  description: null,
  icon: '🔥',
  sortOrder: 1,
};

export const menuOf = (items: MenuItem[], version = 'v1'): Menu => ({
  version,
  generatedAt: '2026-11-24T10:00:00.000Z',
  categories: [LA_JAR],
  items,
});
