/**
 * Serves the built PWA from STATIC_DIR on the same origin as /api. Cache rules per path class
 * (so a deploy reaches people and nothing stale is trusted): hashed assets are immutable; the shell, the service worker and the manifest are
 * revalidated every time so a deploy reaches people; any other path falls back to the shell,
 * which renders the not-found screen itself.
 *
 * The first-paint pages (`/`, `/menu`, `/meniul-complet`) get the shell with their route's
 * stylesheets and script chunks named in <head> (from Vite's build manifest), and the menu request
 * preloaded: the browser fetches them together instead of discovering them one after another once
 * the shell has run (a slow phone's first load); on a drawn page, after its first paint. No inline script: the CSP
 * stays `script-src 'self'`.
 * Their `#root` also carries the page's first-paint HTML (header, hero, menu cards) rendered from
 * the current menu on each request (src/shared/first-paint-html.ts), so the page paints before any script runs.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';

import type { AppEnv } from '../deps';
import { COMPRESSIBLE_FILE } from '../lib/compressible-file';
import { AFTER_PAINT_ATTRIBUTE } from '../../src/shared/after-paint-links';
import type { FirstPaintData } from '../../src/shared/first-paint-html';
import { shellWithFirstPaintHtml } from '../../src/shared/first-paint-html';
import { shellWithTestModeNotice } from '../../src/shared/test-mode-notice';
import { HTTP_STATUS } from '../lib/http-errors';

const ONE_YEAR_SECONDS = 31_536_000;
const ONE_DAY_SECONDS = 86_400;
const ALWAYS_REVALIDATE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

export function cacheControlFor(requestPath: string): string {
  if (requestPath.startsWith('/assets/')) return `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
  if (ALWAYS_REVALIDATE.has(requestPath) || requestPath.startsWith('/workbox-')) return 'no-cache';
  return `public, max-age=${ONE_DAY_SECONDS}`;
}

/** The pages a first visit usually lands on, with the file route that renders each. */
export const FIRST_PAINT_ROUTES: Readonly<Record<string, string>> = {
  '/': 'src/routes/index.tsx',
  '/menu': 'src/routes/menu.tsx',
  '/meniul-complet': 'src/routes/meniul-complet.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The shell for `requestPath` with <link>s for the route's chunks (module preloads), its stylesheets
 * and the menu request. Chunks the shell already names are left out. Unknown paths get the shell
 * unchanged, as does a build without a manifest.
 */
export function shellWithRoutePreloads(shell: string, manifest: Record<string, ManifestChunk> | null, requestPath: string): string {
  const routeFile = FIRST_PAINT_ROUTES[requestPath];
  if (!routeFile || !manifest) return shell;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of Object.keys(manifest)) if (key === routeFile || key.startsWith(`${routeFile}?`)) visit(key);
  // Scripts and API answers may wait for a drawn page's first paint (src/shared/after-paint-links.ts); stylesheets may not.
  const links = [
    ...[...styles].filter((file) => !shell.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" href="/${file}">`),
    ...[...scripts]
      .filter((file) => !shell.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" href="/${file}" ${AFTER_PAINT_ATTRIBUTE}>`),
    // The same request the app makes (same-origin fetch, credentials included), so the answer is reused.
    `<link rel="preload" href="/api/menu" as="fetch" crossorigin="use-credentials" ${AFTER_PAINT_ATTRIBUTE}>`,
    // The restaurant's settings: the app's first commit on a server-drawn page waits for them (src/boot/start-app.tsx).
    `<link rel="preload" href="/api/restaurant" as="fetch" crossorigin="use-credentials" ${AFTER_PAINT_ATTRIBUTE}>`,
  ];
  return shell.replace('</head>', `${links.join('')}</head>`);
}

export interface FirstPaintSource {
  /** The current catalogue (the server's menu cache); a failure draws no menu. */
  menu(): Promise<FirstPaintData['menu']>;
  cakesShopUrl: string | undefined;
  /** PAYMENTS=test: every page answered with the shell carries the test-mode notice (src/shared/test-mode-notice.ts). */
  testPayments?: boolean;
  /** The server's clock (deps.clock): a dish outside its availability window is drawn as such. */
  now?: () => Date;
}

/** Without `firstPaint` the first-paint pages get the shell with preloads only. */
export function staticRoutes(staticDir: string, firstPaint?: FirstPaintSource) {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const app = new Hono<AppEnv>();
  // Pages only: /index.html itself (what the service worker precaches) stays as built, and the worker
  // adds the notice from the restaurant answer it stored.
  const page = (shell: string) => (firstPaint?.testPayments ? shellWithTestModeNotice(shell) : shell);

  /** Read again whenever a deploy replaces the files (the shell and manifest are small). */
  let cached: { key: string; shell: string; manifest: Record<string, ManifestChunk> | null } | null = null;
  const readShell = () => {
    const key = `${statSync(indexFile).mtimeMs}:${existsSync(manifestFile) ? statSync(manifestFile).mtimeMs : 0}`;
    if (cached?.key !== key) {
      const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : null;
      cached = { key, shell: readFileSync(indexFile, 'utf8'), manifest };
    }
    return cached;
  };

  app.use('*', async (c, next) => {
    await next();
    if (c.res.status >= 300) return;
    // The shell (index.html, whatever the path that served it) must always revalidate.
    const isShell = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
    c.header('Cache-Control', isShell ? 'no-cache' : cacheControlFor(c.req.path));
    // A shared cache must key compressible files by encoding, whichever copy this request got.
    if (COMPRESSIBLE_FILE.test(c.req.path) && !c.res.headers.get('vary')) c.header('Vary', 'Accept-Encoding');
  });
  // Dot paths stay private: the build manifest (dist/.vite/manifest.json, read by the bundle-size
  // check) and any dotfile a deploy leaves behind.
  app.use('*', async (c, next) => {
    if (c.req.path.split('/').some((segment) => segment.startsWith('.'))) return c.text('Not found', HTTP_STATUS.NOT_FOUND);
    return next();
  });
  // Compressed on the way out: the shell written per request (route preloads) and the files kept
  // under a fixed name (sw.js, the manifest, images), which a deploy may replace in place; the
  // content-hashed assets below carry the build's compressed copies.
  app.use('*', compress());
  // The first-paint pages are answered here, before the static files (`/` would be index.html as is).
  app.get('*', async (c, next) => {
    if (!Object.hasOwn(FIRST_PAINT_ROUTES, c.req.path) || !existsSync(indexFile)) return next();
    const { shell, manifest } = readShell();
    const withPreloads = shellWithRoutePreloads(shell, manifest, c.req.path);
    c.header('Cache-Control', 'no-cache');
    if (!firstPaint) return c.html(page(withPreloads));
    const menu = await firstPaint.menu().catch(() => null);
    const search = new URL(c.req.url).searchParams;
    // The page's first-paint HTML in #root; its scripts then wait for the paint (src/shared/after-paint-links.ts).
    const drawn = shellWithFirstPaintHtml(withPreloads, c.req.path, search, {
      menu,
      cakesShopUrl: firstPaint.cakesShopUrl,
      nowMs: firstPaint.now?.().getTime(),
    });
    return c.html(page(drawn ?? withPreloads));
  });
  // Built before start (npm start builds first); without a build every page path answers the 503 below.
  // `precompressed`: the build writes .br and .gz beside every content-hashed text file in assets/
  // (scripts/vite-precompress.ts), sent as they are to a browser that accepts them (Chromium asks
  // for gzip only over plain http).
  if (existsSync(root)) app.use('*', serveStatic({ root: path.relative(process.cwd(), root) || '.', precompressed: true }));
  app.get('*', (c) => {
    const lastSegment = c.req.path.split('/').pop() ?? '';
    // A missing asset (a file name with an extension) is a real 404, not the shell.
    if (lastSegment.includes('.') && !lastSegment.endsWith('.html')) {
      return c.text('Not found', HTTP_STATUS.NOT_FOUND);
    }
    if (!existsSync(indexFile) || !statSync(indexFile).isFile()) {
      return c.text('The storefront has not been built yet: run `npm run build`.', HTTP_STATUS.SERVICE_UNAVAILABLE);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(page(readFileSync(indexFile, 'utf8')));
  });
  return app;
}
