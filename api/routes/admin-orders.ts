/**
 * /api/admin/orders (manager only): re-send an order to the POS. The orders module puts its job back
 * in the queue (api/orders/pos-hand-off.ts requeuePos); the POS dedupes by external order number, so
 * a re-send never makes a second ticket.
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';

import type { AppDeps, AppEnv } from '../deps';
import { orderInManagerScope } from '../lib/manager-scope';
import { requeuePos } from '../orders';
import { requireAdmin } from '../middleware/session';
import { validate } from '../middleware/validate';

const ORDER_NUMBER_PARAM = z.object({ orderNumber: z.string().check(z.minLength(1), z.maxLength(40)) });

export function adminOrdersRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use('*', requireAdmin)
      // Issue 22: a location-limited manager re-sends only their kitchen's orders.
      .use('/:orderNumber/*', orderInManagerScope(deps.store.db))
      .post('/:orderNumber/resend-pos', validate('param', ORDER_NUMBER_PARAM), async (c) =>
        c.json(await requeuePos(deps, c.req.valid('param').orderNumber)),
      )
  );
}
