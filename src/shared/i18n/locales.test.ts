import { describe, expect, it } from 'vitest';

import { chosenLocale, isLocale, localeFromPreferences, localeOfTag, perLocale } from './locales';

describe('languages', () => {
  it('knows English and Romanian only', () => {
    expect(isLocale('en')).toBe(true);
    expect(isLocale('ro')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it('reads a stored choice as a language, English when there is none', () => {
    expect(chosenLocale('ro')).toBe('ro');
    expect(chosenLocale(null)).toBe('en');
    expect(chosenLocale('de')).toBe('en');
  });

  it('reads a regional tag as its language, whatever its case or separator', () => {
    expect(localeOfTag('ro-RO')).toBe('ro');
    expect(localeOfTag('RO_md')).toBe('ro');
    expect(localeOfTag('en-US')).toBe('en');
    expect(localeOfTag('hu-RO')).toBeNull();
  });

  it('takes the first preference the product speaks, else English', () => {
    expect(localeFromPreferences(['hu-HU', 'ro-RO', 'en'])).toBe('ro');
    expect(localeFromPreferences(['en-GB', 'ro'])).toBe('en');
    expect(localeFromPreferences(['de-DE', 'fr'])).toBe('en');
    expect(localeFromPreferences([])).toBe('en');
  });

  it('makes one value per language, from its Intl tag, the first time that language asks', () => {
    const made: string[] = [];
    const valueOf = perLocale((tag) => {
      made.push(tag);
      return { tag };
    });
    expect(made).toEqual([]);
    const first = valueOf('ro');
    expect(valueOf('ro')).toBe(first);
    expect(valueOf('en')).toEqual({ tag: 'en-GB' });
    expect(made).toEqual(['ro-RO', 'en-GB']);
  });
});
