/**
 * GET /api/menu is the hottest request (every app start revalidates it). Once the menu
 * cache is built, this answers it at the node:http level with the same status, headers and bytes as
 * the Hono route (api/lib/menu-answer.ts) plus the same security headers and request id, skipping the
 * Fetch-API request/response translation. Anything else, or a cold cache, goes to Hono.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { AppDeps } from './deps';
import { menuAnswer } from './lib/menu-answer';
import { appMetrics } from './lib/metrics';
import { SECURITY_HEADERS, transportSecurityHeaders } from './middleware/security-headers';

const MENU_PATHS = new Set(['/api/menu', '/api/menu/']);

export function createMenuFastPath(deps: AppDeps) {
  const headers = { ...SECURITY_HEADERS, ...transportSecurityHeaders(deps.env) };
  // Counted like the Hono route it stands in for (GET /api/menu), so the metrics see the hottest request.
  const metrics = appMetrics(deps);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || !req.url || !MENU_PATHS.has(req.url)) return false;
    const body = deps.menuCache.peek();
    if (!body) return false;
    const started = performance.now();
    const ifNoneMatch = req.headers['if-none-match'];
    const acceptEncoding = req.headers['accept-encoding'];
    const answer = menuAnswer(
      body,
      Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch,
      acceptEncoding,
      deps.menuCache.ageSeconds(),
    );
    res.writeHead(answer.status, { ...headers, ...answer.headers, 'X-Request-Id': randomUUID() });
    res.end(answer.body ?? undefined);
    metrics.observeRequest('GET', '/api/menu', answer.status, (performance.now() - started) / 1000);
    return true;
  };
}
