import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { CATALOGUE_DIR, icuCatalogues } from './vite-icu-catalogues';

/** A project whose catalogues are `{ language: { area: messages } }`. */
function projectWith(catalogues: Record<string, Record<string, Record<string, string>>>): string {
  const root = mkdtempSync(join(tmpdir(), 'icu-catalogues-'));
  for (const [locale, areas] of Object.entries(catalogues)) {
    mkdirSync(join(root, CATALOGUE_DIR, locale), { recursive: true });
    for (const [area, messages] of Object.entries(areas))
      writeFileSync(join(root, CATALOGUE_DIR, locale, `${area}.json`), JSON.stringify(messages));
  }
  return root;
}

/** The plugin's hooks as Vite calls them, with the calls it makes back recorded. */
function run(root: string, id: string) {
  const plugin = icuCatalogues(root);
  const watched: string[] = [];
  const context = {
    addWatchFile: (file: string) => watched.push(file),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const resolved = (plugin.resolveId as unknown as (id: string) => string | undefined)(id);
  const code = resolved
    ? (plugin.load as unknown as (this: typeof context, id: string) => string | undefined).call(context, resolved)
    : undefined;
  return { resolved, code, watched };
}

describe('the catalogue plugin', () => {
  it("serves a language's area files merged and compiled for Lingui's runtime, and watches each file", () => {
    const root = projectWith({
      ro: {
        cart: { 'cart.items': '{count, plural, one {# produs} few {# produse} other {# de produse}}' },
        common: { 'common.hello': 'Bună' },
      },
    });
    const { resolved, code, watched } = run(root, 'virtual:icu-catalogue/ro');
    expect(resolved).toBe('\0virtual:icu-catalogue/ro');
    expect(code).toBe(
      'export default {"cart.items":[["count","plural",{"one":["#"," produs"],"few":["#"," produse"],"other":["#"," de produse"]}]],"common.hello":["Bună"]};',
    );
    expect(watched).toEqual([join(root, CATALOGUE_DIR, 'ro', 'cart.json'), join(root, CATALOGUE_DIR, 'ro', 'common.json')]);
  });

  it("keeps the words no first paint needs out of the app's part, in parts of their own", () => {
    const root = projectWith({
      en: {
        admin: { 'admin.board': 'Board' },
        'menu-editor': { 'menu-editor.save': 'Save dish' },
        menu: { 'menu.add': 'Add' },
        checkout: { 'checkout.pay': 'Pay' },
      },
    });
    expect(run(root, 'virtual:icu-catalogue/en').code).toBe('export default {"menu.add":["Add"]};');
    expect(run(root, 'virtual:icu-catalogue/en/pages').code).toBe('export default {"checkout.pay":["Pay"]};');
    expect(run(root, 'virtual:icu-catalogue/en/manager').code).toBe(
      'export default {"admin.board":["Board"],"menu-editor.save":["Save dish"]};',
    );
    expect(() => run(root, 'virtual:icu-catalogue/en/kitchen')).toThrow(/No catalogue part kitchen/);
  });

  it("refuses an id outside its area's prefix (two areas could claim it)", () => {
    const root = projectWith({ en: { cart: { 'menu.add': 'Add' } } });
    expect(() => run(root, 'virtual:icu-catalogue/en')).toThrow(/en\/cart.json: the id menu.add must start with "cart."/);
  });

  it('leaves other modules alone, refuses a language the product does not speak, and fails on a broken message', () => {
    const root = projectWith({ ro: { cart: { 'cart.broken': '{count, plural, one {#}' } } });
    expect(run(root, './menu.ts').resolved).toBeUndefined();
    expect(() => run(root, 'virtual:icu-catalogue/fr')).toThrow(/No catalogue for the language fr/);
    expect(() => run(root, 'virtual:icu-catalogue/ro')).toThrow(/The message cart.broken is not valid ICU/);
  });
});
