import path from 'node:path';

import type { Plugin, ResolvedConfig } from 'vite';
import { build } from 'vite';

/**
 * Every client build (`vite build`, whatever its --outDir: npm run build, the e2e and bench builds)
 * also builds the server renderer of the first paint (src/entry-server.tsx) into `<outDir>/<outFile>`,
 * where the server loads it (api/routes/static.ts): a build directory is then complete on its own,
 * and the HTML and the scripts that hydrate it always come from the same sources. The SSR build has
 * its dependencies bundled in (`ssr.noExternal` in vite.config.ts), so it runs from a build
 * directory that has no node_modules beside it.
 */
/**
 * The browser-only modules the app imports, as the server renderer sees them: the update prompt
 * (vite-plugin-pwa's registration) mounts only in the browser, when it is idle, never on the server.
 */
export function serverStubs(): Plugin {
  const PWA_REGISTER = 'virtual:pwa-register/react';
  return {
    name: 'server-renderer-stubs',
    resolveId: (id) => (id === PWA_REGISTER ? `\0${PWA_REGISTER}` : null),
    load: (id) =>
      id === `\0${PWA_REGISTER}`
        ? 'export function useRegisterSW() { throw new Error("The update prompt does not render on the server"); }'
        : null,
  };
}

export function buildServerRenderer(entry: string, outFile: string): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'build-server-renderer',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config) return;
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: entry,
          outDir: path.join(config.build.outDir, path.dirname(outFile)),
          emptyOutDir: true,
          rolldownOptions: { output: { entryFileNames: path.basename(outFile) } },
        },
      });
    },
  };
}
