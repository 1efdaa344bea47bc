/** Request id (reused from X-Request-Id when sane) and one structured log line per request. */
import type { MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';

import type { AppEnv } from '../deps';
import type { Logger } from '../lib/logger';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,80}$/;

export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    const requestLogger = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('logger', requestLogger);
    const started = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
    requestLogger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
