import { describe, expect, it } from 'vitest';

import { categoryName, categoryShortLabel, dishName, menuDescription, menuName } from './menu-text';

const neck = {
  name: 'Ceafă de porc',
  nameEn: 'Grilled pork neck',
  description: 'Marinată 24 de ore.',
  descriptionEn: 'Marinated for 24 hours.',
};
const mici = { name: 'Mici', description: 'De casă.' };

describe('menu text in a language (issue 23)', () => {
  it('is English in English when an English text was written', () => {
    expect(dishName(neck, 'en')).toBe('Grilled pork neck');
    expect(menuDescription(neck, 'en')).toBe('Marinated for 24 hours.');
  });

  it('is Romanian in Romanian, whatever English exists', () => {
    expect(dishName(neck, 'ro')).toBe('Ceafă de porc');
    expect(menuDescription(neck, 'ro')).toBe('Marinată 24 de ore.');
  });

  it('falls back to the Romanian in English when no English was written (absent or empty)', () => {
    expect(dishName(mici, 'en')).toBe('Mici');
    expect(menuDescription(mici, 'en')).toBe('De casă.');
    expect(menuName({ name: 'Sos', nameEn: '' }, 'en')).toBe('Sos');
    expect(menuDescription({ description: null }, 'en')).toBeNull();
  });

  it('words a category and its tab label alike', () => {
    const grill = { name: 'Produse la jar', nameEn: 'Off the charcoal grill', shortLabel: 'La jar', shortLabelEn: 'Grill' };
    expect([categoryName(grill, 'en'), categoryShortLabel(grill, 'en')]).toEqual(['Off the charcoal grill', 'Grill']);
    expect([categoryName(grill, 'ro'), categoryShortLabel(grill, 'ro')]).toEqual(['Produse la jar', 'La jar']);
    expect(categoryShortLabel({ shortLabel: 'Salate' }, 'en')).toBe('Salate');
  });
});
