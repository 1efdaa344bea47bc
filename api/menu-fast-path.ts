/**
 * GET /api/menu is the hottest request (every app start revalidates it). Once the menu
 * cache is built, this answers it at the node:http level with the same status, headers and bytes as
 * the Hono route (api/lib/menu-answer.ts) plus the same security headers and request id, skipping the
 * Fetch-API request/response translation. Anything else, or a cold cache, goes to Hono.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { AppDeps } from './deps';
import type { MenuAnswer } from './lib/menu-answer';
import { menuAnswer } from './lib/menu-answer';
import type { MenuBody } from './lib/menu-cache';
import { appMetrics } from './lib/metrics';
import { SECURITY_HEADERS, transportSecurityHeaders } from './middleware/security-headers';

const MENU_PATHS = new Set(['/api/menu', '/api/menu/']);

export function createMenuFastPath(deps: AppDeps) {
  const headers = { ...SECURITY_HEADERS, ...transportSecurityHeaders(deps.env) };
  // Counted like the Hono route it stands in for (GET /api/menu), so the metrics see the hottest request.
  const metrics = appMetrics(deps);
  // The flat [name, value, …] header list of each answer shape (status and encoding) of the built
  // menu, made once per menu version rather than merged from objects on every request. Not under a
  // TTL: its Age header changes by the second.
  let listsFor: MenuBody | null = null;
  const lists = new Map<string, string[]>();
  const headerListOf = (body: MenuBody, answer: MenuAnswer, ageSeconds: number | null): string[] => {
    if (ageSeconds !== null) return Object.entries({ ...headers, ...answer.headers }).flat();
    if (listsFor !== body) {
      listsFor = body;
      lists.clear();
    }
    const shape = `${answer.status} ${answer.headers['Content-Encoding'] ?? ''}`;
    let list = lists.get(shape);
    if (!list) {
      list = Object.entries({ ...headers, ...answer.headers }).flat();
      lists.set(shape, list);
    }
    return list;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || !req.url || !MENU_PATHS.has(req.url)) return false;
    const body = deps.menuCache.peek();
    if (!body) return false;
    const started = performance.now();
    const ifNoneMatch = req.headers['if-none-match'];
    const acceptEncoding = req.headers['accept-encoding'];
    const ageSeconds = deps.menuCache.ageSeconds();
    const answer = menuAnswer(body, Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch, acceptEncoding, ageSeconds);
    res.writeHead(answer.status, [...headerListOf(body, answer, ageSeconds), 'X-Request-Id', randomUUID()]);
    res.end(answer.body ?? undefined);
    metrics.observeRequest('GET', '/api/menu', answer.status, (performance.now() - started) / 1000);
    return true;
  };
}
