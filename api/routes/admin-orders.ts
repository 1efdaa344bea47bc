/**
 * /api/admin/orders (manager only): re-send an order to the POS. The outbox row is put back in
 * the queue (or created for an order that never had one, e.g. a paid card order from before the
 * outbox); the POS dedupes by external order number, so a re-send never makes a second ticket.
 */
import { Hono } from 'hono';
import { z } from 'zod';

import type { AppDeps, AppEnv } from '../deps';
import { enqueuePosHandOff, posDedupeKey } from '../integrations/payments/events';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { findOrder, publishOrderState } from '../lib/order-records';
import { requireAdmin } from '../middleware/session';
import { validate } from '../middleware/validate';

const ORDER_NUMBER_PARAM = z.object({ orderNumber: z.string().min(1).max(40) });

export function adminOrdersRoutes(deps: AppDeps) {
  const db = deps.store.db;
  return new Hono<AppEnv>().use('*', requireAdmin).post('/:orderNumber/resend-pos', validate('param', ORDER_NUMBER_PARAM), async (c) => {
    const found = await findOrder(db, c.req.valid('param').orderNumber);
    if (!found) throw apiError(HTTP_STATUS.NOT_FOUND, 'order_not_found', 'Order Not Found');
    const { order } = found;
    if (order.paymentMethod === 'card' && order.paymentStatus !== 'paid') {
      throw apiError(HTTP_STATUS.CONFLICT, 'not_paid', 'A card order goes to the kitchen once it is paid.');
    }
    const now = deps.clock.now();
    const at = now.toISOString();
    await db.transaction().execute(async (trx) => {
      await enqueuePosHandOff(trx, order.orderNumber, now);
      await trx
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: at, locked_until: null, locked_by: null, updated_at: at })
        .where('dedupe_key', '=', posDedupeKey(order.orderNumber))
        .execute();
      await trx.updateTable('orders').set({ pos_injection_status: 'pending', updated_at: at }).where('id', '=', order.id).execute();
    });
    await publishOrderState(db, deps.orderEvents, order.orderNumber);
    deps.orderEvents.notifyOutbox();
    return c.json({ orderNumber: order.orderNumber, posInjectionStatus: 'pending' });
  });
}
