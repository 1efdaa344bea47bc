/**
 * Serves the built PWA from STATIC_DIR on the same origin as /api. Cache rules per path class
 * (so a deploy reaches people and nothing stale is trusted): hashed assets are immutable; the shell, the service worker and the manifest are
 * revalidated every time so a deploy reaches people; any other path falls back to the shell,
 * which renders the not-found screen itself.
 *
 * The first-paint pages (`/`, `/menu`, `/meniul-complet`) get the shell with their route's
 * stylesheets and script chunks named in <head> (from Vite's build manifest): the browser fetches
 * them together instead of discovering them one after another once the shell has run (a slow
 * phone's first load). Their `#root` carries the page rendered on each request by React's server
 * renderer from the app's own components (the build's SSR entry, src/entry-server.tsx), with the
 * query cache it was rendered from beside it as JSON: the page paints before any script runs, and
 * the app hydrates it (docs/decisions/0155-first-paint-by-react-ssr-and-hydration.md). No inline
 * script: the CSP stays `script-src 'self'` (the JSON script is data).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { compress } from 'hono/compress';

import type { AppEnv } from '../deps';
import { AFTER_PAINT_ATTRIBUTE } from '../../src/shared/after-paint-links';
import { deferAppLoading } from '../lib/defer-app-loading';
import { COMPRESSIBLE_FILE } from '../lib/compressible-file';
import type { Logger } from '../lib/logger';
import type { RenderedPage, RenderPage, ServerPageData } from '../../src/shared/page-state';
import type { FirstPaintPath } from '../../src/shared/page-state';
import { isFirstPaintPath, PAGE_STATE_ELEMENT_ID, SERVER_RENDERER_FILE } from '../../src/shared/page-state';
import { shellShowingTestModeNotice } from '../../src/shared/test-mode-notice';
import { HTTP_STATUS } from '../lib/http-errors';
import { manifestInLanguage } from '../lib/manifest-in-language';
import { requestLocale } from '../lib/request-locale';
import { shellInLanguage } from '../../src/shared/i18n/page-language';

const ONE_YEAR_SECONDS = 31_536_000;
const ONE_DAY_SECONDS = 86_400;
const MANIFEST_PATH = '/manifest.webmanifest';
const ALWAYS_REVALIDATE = new Set(['/index.html', '/sw.js', MANIFEST_PATH, '/registerSW.js']);

export function cacheControlFor(requestPath: string): string {
  if (requestPath.startsWith('/assets/')) return `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
  if (ALWAYS_REVALIDATE.has(requestPath) || requestPath.startsWith('/workbox-')) return 'no-cache';
  return `public, max-age=${ONE_DAY_SECONDS}`;
}

/** The pages a first visit usually lands on, with the file route that renders each. */
const FIRST_PAINT_ROUTES: Readonly<Record<FirstPaintPath, string>> = {
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
  const routeFile = isFirstPaintPath(requestPath) ? FIRST_PAINT_ROUTES[requestPath] : undefined;
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
  const links = [
    ...[...styles].filter((file) => !shell.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" href="/${file}">`),
    // Scripts may wait for a server-rendered page's first paint (src/shared/after-paint-links.ts); stylesheets may not.
    ...[...scripts]
      .filter((file) => !shell.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" href="/${file}" ${AFTER_PAINT_ATTRIBUTE}>`),
  ];
  return shell.replace('</head>', `${links.join('')}</head>`);
}

/**
 * JSON that stays data inside a <script> element: `<`, `>` and `&` escaped (no `</script>` or
 * `<!--` can end or change it), and the two line separators JavaScript once did not allow in strings.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The shell with the rendered page in its empty #root and the query cache after it; null when the shell has no empty root. */
export function shellWithRenderedPage(shell: string, page: RenderedPage): string | null {
  const emptyRoot = '<div id="root"></div>';
  if (!shell.includes(emptyRoot)) return null;
  const state = `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${scriptSafeJson(page.state)}</script>`;
  return shell.replace(emptyRoot, () => `<div id="root">${page.html}</div>${state}`);
}

export interface FirstPaintSource {
  /** The current catalogue (the server's menu cache); a failure answers the shell, which the app renders. */
  menu(): Promise<ServerPageData['menu']>;
  /** The restaurant's settings as GET /api/restaurant answers them; a failure as for the menu. */
  restaurant(): Promise<ServerPageData['restaurant']>;
  /** PAYMENTS=test: every page answered with the shell shows the shell's test-mode notice (src/shared/test-mode-notice.ts). */
  testPayments?: boolean;
  /** The server's clock (deps.clock): a dish outside its availability window is drawn as such. */
  now?: () => Date;
  /** Where a failed render is reported (the page is then answered without it). */
  logger?: Pick<Logger, 'error'>;
}

/** Without `firstPaint` the first-paint pages get the shell with preloads only. */
export function staticRoutes(staticDir: string, firstPaint?: FirstPaintSource) {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const app = new Hono<AppEnv>();
  // Pages only: /index.html itself (what the service worker precaches) stays as built, its notice
  // hidden, and the worker shows it from the restaurant answer it stored. Each page in the request's
  // language (api/lib/request-locale.ts), its `<html lang>` included.
  const page = (shell: string, c: Context) =>
    shellInLanguage(firstPaint?.testPayments ? shellShowingTestModeNotice(shell) : shell, requestLocale(c));

  /** The SSR entry, imported again whenever a deploy replaces it (its mtime in the URL); null without one. */
  const rendererFile = path.join(root, SERVER_RENDERER_FILE);
  let renderer: { key: number; render: Promise<RenderPage> } | null = null;
  const loadRenderer = (): Promise<RenderPage> | null => {
    if (!existsSync(rendererFile)) return null;
    const key = statSync(rendererFile).mtimeMs;
    if (renderer?.key !== key) {
      const url = `${pathToFileURL(rendererFile).href}?v=${key}`;
      renderer = { key, render: import(url).then((module: { renderPage: RenderPage }) => module.renderPage) };
    }
    return renderer.render;
  };

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
    if (!isFirstPaintPath(c.req.path) || !existsSync(indexFile)) return next();
    const { shell, manifest } = readShell();
    const withPreloads = shellWithRoutePreloads(shell, manifest, c.req.path);
    c.header('Cache-Control', 'no-cache');
    const render = loadRenderer();
    if (!firstPaint || !render) return c.html(page(withPreloads, c));
    const [menu, restaurant] = await Promise.all([firstPaint.menu().catch(() => null), firstPaint.restaurant().catch(() => null)]);
    // Without the menu the page would render its loading state: the shell does that as well.
    if (!menu) return c.html(page(withPreloads, c));
    const url = new URL(c.req.url);
    try {
      const rendered = await (
        await render
      )(url.pathname + url.search, {
        menu,
        restaurant,
        serverNowMs: (firstPaint.now?.() ?? new Date()).getTime(),
        locale: requestLocale(c),
      });
      const withPage = shellWithRenderedPage(withPreloads, rendered);
      // A page that paints by itself fetches the app after that paint (src/shared/after-paint-links.ts).
      return c.html(page(withPage === null ? withPreloads : deferAppLoading(withPage), c));
    } catch (error) {
      // The app renders the page itself from the shell, as on any other path.
      firstPaint.logger?.error('server render failed', { path: c.req.path, error: error instanceof Error ? error.message : String(error) });
      return c.html(page(withPreloads, c));
    }
  });
  // The manifest in the request's language (issue 23, api/lib/manifest-in-language.ts); a shared cache
  // keys it by what decides that language. A file that does not parse is served as it is, below.
  app.get(MANIFEST_PATH, async (c, next) => {
    const file = path.join(root, MANIFEST_PATH);
    if (!existsSync(file)) return next();
    let manifest: unknown;
    try {
      manifest = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return next();
    }
    if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) return next();
    c.header('Content-Type', 'application/manifest+json; charset=utf-8');
    c.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
    return c.body(JSON.stringify(manifestInLanguage(manifest as Record<string, unknown>, requestLocale(c))));
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
    return c.html(page(readFileSync(indexFile, 'utf8'), c));
  });
  return app;
}
