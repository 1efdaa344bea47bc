import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { manifestInLanguage } from './manifest-in-language';

const ROOT_MANIFEST = JSON.parse(readFileSync('manifest.webmanifest', 'utf8')) as Record<string, unknown>;

/** Every text a person reads in a manifest, by where it is. */
function wordsOf(manifest: Record<string, unknown>): Record<string, unknown> {
  const shots = (manifest.screenshots ?? []) as Array<Record<string, unknown>>;
  const shortcuts = (manifest.shortcuts ?? []) as Array<Record<string, unknown>>;
  return {
    name: manifest.name,
    description: manifest.description,
    ...Object.fromEntries(shots.map((shot) => [`screenshot ${String(shot.form_factor)}`, shot.label])),
    ...Object.fromEntries(
      shortcuts.flatMap((s) => [
        [`shortcut ${String(s.url)}`, s.name],
        [`shortcut ${String(s.url)} short`, s.short_name],
      ]),
    ),
  };
}

describe('the manifest in a request’s language', () => {
  it('in Romanian, is the root manifest as written (its words are the Romanian catalogue’s)', () => {
    expect(manifestInLanguage(ROOT_MANIFEST, 'ro')).toEqual(ROOT_MANIFEST);
  });

  it('in English, says lang "en" and words every member a person reads in English, the rest unchanged', () => {
    const english = manifestInLanguage(ROOT_MANIFEST, 'en');
    expect(english.lang).toBe('en');
    expect(wordsOf(english)).toEqual({
      name: 'Casa Grătarului — online orders',
      description: 'Romanian grill from Ploiești: order online for delivery or pickup.',
      'screenshot narrow': 'The menu on a phone',
      'screenshot wide': 'The menu on a tablet or computer',
      'shortcut /menu': 'Menu',
      'shortcut /menu short': 'Menu',
      'shortcut /order-history': 'My orders',
      'shortcut /order-history short': 'Orders',
    });
    // A worded member added to the root manifest without messages would stay Romanian here.
    const romanian = Object.values(wordsOf(ROOT_MANIFEST));
    expect(Object.values(wordsOf(english)).filter((text) => romanian.includes(text))).toEqual([]);
    const { name: _n, description: _d, screenshots: _s, shortcuts: _c, lang: _l, ...rest } = english;
    const { name: _rn, description: _rd, screenshots: _rs, shortcuts: _rc, lang: _rl, ...rootRest } = ROOT_MANIFEST;
    expect(rest).toEqual(rootRest);
    expect(english.short_name).toBe('Casa Grătarului');
  });

  it('adds nothing but lang to a manifest without words', () => {
    expect(manifestInLanguage({ name: 'x', display: 'standalone' }, 'en')).toEqual({
      name: 'Casa Grătarului — online orders',
      display: 'standalone',
      lang: 'en',
    });
    expect(manifestInLanguage({ display: 'standalone', shortcuts: [{ url: '/elsewhere', name: 'Altceva' }] }, 'en')).toEqual({
      display: 'standalone',
      shortcuts: [{ url: '/elsewhere', name: 'Altceva' }],
      lang: 'en',
    });
  });
});
