/**
 * Request id (reused from X-Request-Id when sane), the order number the request is about, one
 * structured log line per request, and the request's count and latency in the metrics.
 *
 * Every log line written while the request is handled carries the request id, and the order number
 * where there is one (api/lib/logger.ts's async context): taken from the path or the `orderNumber`
 * query parameter (GET /api/orders/ORD-…, /api/admin/board/ORD-…/status, …), so one order's story can
 * be followed across instances. Code that learns the number some other way (placing an order, a
 * payment webhook) calls addLogContext({ orderNumber }) where it learns it; answers are never re-read
 * for it.
 */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { randomUUID } from 'node:crypto';

import { isOrderNumber } from '../../src/shared/domain/order-number';
import type { AppEnv } from '../deps';
import type { Logger } from '../lib/logger';
import { withLogContext } from '../lib/logger';
import type { RequestMetrics } from '../lib/metrics';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,80}$/;
/** The order number in the path's segments or the orderNumber query parameter, if any. */
export function orderNumberOfRequest(path: string, query: string | undefined): string | undefined {
  for (const segment of path.split('/')) if (isOrderNumber(segment)) return segment;
  return query && isOrderNumber(query) ? query : undefined;
}

export function requestContext(logger: Logger, metrics?: RequestMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    const orderNumber = orderNumberOfRequest(c.req.path, c.req.query('orderNumber'));
    await withLogContext({ requestId, ...(orderNumber ? { orderNumber } : {}) }, async () => {
      // The request id also stays on the request's own logger, for code that passes it on to work outside this request.
      const requestLogger = logger.child({ requestId });
      c.set('requestId', requestId);
      c.set('logger', requestLogger);
      const started = performance.now();
      // Set before the route builds its answer: a header written onto a finished answer makes
      // @hono/node-server rebuild it and stream its body out (docs/decisions/0154-app-headers-before-the-answer.md).
      c.header('X-Request-Id', requestId);
      await next();
      // An answer built without the context (a bare Response) did not take it: then onto the finished answer.
      if (c.res.headers.get('X-Request-Id') !== requestId) c.header('X-Request-Id', requestId);
      const seconds = (performance.now() - started) / 1000;
      // The route's pattern (/api/orders/:orderNumber), never the raw path: one series per route, not per order.
      metrics?.observeRequest(c.req.method, routePath(c) || 'unmatched', c.res.status, seconds);
      requestLogger.info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(seconds * 10_000) / 10,
      });
    });
  };
}
