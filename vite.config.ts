import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The root manifest.webmanifest is the single source; this copies it into the build unchanged. */
function rootManifest(): Plugin {
  return {
    name: 'root-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync('manifest.webmanifest', 'utf8') });
    },
  };
}

/**
 * zod's JSON Schema output (`toJSONSchema`, `~standard.jsonSchema`: about a fifth of zod, ~4.5 KiB
 * gzip of every page's first paint, QUALITY P1) is never used in the browser: the client build gets a
 * stand-in for its two modules with the same export names, each throwing if ever called. The two
 * method factories return a throwing method, because reading `~standard` (as the router does for
 * `validateSearch`) builds them. Parsing never touches these modules. The export names come from the
 * installed zod, so an upgrade cannot leave one missing.
 */
const ZOD_JSON_SCHEMA_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const STUB_PREFIX = '\0zod-json-schema-stub:';
const METHOD_FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);

function zodWithoutJsonSchema(): Plugin {
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

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    rootManifest(),
    zodWithoutJsonSchema(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        // The map library (~1 MB) is for address entry and the manager's map, which need the network
        // for geocoding anyway: fetched on demand rather than precached for every visitor. The manifest
        // screenshots are only for the install dialog, which is online: not precached either.
        globIgnores: ['**/node_modules/**', '**/maplibre-gl-*.js', '**/maplibre-gl-worker-*.mjs', 'screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json maps each route module to its chunks: scripts/check-bundle-size.mjs
    // reads it to measure the initial JS of `/` and `/menu` (QUALITY P1). The server never serves it.
    manifest: true,
    outDir: process.env.VITE_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and src/lib/zod-config.ts share one chunk, so `jitless` is set before any other chunk
          // builds a schema (zod probes `new Function` at schema construction: a CSP violation).
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
