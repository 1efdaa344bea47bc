/**
 * Serves the built PWA from STATIC_DIR on the same origin as /api. Cache rules per path class
 * (QUALITY S5): hashed assets are immutable; the shell, the service worker and the manifest are
 * revalidated every time so a deploy reaches people; any other path falls back to the shell,
 * which renders the not-found screen itself.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

import type { AppEnv } from '../deps';
import { HTTP_STATUS } from '../lib/http-errors';

const ONE_YEAR_SECONDS = 31_536_000;
const ONE_DAY_SECONDS = 86_400;
const ALWAYS_REVALIDATE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

export function cacheControlFor(requestPath: string): string {
  if (requestPath.startsWith('/assets/')) return `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
  if (ALWAYS_REVALIDATE.has(requestPath) || requestPath.startsWith('/workbox-')) return 'no-cache';
  return `public, max-age=${ONE_DAY_SECONDS}`;
}

export function staticRoutes(staticDir: string) {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    await next();
    if (c.res.status >= 300) return;
    // The shell (index.html, whatever the path that served it) must always revalidate.
    const isShell = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
    c.header('Cache-Control', isShell ? 'no-cache' : cacheControlFor(c.req.path));
  });
  // Dot paths stay private: the build manifest (dist/.vite/manifest.json, read by the bundle-size
  // check) and any dotfile a deploy leaves behind.
  app.use('*', async (c, next) => {
    if (c.req.path.split('/').some((segment) => segment.startsWith('.'))) return c.text('Not found', HTTP_STATUS.NOT_FOUND);
    return next();
  });
  // Built before start (npm start builds first); without a build every page path answers the 503 below.
  if (existsSync(root)) app.use('*', serveStatic({ root: path.relative(process.cwd(), root) || '.' }));
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
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return app;
}
