/**
 * GET /api/menu: the whole catalogue, pre-serialised and pre-compressed, with its content version
 * as a strong ETag so clients revalidate cheaply and keep versioned offline snapshots.
 * The hot path usually never reaches this route: api/menu-fast-path.ts answers the same bytes
 * before Hono once the cache is built.
 */
import { Hono } from 'hono';

import type { AppDeps, AppEnv } from '../deps';
import { HTTP_STATUS } from '../lib/http-errors';
import { menuAnswer } from '../lib/menu-answer';

export function menuRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const body = await deps.menuCache.get();
    const answer = menuAnswer(body, c.req.header('if-none-match'), c.req.header('accept-encoding'), deps.menuCache.ageSeconds());
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
    if (!answer.body) return c.newResponse(null, HTTP_STATUS.NOT_MODIFIED);
    return c.body(new Uint8Array(answer.body), HTTP_STATUS.OK);
  });
}
