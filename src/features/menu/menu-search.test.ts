import { describe, expect, it } from 'vitest';

import type { Menu } from '../../shared/schemas/menu';
import { menuItem } from '../../../tests/setup/menu-fixtures';
import { searchMenu } from './menu-search';

const menu: Menu = {
  version: 'v1',
  generatedAt: '2026-11-24T10:00:00.000Z',
  categories: [
    { id: 1, slug: 'la-jar', name: 'Produse la jar', shortLabel: 'La jar', description: null, icon: '🔥', sortOrder: 1 },
    { id: 2, slug: 'salate', name: 'Salate', nameEn: 'Salads', shortLabel: 'Salate', description: null, icon: '🥗', sortOrder: 2 },
  ],
  items: [
    menuItem({ id: 1, categoryId: 1, name: 'Ceafă de porc', nameEn: 'Grilled pork neck' }),
    menuItem({ id: 2, categoryId: 1, name: 'Mici' }),
    menuItem({ id: 3, categoryId: 2, name: 'Salată de roșii' }),
    menuItem({ id: 4, categoryId: 2, name: 'Roșii cu telemea' }),
  ],
};

const names = (term: string) => searchMenu(menu, term).map((result) => result.item.name);

describe('searchMenu', () => {
  it('finds dishes by name, whatever the case and diacritics', () => {
    expect(names('CEAFA')).toEqual(['Ceafă de porc']);
    expect(names('rosii')).toEqual(['Salată de roșii', 'Roșii cu telemea']);
  });

  it('finds a category’s dishes by its name, after the dishes named so', () => {
    expect(names('salat')).toEqual(['Salată de roșii', 'Roșii cu telemea']);
    expect(names('jar')).toEqual(['Ceafă de porc', 'Mici']);
    expect(searchMenu(menu, 'mici')[0]?.category?.slug).toBe('la-jar');
  });

  it('finds dishes and categories by their English names too (issue 23)', () => {
    expect(names('pork')).toEqual(['Ceafă de porc']);
    expect(names('salads')).toEqual(['Salată de roșii', 'Roșii cu telemea']);
  });

  it('has nothing for an empty term, an unmatched one or no menu yet', () => {
    expect(names('   ')).toEqual([]);
    expect(names('pizza')).toEqual([]);
    expect(searchMenu(undefined, 'mici')).toEqual([]);
  });
});
