import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Plugin } from 'vite';

/**
 * zod's JSON Schema output (`toJSONSchema`, `~standard.jsonSchema`: about a fifth of zod, ~4.5 KiB
 * gzip of every page's first paint) is never used in the browser: the client build gets a
 * stand-in for its two modules with the same export names, each throwing if ever called. The two
 * method factories return a throwing method, because reading `~standard` (as the router does for
 * `validateSearch`) builds them. Parsing never touches these modules. The export names come from the
 * installed zod, so an upgrade cannot leave one missing.
 */
const ZOD_JSON_SCHEMA_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const STUB_PREFIX = '\0zod-json-schema-stub:';
const METHOD_FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/json-schema/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && ZOD_JSON_SCHEMA_MODULES.test(resolved.id) ? `${STUB_PREFIX}${resolved.id}` : null;
    },
    async load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const real = id.slice(STUB_PREFIX.length);
      const names = Object.keys((await import(pathToFileURL(real).href)) as object);
      const message = JSON.stringify(`zod JSON Schema output (${path.basename(real)}) is not part of the browser build`);
      return [
        `const unavailable = () => { throw new Error(${message}); };`,
        ...names.map((name) =>
          METHOD_FACTORIES.has(name) ? `export const ${name} = () => unavailable;` : `export const ${name} = unavailable;`,
        ),
      ].join('\n');
    },
  };
}
