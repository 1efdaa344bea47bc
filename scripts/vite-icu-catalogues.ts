/**
 * The browser's message catalogues, compiled at build time (docs/decisions/0162-languages-lingui-icu-catalogues.md):
 * `virtual:icu-catalogue/ro` is src/locales/ro.json with every ICU message compiled by Lingui's
 * compiler (src/shared/i18n/compile-catalogue.ts), one chunk per language, so a page loads only its
 * language's words and the browser never parses ICU. A broken message fails the build.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Plugin } from 'vite';

import { compileCatalogue } from '../src/shared/i18n/compile-catalogue.ts';
import { isLocale } from '../src/shared/i18n/locales.ts';

export const CATALOGUE_MODULE_PREFIX = 'virtual:icu-catalogue/';
/** Where the catalogues live, one JSON file per language ({id: ICU message}). */
export const CATALOGUE_DIR = 'src/locales';

export function icuCatalogues(root = process.cwd()): Plugin {
  return {
    name: 'icu-catalogues',
    resolveId(id) {
      return id.startsWith(CATALOGUE_MODULE_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${CATALOGUE_MODULE_PREFIX}`)) return undefined;
      const locale = id.slice(CATALOGUE_MODULE_PREFIX.length + 1);
      if (!isLocale(locale)) return this.error(`No catalogue for the language ${locale}`);
      const file = resolve(root, CATALOGUE_DIR, `${locale}.json`);
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      return `export default ${JSON.stringify(compileCatalogue(catalogue))};`;
    },
  };
}
