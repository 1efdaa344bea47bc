import { readFileSync } from 'node:fs';

import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { bootStageChunkName, preloadBootStages } from './scripts/vite-boot-stages.ts';
import { icuCatalogues } from './scripts/vite-icu-catalogues.ts';
import { precompressBuild } from './scripts/vite-precompress.ts';
import { exceptModules, LAZY_QUERY_MODULES, routeChunkName } from './scripts/vite-route-chunks.ts';
import { buildServerRenderer, serverStubs } from './scripts/vite-ssr-build.ts';
import { SERVER_RENDERER_FILE } from './src/shared/page-state.ts';

/** The app's entry: it imports the app in boot stages, one after another (short tasks on a slow phone, scripts/vite-boot-stages.ts). */
const ENTRY_MODULE = 'src/main.tsx';
/** The server renderer of the first-paint pages (docs/decisions/0155-first-paint-by-react-ssr-and-hydration.md). */
const SERVER_ENTRY_MODULE = 'src/entry-server.tsx';

/** The root manifest.webmanifest is the single source; this copies it into the build unchanged. */
function rootManifest(): Plugin {
  return {
    name: 'root-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync('manifest.webmanifest', 'utf8') });
    },
  };
}

const routerPlugin = () =>
  tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' });

/**
 * The SSR build (started by the client build, scripts/vite-ssr-build.ts): the same sources, one
 * file for node with every dependency in it, no service worker, manifest, stages or copies.
 */
const serverRendererConfig = defineConfig({
  plugins: [routerPlugin(), react(), serverStubs(), icuCatalogues()],
  ssr: { noExternal: true },
  build: { target: 'node20', sourcemap: false, copyPublicDir: false, minify: false },
});

const clientConfig = defineConfig({
  plugins: [
    routerPlugin(),
    react(),
    icuCatalogues(),
    rootManifest(),
    preloadBootStages(ENTRY_MODULE),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // A classic script in one function scope (it is registered as a classic worker): the plugin's
        // 'es' build sets Rollup's deprecated inlineDynamicImports, a warning in every build.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        // The map library (~1 MB) is for address entry and the manager's map, which need the network
        // for geocoding anyway: fetched on demand rather than precached for every visitor. The manifest
        // screenshots are only for the install dialog, which is online: not precached either.
        globIgnores: ['**/node_modules/**', '**/maplibre-gl-*.js', '**/maplibre-gl-worker-*.mjs', 'screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
    precompressBuild(),
    buildServerRenderer(SERVER_ENTRY_MODULE, SERVER_RENDERER_FILE),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // MapLibre (~1.1 MB minified) is one lazy chunk on purpose; the real limits are the first-load budget, checked
    // per route by scripts/check-bundle-size.mjs, so Rollup's generic 500 kB warning only adds noise.
    chunkSizeWarningLimit: 1200,
    // dist/.vite/manifest.json maps each route module to its chunks: scripts/check-bundle-size.mjs
    // reads it to measure the initial JS of `/` and `/menu`. The server never serves it.
    manifest: true,
    outDir: process.env.VITE_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The boot stages' code in one chunk per stage (scripts/vite-boot-stages.ts). zod and
          // src/lib/zod-config.ts share the zod stage's, so `jitless` is set before any other chunk
          // builds a schema (zod probes `new Function` at schema construction: a CSP violation).
          groups: [
            // Not recursively: a stage's dependencies are already in its own or an earlier stage's chunk.
            // TanStack Query's paging and mutation code is left to the lazy screens that use it.
            {
              name: exceptModules(bootStageChunkName(ENTRY_MODULE), LAZY_QUERY_MODULES),
              debugName: 'boot-stages',
              includeDependenciesRecursively: false,
              priority: 2,
            },
            // The menu screen's code in one chunk, apart from what the home page uses too
            // (scripts/vite-route-chunks.ts, docs/decisions/0125-menu-route-code-in-one-chunk.md).
            {
              name: routeChunkName('menu-screen', ['src/routes/menu.tsx', 'src/routes/category-menu.tsx'], ['src/routes/index.tsx']),
              debugName: 'menu-screen',
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverRendererConfig : clientConfig));
