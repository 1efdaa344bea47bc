import { describe, expect, it } from 'vitest';

import { loadLanguage } from '../../lib/i18n';
import { foldForSearch, matchesSearch, nameMatchesSearch } from './search';

const english = await loadLanguage('en');
const romanian = await loadLanguage('ro');
const productCount = (count: number) => english._('full-menu.count', { count });

describe('full-menu search', () => {
  it('matches a case-insensitive substring of the name', () => {
    expect(matchesSearch('Ceafă de porc', 'PORC')).toBe(true);
    expect(matchesSearch('Ceafă de porc', 'vită')).toBe(false);
    expect(matchesSearch('Mici', '  ')).toBe(true);
  });

  it('ignores Romanian diacritics on both sides (comma-below and cedilla forms)', () => {
    expect(matchesSearch('Ceafă de porc', 'ceafa')).toBe(true);
    expect(matchesSearch('Cârnați de Pleșcoi', 'carnati de plescoi')).toBe(true);
    expect(matchesSearch('Cârnați de Pleșcoi', 'PLEŞCOI')).toBe(true);
    expect(foldForSearch('Mămăligă')).toBe('mamaliga');
  });

  it('finds a dish by its Romanian or its English name, diacritics aside (issue 23)', () => {
    const neck = { name: 'Ceafă de porc', nameEn: 'Grilled pork neck' };
    expect(nameMatchesSearch(neck, 'ceafa')).toBe(true);
    expect(nameMatchesSearch(neck, 'CEAFĂ')).toBe(true);
    expect(nameMatchesSearch(neck, 'pork neck')).toBe(true);
    expect(nameMatchesSearch(neck, 'beef')).toBe(false);
    expect(nameMatchesSearch({ name: 'Papanași' }, 'papanasi')).toBe(true);
    expect(nameMatchesSearch({ name: 'Papanași' }, 'doughnut')).toBe(false);
  });

  it('says produs for one and produse otherwise', () => {
    expect(productCount(1)).toBe('1 produs');
    expect(productCount(0)).toBe('0 produse');
    expect(productCount(51)).toBe('51 produse');
  });

  it('in Romanian: produs, produse up to 19 (and x01-x19), "de produse" from 20', () => {
    const inRomanian = (count: number) => romanian._('full-menu.count', { count });
    expect([0, 1, 2, 19, 20, 51, 101, 119, 120].map(inRomanian)).toEqual([
      '0 produse',
      '1 produs',
      '2 produse',
      '19 produse',
      '20 de produse',
      '51 de produse',
      '101 produse',
      '119 produse',
      '120 de produse',
    ]);
  });
});
