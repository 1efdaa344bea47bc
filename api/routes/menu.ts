/**
 * GET /api/menu: the whole catalogue, pre-serialised and pre-compressed, with its content version
 * as a strong ETag so clients revalidate cheaply and keep versioned offline snapshots.
 */
import { Hono } from 'hono';

import type { AppDeps, AppEnv } from '../deps';
import { HTTP_STATUS } from '../lib/http-errors';

function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  return (
    !!header &&
    header.split(',').some((part) => {
      const [name, ...params] = part.trim().split(';');
      return name?.trim() === encoding && !params.some((p) => p.trim() === 'q=0');
    })
  );
}

export function menuRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const body = await deps.menuCache.get();
    c.header('ETag', body.etag);
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag)) {
      return c.body(null, HTTP_STATUS.NOT_MODIFIED);
    }
    c.header('Content-Type', 'application/json; charset=utf-8');
    const accept = c.req.header('accept-encoding');
    if (acceptsEncoding(accept, 'br')) {
      c.header('Content-Encoding', 'br');
      return c.body(new Uint8Array(body.brotli));
    }
    if (acceptsEncoding(accept, 'gzip')) {
      c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(body.gzip));
    }
    return c.body(new Uint8Array(body.json));
  });
}
