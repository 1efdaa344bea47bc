/**
 * /api/admin/board (issue 7, the manager's order board): every order of the restaurant, newest
 * first, filterable by status and by today (Europe/Bucharest); accepting with a preparation time,
 * the forward steps, rejecting/cancelling with a reason, partial refunds and a failed refund's retry
 * (issue 19), which the orders module makes and publishes (api/orders/status.ts, api/orders/refunds.ts).
 * Issue 22: orders for later carry scheduledFor/releaseAt and the answer the server's clock
 * (serverNow), so the board keeps a 'received' order released later in its Scheduled lane
 * (docs/decisions/0138-scheduled-orders-on-the-board.md); a kitchen filter (`location`), a
 * location-limited manager's scope, and moving an accepted order to the other kitchen
 * (docs/decisions/0139-boards-per-location.md).
 *
 * Offline: the board needs the network to move orders (the kitchen must not act on a state the
 * server has not accepted); a move is a conditional UPDATE from the status the manager saw, so two
 * tablets pressing at once cannot skip a step: the second gets 409 invalid_transition.
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';

import { localParts, zonedWallTimeToDate } from '../../src/shared/domain/opening-hours';
import { boardQuerySchema, orderStatusChangeSchema } from '../../src/shared/schemas/admin';
import { moveOrderSchema } from '../../src/shared/schemas/scheduling';
import { acceptOrderSchema, partialRefundSchema, restaurantCancelSchema } from '../../src/shared/schemas/order';
import type { AppDeps, AppEnv } from '../deps';
import { listBoardOrders } from '../lib/order-records';
import { boardLocationFor, managerLocationOf, orderInManagerScope } from '../lib/manager-scope';
import { acceptOrder, cancelOrder, changeOrderStatus, moveOrderToKitchen, refundOrderLines, retryRefund } from '../orders';
import { requireAdmin, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';

/** The board shows at most this many orders; a busy day is a few hundred. */
export const BOARD_MAX_ORDERS = 300;
const MS_PER_DAY = 24 * 60 * 60 * 1000;
const ORDER_NUMBER_PARAM = z.object({ orderNumber: z.string().check(z.minLength(1), z.maxLength(40)) });
const REFUND_PARAM = z.extend(ORDER_NUMBER_PARAM, {
  refundId: z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)),
});

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
  return (
    new Hono<AppEnv>()
      .use('*', requireAdmin)
      // Issue 22: a location-limited manager's order actions reach only their kitchen's orders (404 otherwise).
      .use('/:orderNumber/*', orderInManagerScope(db))
      .get('/', validate('query', boardQuerySchema), async (c) => {
        const { status, today, location } = c.req.valid('query');
        const user = sessionUser(c);
        const locationId = boardLocationFor(user, location);
        const now = deps.clock.now();
        const day = today === '1' ? bucharestDayBounds(now) : undefined;
        const orders = await listBoardOrders(db, {
          status,
          createdIn: day,
          // Today's board also shows the orders for later of today and after, placed on an earlier day.
          scheduledFrom: day?.start,
          locationId,
          limit: BOARD_MAX_ORDERS,
        });
        return c.json({
          orders,
          pos: deps.pos.name,
          serverNow: now.toISOString(),
          locationId: locationId ?? null,
          managerLocationId: managerLocationOf(user),
        });
      })
      // Forward steps only: accepting and cancelling have their own routes below.
      .post('/:orderNumber/status', validate('param', ORDER_NUMBER_PARAM), validate('json', orderStatusChangeSchema), async (c) => {
        const { orderNumber } = c.req.valid('param');
        const { status } = c.req.valid('json');
        const order = await changeOrderStatus(deps, { orderNumber, to: status });
        return c.json({ order });
      })
      .post('/:orderNumber/accept', validate('param', ORDER_NUMBER_PARAM), validate('json', acceptOrderSchema), async (c) => {
        const order = await acceptOrder(deps, {
          orderNumber: c.req.valid('param').orderNumber,
          prepMinutes: c.req.valid('json').prepMinutes,
        });
        return c.json({ order });
      })
      // Reject (before acceptance) and cancel (after) are one move with a reason; a paid card order is refunded.
      .post('/:orderNumber/cancel', validate('param', ORDER_NUMBER_PARAM), validate('json', restaurantCancelSchema), async (c) => {
        const { reasonCode, note } = c.req.valid('json');
        const order = await cancelOrder(deps, { by: 'restaurant', orderNumber: c.req.valid('param').orderNumber, reasonCode, note });
        return c.json({ order });
      })
      .post('/:orderNumber/refunds', validate('param', ORDER_NUMBER_PARAM), validate('json', partialRefundSchema), async (c) => {
        const order = await refundOrderLines(deps, c.req.valid('param').orderNumber, c.req.valid('json').lines);
        return c.json({ order });
      })
      .post('/:orderNumber/refunds/:refundId/retry', validate('param', REFUND_PARAM), async (c) => {
        const { orderNumber, refundId } = c.req.valid('param');
        const order = await retryRefund(deps, orderNumber, refundId);
        return c.json({ order });
      })
      // Issue 22: an accepted order goes to the other kitchen; the customer is told by push (api/orders/move.ts).
      .post('/:orderNumber/move', validate('param', ORDER_NUMBER_PARAM), validate('json', moveOrderSchema), async (c) => {
        const order = await moveOrderToKitchen(deps, {
          orderNumber: c.req.valid('param').orderNumber,
          locationId: c.req.valid('json').locationId,
        });
        return c.json({ order });
      })
  );
}
