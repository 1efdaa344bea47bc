/**
 * /api/admin/board (issue 7, the manager's order board): every order of the restaurant, newest
 * first, filterable by status and by today (Europe/Bucharest), and one-step status moves along the
 * shared transition rule (src/shared/domain/order-status.ts canTransition; a pickup order passes
 * 'ready for pickup' before 'picked up', issue 27). A cancellation needs a
 * reason, which the customer reads on their order page. After the write commits, the change is
 * published to the order event bus (the customer's SSE page updates live) and to the live events
 * (other boards).
 *
 * Offline: the board needs the network to move orders (the kitchen must not act on a state the
 * server has not accepted); a move is a conditional UPDATE from the status the manager saw, so two
 * tablets pressing at once cannot skip a step: the second gets 409 invalid_transition.
 */
import { Hono } from 'hono';
import { z } from 'zod';

import { localParts, zonedWallTimeToDate } from '../../src/shared/domain/opening-hours';
import { canTransition, orderStatusLabel } from '../../src/shared/domain/order-status';
import { boardQuerySchema, orderStatusChangeSchema } from '../../src/shared/schemas/admin';
import type { Order } from '../../src/shared/schemas/order';
import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { findOrder, publishOrderState } from '../lib/order-records';
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
      let query = db
        .selectFrom('orders')
        .select('order_number')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(BOARD_MAX_ORDERS);
      if (status) query = query.where('status', '=', status);
      if (today === '1') {
        const { start, end } = bucharestDayBounds(deps.clock.now());
        query = query.where('created_at', '>=', start).where('created_at', '<', end);
      }
      const numbers = await query.execute();
      const orders: Order[] = [];
      for (const { order_number } of numbers) {
        const found = await findOrder(db, order_number);
        if (found) orders.push(found.order);
      }
      return c.json({ orders });
    })
    .post('/:orderNumber/status', validate('param', ORDER_NUMBER_PARAM), validate('json', orderStatusChangeSchema), async (c) => {
      const { orderNumber } = c.req.valid('param');
      const { status, reason } = c.req.valid('json');
      const found = await findOrder(db, orderNumber);
      if (!found) throw apiError(HTTP_STATUS.NOT_FOUND, 'order_not_found', 'Order Not Found');
      const { order } = found;
      if (!canTransition(order.status, status, order.fulfilment)) {
        // Said in the board's words: a pickup order is 'Ready for Pickup' / 'Picked Up' (issue 27).
        const subject = order.fulfilment === 'pickup' ? 'A pickup order' : 'An order';
        const from = orderStatusLabel(order.status, order.fulfilment);
        const to = orderStatusLabel(status, order.fulfilment);
        throw apiError(HTTP_STATUS.CONFLICT, 'invalid_transition', `${subject} that is '${from}' cannot move to '${to}'.`, {
          from: order.status,
          to: status,
        });
      }
      const at = deps.clock.now().toISOString();
      const result = await db
        .updateTable('orders')
        .set({
          status,
          updated_at: at,
          ...(status === 'delivered' ? { delivered_at: at } : {}),
          ...(status === 'cancelled' ? { cancel_reason: reason ?? null } : {}),
        })
        .where('id', '=', order.id)
        .where('status', '=', order.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw apiError(HTTP_STATUS.CONFLICT, 'invalid_transition', 'The order changed meanwhile. Refresh the board and try again.');
      }
      await publishOrderState(db, deps.orderEvents, orderNumber);
      deps.liveEvents.publish({ type: 'order-updated', orderNumber, status, at });
      const updated = await findOrder(db, orderNumber);
      return c.json({ order: updated!.order });
    });
}
