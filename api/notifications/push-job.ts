/**
 * The job queue's handler for 'push.send' rows (registered in api/jobs/outbox-worker.ts): one push
 * to one subscription, written by the notifier (./notifier.ts) with a dedupe key per notice and
 * subscription, so each notice reaches each device exactly once; a failure (network, 429, 5xx) is
 * retried with the queue's backoff. A 404/410 from the push service means the browser dropped the
 * subscription: its row is deleted, and the job is done. A push that could only be sent long after
 * its cause is dropped instead (a "confirmed" an hour late helps nobody).
 */
import { z } from 'zod/mini';

import type { Clock } from '../../src/shared/clock';
import { pushPayloadSchema } from '../../src/shared/schemas/push';
import type { Push } from '../integrations/push/port';
import type { JobHandler } from '../jobs/queue';
import type { Logger } from '../lib/logger';
import { deleteGonePushSubscription, pushSubscriptionById } from '../store/push-queries';
import type { Store } from '../store/store';

export const PUSH_OUTBOX_KIND = 'push.send';

/** Past this, a push that has not gone out is dropped: the order page says the same, live. */
export const PUSH_STALE_AFTER_MS = 60 * 60_000;

export const pushJobPayloadSchema = z.object({
  subscriptionId: z.number().check(z.int(), z.positive()),
  /** When the cause happened (ISO): the push is stale PUSH_STALE_AFTER_MS after it. */
  causedAt: z.string(),
  urgency: z.enum(['normal', 'high']),
  /** Undelivered pushes with the same topic are replaced by the newer one (base64url, ≤ 32). */
  topic: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/)),
  payload: pushPayloadSchema,
});
export type PushJobPayload = z.infer<typeof pushJobPayloadSchema>;

export function pushJob(options: { store: Store; push: Push; clock: Clock; logger: Logger }): JobHandler {
  const { store, push, clock, logger } = options;
  return {
    kind: PUSH_OUTBOX_KIND,
    async run(raw, context) {
      const job = pushJobPayloadSchema.parse(raw);
      const summary = { orderNumber: job.payload.orderNumber, status: job.payload.status, kind: job.payload.kind };
      const ageMs = clock.now().getTime() - new Date(job.causedAt).getTime();
      if (ageMs > PUSH_STALE_AFTER_MS) return { storedPayload: { ...summary, outcome: 'stale' } };
      const subscription = await pushSubscriptionById(store.db, job.subscriptionId);
      // Turned off (or replaced) meanwhile: nothing to send.
      if (!subscription) return { storedPayload: { ...summary, outcome: 'unsubscribed' } };
      const outcome = await push.send(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        job.payload,
        {
          ttlSeconds: Math.max(60, Math.floor((PUSH_STALE_AFTER_MS - Math.max(0, ageMs)) / 1000)),
          urgency: job.urgency,
          topic: job.topic,
          signal: context.signal,
        },
      );
      if (outcome.kind === 'gone') {
        await deleteGonePushSubscription(store.db, subscription.id, subscription.endpoint);
        logger.info('push subscription gone; removed', { subscriptionId: subscription.id, status: outcome.status });
        return { storedPayload: { ...summary, outcome: 'gone', status: outcome.status } };
      }
      return {
        storedPayload: { ...summary, outcome: 'sent', status: outcome.status },
        doneLog: { message: 'push sent', fields: { ...summary, subscriptionId: subscription.id } },
      };
    },
  };
}
