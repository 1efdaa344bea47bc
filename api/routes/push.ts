/**
 * Web Push subscriptions (issue 20).
 * - GET  /api/push/public-key              the VAPID public key browsers subscribe with (public; the
 *                                          private key is never in any answer)
 * - GET  /api/push/subscriptions           the signed-in person's devices (the profile's "turn off")
 * - POST /api/push/subscriptions           this device, for the person's own orders (one row per
 *                                          device per account: again from the same device refreshes it)
 * - DELETE /api/push/subscriptions/:id     turn one of the person's devices off (404 for anyone else's)
 * - GET/POST /api/admin/push/subscriptions, DELETE /api/admin/push/subscriptions/:id: the board's
 *   tablets (manager only), which ring for every new order and every order left waiting.
 * Only the browsers' push services are accepted as endpoints (api/integrations/push/select.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';

import type { PushSubscriptionView } from '../../src/shared/schemas/push';
import { pushSubscriptionInputSchema } from '../../src/shared/schemas/push';
import type { AppDeps, AppEnv } from '../deps';
import type { Push } from '../integrations/push/port';
import { createPushFromEnv, isAcceptedPushEndpoint } from '../integrations/push/select';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { requireAdmin, requireUser, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';
import type { PushAudienceValue, PushSubscriptionRow } from '../store/push-queries';
import {
  deletePushSubscription,
  pushSubscriptionById,
  pushSubscriptionsFor,
  pushSubscriptionsOf,
  upsertPushSubscription,
} from '../store/push-queries';

const ID_PARAM = z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)) });
const DEFAULT_DEVICE_LABEL = 'This browser';

function toView(row: PushSubscriptionRow): PushSubscriptionView {
  return { id: row.id, endpoint: row.endpoint, deviceLabel: row.device_label, createdAt: row.created_at };
}

function subscriptionRoutes(deps: AppDeps, audience: PushAudienceValue) {
  const db = deps.store.db;
  const guard = audience === 'board' ? requireAdmin : requireUser;
  return new Hono<AppEnv>()
    .get('/subscriptions', guard, async (c) => {
      const rows =
        audience === 'board' ? await pushSubscriptionsFor(db, 'board') : await pushSubscriptionsOf(db, sessionUser(c).id, 'customer');
      return c.json({ subscriptions: rows.map(toView) });
    })
    .post('/subscriptions', guard, validate('json', pushSubscriptionInputSchema), async (c) => {
      const input = c.req.valid('json');
      if (!isAcceptedPushEndpoint(input.endpoint, deps.env))
        throw apiError(HTTP_STATUS.BAD_REQUEST, 'push_endpoint_refused', "This browser's push service is not one we can send to.");
      const row = await upsertPushSubscription(db, {
        audience,
        userId: sessionUser(c).id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        deviceLabel: input.deviceLabel ?? DEFAULT_DEVICE_LABEL,
        now: deps.clock.now().toISOString(),
      });
      return c.json({ subscription: toView(row) }, HTTP_STATUS.CREATED);
    })
    .delete('/subscriptions/:id', guard, validate('param', ID_PARAM), async (c) => {
      const { id } = c.req.valid('param');
      const row = await pushSubscriptionById(db, id);
      // Someone else's device reads exactly like one that does not exist.
      const mine = row && row.audience === audience && (audience === 'board' || row.user_id === sessionUser(c).id);
      if (!row || !mine || !(await deletePushSubscription(db, row.id)))
        throw apiError(HTTP_STATUS.NOT_FOUND, 'push_subscription_not_found', 'This device is not subscribed.');
      return c.body(null, HTTP_STATUS.NO_CONTENT);
    });
}

export function pushRoutes(deps: AppDeps, push: Push = createPushFromEnv(deps.env, deps.store.db, deps.clock)) {
  return new Hono<AppEnv>()
    .get('/public-key', async (c) => c.json({ publicKey: await push.publicKey() }))
    .route('/', subscriptionRoutes(deps, 'customer'));
}

export function adminPushRoutes(deps: AppDeps) {
  return subscriptionRoutes(deps, 'board');
}
