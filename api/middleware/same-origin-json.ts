/**
 * CSRF defence (QUALITY S3): an unsafe method on /api must come from our own origin and, when it
 * has a body, carry JSON. Together with SameSite=Lax cookies this refuses cross-site form posts
 * (text/plain, form-urlencoded) and cross-origin fetches. Paths in `exempt` (signed webhooks,
 * the test checkout's form) verify themselves.
 */
import type { MiddlewareHandler } from 'hono';

import { apiError, HTTP_STATUS } from '../lib/http-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginJson(options: { publicOrigin?: string; exempt?: (path: string) => boolean }): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.exempt?.(c.req.path)) return next();
    const origin = c.req.header('origin');
    const ownOrigin = new URL(c.req.url).origin;
    const allowed = new Set([ownOrigin, ...(options.publicOrigin ? [options.publicOrigin] : [])]);
    if (!origin || !allowed.has(origin)) {
      throw apiError(HTTP_STATUS.FORBIDDEN, 'cross_origin', 'Requests that change data must come from this site.');
    }
    const length = c.req.header('content-length');
    const hasBody = length !== undefined ? length !== '0' : c.req.raw.body !== null;
    const contentType = c.req.header('content-type') ?? '';
    if (hasBody && !/^application\/json\b/i.test(contentType)) {
      throw apiError(HTTP_STATUS.UNSUPPORTED_MEDIA_TYPE, 'json_required', 'Send the request body as application/json.');
    }
    return next();
  };
}
