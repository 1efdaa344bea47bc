/**
 * POST /api/orders/:orderNumber/feedback (issue 5, 'Send Feedback'): the signed-in customer rates
 * one of their own orders. Another customer's order answers 404 like an unknown one. A few
 * submissions per order are kept (a second thought is fine, a flood is not).
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';

import type { OrderFeedback } from '../../src/shared/schemas/feedback';
import { orderFeedbackInputSchema } from '../../src/shared/schemas/feedback';
import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { requireUser, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';
import { lockCustomer } from '../store/row-lock';

/** Submissions kept per order before further ones are refused. */
export const MAX_FEEDBACK_PER_ORDER = 5;
const ORDER_NUMBER_PARAM = z.object({ orderNumber: z.string().check(z.minLength(1), z.maxLength(40)) });

export function orderFeedbackRoutes(deps: AppDeps) {
  const db = deps.store.db;
  return new Hono<AppEnv>().post(
    '/:orderNumber/feedback',
    requireUser,
    validate('param', ORDER_NUMBER_PARAM),
    validate('json', orderFeedbackInputSchema),
    async (c) => {
      const user = sessionUser(c);
      const { orderNumber } = c.req.valid('param');
      const input = c.req.valid('json');
      const order = await db
        .selectFrom('orders')
        .select(['id', 'order_number'])
        .where('order_number', '=', orderNumber)
        .where('customer_id', '=', user.id)
        .executeTakeFirst();
      if (!order) throw apiError(HTTP_STATUS.NOT_FOUND, 'order_not_found', 'Order Not Found');
      const createdAt = deps.clock.now().toISOString();
      const inserted = await db.transaction().execute(async (trx) => {
        await lockCustomer(trx, deps.store.dialect, user.id);
        const { count } = await trx
          .selectFrom('order_feedback')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('order_id', '=', order.id)
          .executeTakeFirstOrThrow();
        if (Number(count) >= MAX_FEEDBACK_PER_ORDER)
          throw apiError(HTTP_STATUS.CONFLICT, 'feedback_limit', 'Thank you, we already have your feedback for this order.');
        return trx
          .insertInto('order_feedback')
          .values({ order_id: order.id, customer_id: user.id, rating: input.rating, message: input.message, created_at: createdAt })
          .returning('id')
          .executeTakeFirstOrThrow();
      });
      // The manager's inbox badge (issue 18) follows without a reload.
      deps.liveEvents.publish({ type: 'inbox-changed', at: createdAt });
      const feedback: OrderFeedback = {
        id: inserted.id,
        orderNumber: order.order_number,
        rating: input.rating,
        message: input.message,
        createdAt,
      };
      return c.json({ feedback }, HTTP_STATUS.CREATED);
    },
  );
}
