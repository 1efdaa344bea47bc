/**
 * The browser's message catalogues, compiled at build time (docs/decisions/0162-languages-lingui-icu-catalogues.md):
 * `virtual:icu-catalogue/ro` is every file of src/locales/ro/ merged, with every ICU message compiled
 * by Lingui's compiler (src/shared/i18n/compile-catalogue.ts), one chunk per language, so a page loads
 * only its language's words and the browser never parses ICU. A broken message fails the build.
 * Words no first paint needs are parts of their own, loaded with the screens that say them
 * (src/lib/i18n.tsx `useWords`): `virtual:icu-catalogue/ro/manager` (the manager area) and
 * `virtual:icu-catalogue/ro/pages` (checkout, addresses, orders, account security), so a first visit to
 * `/menu` carries only the storefront's words (P1).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

import type { Plugin } from 'vite';

import { compileCatalogue } from '../src/shared/i18n/compile-catalogue.ts';
import { isLocale } from '../src/shared/i18n/locales.ts';

export const CATALOGUE_MODULE_PREFIX = 'virtual:icu-catalogue/';
/**
 * Where the catalogues live: a directory per language, a JSON file per area of the app
 * ({id: ICU message}), each id starting with its file's name ("menu.add" in menu.json), so two
 * areas never claim one id and each area's words are edited in one small file.
 */
export const CATALOGUE_DIR = 'src/locales';

export const CATALOGUE_PARTS = ['app', 'manager', 'pages', 'errors'] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

/** The areas of each part loaded apart; every other area is in the app's part, loaded before the first render. */
export const AREAS_LOADED_APART: Record<Exclude<CataloguePart, 'app'>, string[]> = {
  manager: ['admin', 'menu-editor', 'inbox'],
  pages: ['checkout', 'addresses', 'orders', 'account-security', 'contact', 'notifications'],
  // The wording of the server's refusals: loaded as soon as the app has started, never waited for.
  errors: ['errors'],
};

const partOf = (area: string): CataloguePart =>
  (Object.entries(AREAS_LOADED_APART) as [CataloguePart, string[]][]).find(([, areas]) => areas.includes(area))?.[0] ?? 'app';

/**
 * One language's catalogue: its area files merged (only the areas of `part`, when given). Throws on an
 * id outside its area's prefix.
 */
export function readCatalogue(
  locale: string,
  root = process.cwd(),
  part?: CataloguePart,
): { catalogue: Record<string, string>; files: string[] } {
  const directory = resolve(root, CATALOGUE_DIR, locale);
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.json') && (part === undefined || partOf(basename(name, '.json')) === part))
    .sort()
    .map((name) => resolve(directory, name));
  const catalogue: Record<string, string> = {};
  for (const file of files) {
    const area = basename(file, '.json');
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    for (const [id, message] of Object.entries(messages)) {
      if (!id.startsWith(`${area}.`)) throw new Error(`${locale}/${area}.json: the id ${id} must start with "${area}."`);
      catalogue[id] = message;
    }
  }
  return { catalogue, files };
}

export function icuCatalogues(root = process.cwd()): Plugin {
  return {
    name: 'icu-catalogues',
    resolveId(id) {
      return id.startsWith(CATALOGUE_MODULE_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${CATALOGUE_MODULE_PREFIX}`)) return undefined;
      const [locale, part = 'app'] = id.slice(CATALOGUE_MODULE_PREFIX.length + 1).split('/');
      if (!isLocale(locale)) return this.error(`No catalogue for the language ${locale}`);
      if (!(CATALOGUE_PARTS as readonly string[]).includes(part)) return this.error(`No catalogue part ${part}`);
      const { catalogue, files } = readCatalogue(locale, root, part as CataloguePart);
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(compileCatalogue(catalogue))};`;
    },
  };
}
