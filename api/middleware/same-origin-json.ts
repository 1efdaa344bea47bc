/**
 * CSRF defence (a forged cross-site form must not act for a signed-in person): an unsafe method on /api must come from our own origin and, when it
 * has a body, carry JSON. Together with SameSite=Lax cookies this refuses cross-site form posts
 * (text/plain, form-urlencoded) and cross-origin fetches. Paths in `exempt` (signed webhooks,
 * the test checkout's form) verify themselves.
 */
import type { MiddlewareHandler } from 'hono';

import { apiError, HTTP_STATUS } from '../lib/http-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginJson(options: {
  publicOrigin?: string;
  exempt?: (path: string) => boolean;
  /** The few routes whose body is not JSON (a photo upload) and that check its type themselves: same-origin only. */
  checksOwnBodyType?: (path: string) => boolean;
}): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.exempt?.(c.req.path)) return next();
    const origin = c.req.header('origin');
    const ownOrigin = new URL(c.req.url).origin;
    const allowed = new Set([ownOrigin, ...(options.publicOrigin ? [options.publicOrigin] : [])]);
    if (!origin || !allowed.has(origin)) {
      throw apiError(HTTP_STATUS.FORBIDDEN, 'cross_origin', 'Requests that change data must come from this site.');
    }
    // Browsers label every body they send (forms: urlencoded, multipart or text/plain; a string
    // fetch body: text/plain), so: a Content-Type must be JSON, and without one there must be no
    // body at all (a bodiless DELETE or POST is fine).
    const contentType = c.req.header('content-type');
    const length = c.req.header('content-length');
    const declaresBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    const acceptable =
      options.checksOwnBodyType?.(c.req.path) === true ||
      (contentType === undefined ? !declaresBody : /^application\/json\b/i.test(contentType));
    if (!acceptable) {
      throw apiError(HTTP_STATUS.UNSUPPORTED_MEDIA_TYPE, 'json_required', 'Send the request body as application/json.');
    }
    return next();
  };
}
