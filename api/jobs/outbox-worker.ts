/**
 * The server's job worker (ARCHITECTURE "outbox worker (POS, mail)"): the one durable job queue
 * (./queue.ts: leases, retries, exactly-once hand-offs; ./leases.ts: its SQL in both dialects;
 * ./schedule.ts: backoff and wake-ups) with every kind of job this app has, registered by kind.
 * Each handler lives beside its domain:
 * - 'pos.send': the kitchen hand-off (api/orders/pos-hand-off.ts);
 * - 'cms.order', 'cms.address': copies to the restaurant's Directus (api/integrations/cms/);
 * - 'mail': account links and notices (api/integrations/mail/outbox.ts);
 * - 'push.send': one Web Push to one device (api/notifications/push-job.ts).
 * A new kind (push, refunds) is one more handler in `appJobs` (docs/decisions/0093-one-job-queue-with-handlers-by-kind.md).
 */
import { cmsAddressCopyJob } from '../integrations/cms/address-copy-job';
import type { CmsAddressSink } from '../integrations/cms/directus-addresses';
import type { CmsOrderSink } from '../integrations/cms/directus-orders';
import { cmsOrderCopyJob } from '../integrations/cms/directus-orders';
import { mailJob } from '../integrations/mail/outbox';
import type { Mail } from '../integrations/mail/port';
import type { Pos } from '../integrations/pos/port';
import type { Push } from '../integrations/push/port';
import { systemClock } from '../../src/shared/clock';
import { createLogger } from '../lib/logger';
import type { OrderEventBus } from '../lib/order-events';
import { pushJob } from '../notifications/push-job';
import { posHandOffJob } from '../orders';
import type { JobHandler, JobQueueOptions, JobQueueWorker } from './queue';
import { createJobQueueWorker } from './queue';

export { OUTBOX_BATCH_SIZE, OUTBOX_LEASE_MS, OUTBOX_POS_TIMEOUT_MS } from './queue';
export type { JobHandler } from './queue';
export { backoffMs, OUTBOX_NUDGE_QUIET_MS, OUTBOX_POLL_INTERVAL_MS, OUTBOX_RETRY_BASE_MS, OUTBOX_RETRY_MAX_MS } from './schedule';

/** The queue's own settings (lease, retries, timeout, jitter) pass through unchanged. */
type QueueSettings = Pick<
  JobQueueOptions,
  'store' | 'clock' | 'logger' | 'workerId' | 'retryBaseMs' | 'retryMaxMs' | 'timeoutMs' | 'leaseMs' | 'random'
>;

export interface OutboxWorkerOptions extends QueueSettings {
  pos: Pos;
  orderEvents: OrderEventBus;
  /** CMS=directus: where 'cms.order' rows copy accepted orders; without it such rows fail and wait. */
  cmsOrders?: CmsOrderSink | null;
  /** CMS=directus: where 'cms.address' rows copy saved addresses; without it such rows fail and wait. */
  cmsAddresses?: CmsAddressSink | null;
  /** Where 'mail' rows go; without it such rows fail and wait (for a worker that has it). */
  mail?: Mail | null;
  /** Where 'push.send' rows go; without it such rows fail and wait (for a worker that has it). */
  push?: Push | null;
}

export type OutboxWorker = JobQueueWorker;

/** Every kind of job of this app, by kind: the registration list. */
export function appJobs(
  options: Pick<OutboxWorkerOptions, 'store' | 'pos' | 'orderEvents' | 'cmsOrders' | 'cmsAddresses' | 'mail' | 'push'> &
    Partial<Pick<OutboxWorkerOptions, 'clock' | 'logger'>>,
): JobHandler[] {
  const db = options.store.db;
  return [
    posHandOffJob({ store: options.store, pos: options.pos, orderEvents: options.orderEvents }),
    cmsOrderCopyJob({ db, sink: options.cmsOrders }),
    cmsAddressCopyJob({ db, sink: options.cmsAddresses }),
    ...(options.mail ? [mailJob(options.mail)] : []),
    ...(options.push
      ? [
          pushJob({
            store: options.store,
            push: options.push,
            // The worker always passes its own; a bare registration list (tests listing kinds) needs none.
            clock: options.clock ?? systemClock,
            logger: options.logger ?? createLogger('silent'),
          }),
        ]
      : []),
  ];
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    pos: _pos,
    orderEvents,
    cmsOrders: _cmsOrders,
    cmsAddresses: _cmsAddresses,
    mail: _mail,
    push: _push,
    ...queueSettings
  } = options;
  return createJobQueueWorker({
    ...queueSettings,
    handlers: appJobs(options),
    // A new order (or a payment, a re-send) nudges the worker so it need not wait for its next poll.
    onNudge: (listener) => orderEvents.onOutbox(listener),
  });
}
