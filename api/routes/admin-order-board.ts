/**
 * /api/admin/board (issue 7, the manager's order board): every order of the restaurant, newest
 * first, filterable by status and by today (Europe/Bucharest), and one-step status moves, which the
 * orders module makes and publishes (api/orders/status.ts: the shared transition rule, a
 * cancellation's reason, the customer's live page and the other boards hear it).
 *
 * Offline: the board needs the network to move orders (the kitchen must not act on a state the
 * server has not accepted); a move is a conditional UPDATE from the status the manager saw, so two
 * tablets pressing at once cannot skip a step: the second gets 409 invalid_transition.
 */
import { Hono } from 'hono';
import { z } from 'zod';

import { localParts, zonedWallTimeToDate } from '../../src/shared/domain/opening-hours';
import { boardQuerySchema, orderStatusChangeSchema } from '../../src/shared/schemas/admin';
import type { AppDeps, AppEnv } from '../deps';
import { listBoardOrders } from '../lib/order-records';
import { changeOrderStatus } from '../orders';
import { requireAdmin } from '../middleware/session';
import { validate } from '../middleware/validate';

/** The board shows at most this many orders; a busy day is a few hundred. */
export const BOARD_MAX_ORDERS = 300;
const MS_PER_DAY = 24 * 60 * 60 * 1000;
const ORDER_NUMBER_PARAM = z.object({ orderNumber: z.string().min(1).max(40) });

/** [start, end) of the restaurant's local calendar day containing `now`, as ISO instants. */
export function bucharestDayBounds(now: Date): { start: string; end: string } {
  const { date } = localParts(now);
  const start = zonedWallTimeToDate(date, '00:00');
  // Noon of the next local day is safely inside it whatever DST does; take that day's midnight.
  const nextDate = localParts(new Date(zonedWallTimeToDate(date, '12:00').getTime() + MS_PER_DAY)).date;
  return { start: start.toISOString(), end: zonedWallTimeToDate(nextDate, '00:00').toISOString() };
}

export function adminOrderBoardRoutes(deps: AppDeps) {
  const db = deps.store.db;
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .get('/', validate('query', boardQuerySchema), async (c) => {
      const { status, today } = c.req.valid('query');
      const orders = await listBoardOrders(db, {
        status,
        createdIn: today === '1' ? bucharestDayBounds(deps.clock.now()) : undefined,
        limit: BOARD_MAX_ORDERS,
      });
      return c.json({ orders });
    })
    .post('/:orderNumber/status', validate('param', ORDER_NUMBER_PARAM), validate('json', orderStatusChangeSchema), async (c) => {
      const { orderNumber } = c.req.valid('param');
      const { status, reason } = c.req.valid('json');
      const order = await changeOrderStatus(deps, { orderNumber, to: status, reason });
      return c.json({ order });
    });
}
