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
