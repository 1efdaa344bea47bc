import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { CATALOGUE_DIR, icuCatalogues } from './vite-icu-catalogues';

function projectWith(catalogues: Record<string, Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'icu-catalogues-'));
  mkdirSync(join(root, CATALOGUE_DIR), { recursive: true });
  for (const [locale, messages] of Object.entries(catalogues))
    writeFileSync(join(root, CATALOGUE_DIR, `${locale}.json`), JSON.stringify(messages));
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
  it("serves a language's catalogue compiled for Lingui's runtime, and watches its file", () => {
    const root = projectWith({
      ro: { 'cart.items': '{count, plural, one {# produs} few {# produse} other {# de produse}}', hello: 'Bună' },
    });
    const { resolved, code, watched } = run(root, 'virtual:icu-catalogue/ro');
    expect(resolved).toBe('\0virtual:icu-catalogue/ro');
    expect(code).toBe(
      'export default {"cart.items":[["count","plural",{"one":["#"," produs"],"few":["#"," produse"],"other":["#"," de produse"]}]],"hello":["Bună"]};',
    );
    expect(watched).toEqual([join(root, CATALOGUE_DIR, 'ro.json')]);
  });

  it('leaves other modules alone, refuses a language the product does not speak, and fails on a broken message', () => {
    const root = projectWith({ ro: { broken: '{count, plural, one {#}' } });
    expect(run(root, './menu.ts').resolved).toBeUndefined();
    expect(() => run(root, 'virtual:icu-catalogue/fr')).toThrow(/No catalogue for the language fr/);
    expect(() => run(root, 'virtual:icu-catalogue/ro')).toThrow(/The message broken is not valid ICU/);
  });
});
