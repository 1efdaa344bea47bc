import { Hono } from 'hono';

import type { Health } from '../../src/shared/schemas/health';
import type { AppDeps, AppEnv } from '../deps';
import { HTTP_STATUS } from '../lib/http-errors';

export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const storeOk = await deps.store.ping();
    const body: Health = {
      status: storeOk ? 'ok' : 'degraded',
      version: deps.version,
      store: { status: storeOk ? 'ok' : 'error', dialect: deps.store.dialect },
      uptimeSeconds: Math.round((deps.clock.now().getTime() - deps.startedAt.getTime()) / 1000),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body, storeOk ? HTTP_STATUS.OK : HTTP_STATUS.SERVICE_UNAVAILABLE);
  });
}

/**
 * GET /api/ready, for the reverse proxy or orchestrator: 200 when the store answers and every
 * migration of this build is applied; 503 otherwise, and 503 from SIGTERM on (draining) so the proxy
 * stops sending new requests before the instance stops. /api/health stays the liveness probe.
 */
export function readyRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (deps.lifecycle.draining) return c.json({ status: 'draining' as const }, HTTP_STATUS.SERVICE_UNAVAILABLE);
    const ready = await deps.store.ready();
    return ready
      ? c.json({ status: 'ready' as const, instance: deps.instanceId }, HTTP_STATUS.OK)
      : c.json({ status: 'store_unavailable' as const }, HTTP_STATUS.SERVICE_UNAVAILABLE);
  });
}
