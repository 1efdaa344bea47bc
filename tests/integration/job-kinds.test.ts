/**
 * Chaos for every job kind the app registers (api/jobs/outbox-worker.ts appJobs;
 * docs/decisions/0093-one-job-queue-with-handlers-by-kind.md): each kind's row, enqueued twice by
 * the same cause, is first claimed by a worker that dies holding its lease, then run while its
 * upstream is down, then run again once the upstream is back, and lands exactly once upstream; the
 * dead worker, waking up late, records nothing. A kind registered without a scenario here fails the
 * first test, so a new kind (push, refunds) comes with its chaos run.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { DIRECTUS_IDENTITY_PROVIDER, enqueueCmsAddressCopy } from '../../api/integrations/cms/directus-addresses';
import type { CmsAddressSink } from '../../api/integrations/cms/directus-addresses';
import { enqueueCmsOrderCopy } from '../../api/integrations/cms/directus-orders';
import type { CmsOrderSink } from '../../api/integrations/cms/directus-orders';
import { enqueueMail } from '../../api/integrations/mail/outbox';
import type { Mail } from '../../api/integrations/mail/port';
import type { Pos } from '../../api/integrations/pos/port';
import type { Push } from '../../api/integrations/push/port';
import { claimDueJobs, markJobDone } from '../../api/jobs/leases';
import { appJobs, createOutboxWorker, OUTBOX_BATCH_SIZE } from '../../api/jobs/outbox-worker';
import { acceptOrder } from '../../api/orders';
import type { PushJobPayload } from '../../api/notifications/push-job';
import { PUSH_OUTBOX_KIND } from '../../api/notifications/push-job';
import { enqueueOutboxRows } from '../../api/store/outbox-rows';
import { upsertPushSubscription } from '../../api/store/push-queries';
import type { TestUser } from '../setup/auth';
import { createUserWithSession } from '../setup/auth';
import type { TestApp } from '../setup/test-app';
import { createTestApp } from '../setup/test-app';
import { firstLocationId, insertAddress, loadCatalogue, pickupBody, placeOrder } from './order-fixtures';

const LEASE_MS = 30_000;
const RETRY_MAX_MS = 8_000;

/** Every fake upstream: down or up, and what it accepted, by the upstream's own key. */
class Upstream {
  down = false;
  readonly accepted = new Map<string, number>();
  accept(key: string): void {
    if (this.down) throw new Error('upstream down');
    this.accepted.set(key, (this.accepted.get(key) ?? 0) + 1);
  }
}

function fakes(upstream: Upstream) {
  const pos: Pos = {
    name: 'http',
    send: (payload) => {
      upstream.accept(payload.bill.externalOrderNo);
      return Promise.resolve('sent');
    },
  };
  const cmsOrders: CmsOrderSink = {
    name: 'fake-cms',
    copy: (order) => {
      upstream.accept(order.orderNumber);
      return Promise.resolve('created');
    },
  };
  const cmsAddresses: CmsAddressSink = {
    name: 'fake-cms',
    save: (input) => {
      upstream.accept(`address:${input.createdAt}`);
      return Promise.resolve('cms-address-1');
    },
    remove: () => Promise.resolve('already-gone'),
    listFor: () => Promise.resolve({ items: [], skipped: 0 }),
  };
  const mail: Mail = {
    name: 'fake-mail',
    send: (message) => {
      upstream.accept(message.to);
      return Promise.resolve();
    },
    close: () => undefined,
  };
  const push: Push = {
    name: 'fake-push',
    publicKey: () => Promise.resolve('fake-key'),
    send: (target, payload) => {
      upstream.accept(`${target.endpoint}:${payload.orderNumber}`);
      return Promise.resolve({ kind: 'sent', status: 201 });
    },
  };
  return { pos, cmsOrders, cmsAddresses, mail, push };
}

/** Makes the kind's row the way its cause does; answers the key its upstream will see. */
type Scenario = (t: TestApp, user: TestUser) => Promise<string>;

/** The configuration a kind's cause needs: the POS hand-off is a job only with a vendor POS. */
const SCENARIO_ENV: Record<string, Record<string, string>> = {
  'pos.send': { POS: 'http', POS_URL: 'http://127.0.0.1:9/unused' },
};

const scenarios: Record<string, Scenario> = {
  'pos.send': async (t, user) => {
    const items = (await loadCatalogue(t)).slice(0, 1);
    const order = await placeOrder(t, user, pickupBody(await firstLocationId(t), items));
    // A vendor POS gets the ticket once a person accepted the order (docs/decisions/0094-the-board-is-the-kitchen.md).
    await acceptOrder(t.deps, { orderNumber: order.orderNumber, prepMinutes: 30 });
    return order.orderNumber;
  },
  'cms.order': async (t, user) => {
    const items = (await loadCatalogue(t)).slice(0, 1);
    // A card order: no kitchen hand-off yet, so the copy is the only job.
    const order = await placeOrder(t, user, pickupBody(await firstLocationId(t), items, { paymentMethod: 'card' }));
    await enqueueCmsOrderCopy(t.deps.store.db, order.orderNumber, t.clock.now());
    return order.orderNumber;
  },
  'cms.address': async (t, user) => {
    const db = t.deps.store.db;
    const at = t.clock.now().toISOString();
    await db
      .insertInto('user_identities')
      .values({ provider: DIRECTUS_IDENTITY_PROVIDER, subject: 'directus-user-1', user_id: user.id, email: user.email, created_at: at })
      .execute();
    const addressId = await insertAddress(t, user.id);
    const row = await db
      .selectFrom('customer_addresses')
      .select(['id', 'customer_id', 'cms_id', 'created_at'])
      .where('id', '=', addressId)
      .executeTakeFirstOrThrow();
    await enqueueCmsAddressCopy(db, [row], t.clock.now());
    return `address:${row.created_at}`;
  },
  'push.send': async (t, user) => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/job-kinds';
    const at = t.clock.now().toISOString();
    const subscription = await upsertPushSubscription(t.deps.store.db, {
      audience: 'customer',
      userId: user.id,
      endpoint,
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'AAAAAAAAAAAAAAAAAAAAAA',
      deviceLabel: 'Phone',
      now: at,
    });
    const payload: PushJobPayload = {
      subscriptionId: subscription.id,
      causedAt: at,
      urgency: 'normal',
      topic: 'o1c',
      payload: { audience: 'customer', kind: 'status', orderNumber: 'CG-JOB-KINDS', status: 'confirmed', text: 'Confirmed' },
    };
    await enqueueOutboxRows(
      t.deps.store.db,
      [{ kind: PUSH_OUTBOX_KIND, dedupeKey: `push:job-kinds:s${subscription.id}`, payload }],
      t.clock.now(),
    );
    return `${endpoint}:CG-JOB-KINDS`;
  },
  mail: async (t) => {
    const to = 'job-kinds@example.ro';
    await enqueueMail(t.deps.store.db, { to, subject: 'A notice', text: 'Hello.' }, { dedupeKey: 'job-kinds:1', now: t.clock.now() });
    return to;
  },
};

describe('every job kind: a crashed worker, an upstream down, exactly once', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('every registered kind has a chaos scenario here', async () => {
    t = await createTestApp();
    const kinds = appJobs({ store: t.deps.store, orderEvents: t.deps.orderEvents, ...fakes(new Upstream()) }).map((job) => job.kind);
    expect(kinds.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(scenarios).sort()).toEqual([...kinds].sort());
  });

  for (const [kind, scenario] of Object.entries(scenarios)) {
    it(`'${kind}'`, async () => {
      t = await createTestApp({ env: SCENARIO_ENV[kind] ?? {} });
      const app = t;
      const db = app.deps.store.db;
      const user = await createUserWithSession(app);
      const upstream = new Upstream();
      const key = await scenario(app, user);
      const rowsOfKind = () => db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute();
      const [row] = await rowsOfKind();
      expect(row, 'the cause wrote its job').toBeDefined();

      // The same cause again (a retried request): still one row.
      await enqueueOutboxRows(db, [{ kind, dedupeKey: row!.dedupe_key, payload: JSON.parse(row!.payload) as unknown }], app.clock.now());
      expect(await rowsOfKind()).toHaveLength(1);

      const worker = createOutboxWorker({
        store: app.deps.store,
        clock: app.clock,
        logger: app.deps.logger,
        orderEvents: app.deps.orderEvents,
        ...fakes(upstream),
        workerId: 'live',
        leaseMs: LEASE_MS,
        retryBaseMs: 1_000,
        retryMaxMs: RETRY_MAX_MS,
        random: () => 0.5,
      });

      // A worker claims everything due and dies holding the leases: nobody runs the row meanwhile.
      const claimed = await claimDueJobs(app.deps.store, { workerId: 'dead', leaseMs: LEASE_MS }, app.clock.now(), OUTBOX_BATCH_SIZE);
      expect(claimed.map((job) => job.id)).toContain(row!.id);
      expect(await worker.drain()).toBe(0);

      // Its lease runs out while the upstream is down: the live worker takes the row over and fails.
      app.clock.advanceMs(LEASE_MS + 1);
      upstream.down = true;
      await worker.drain();
      let [after] = await rowsOfKind();
      expect(after).toMatchObject({ status: 'pending', attempts: 1, locked_by: null });
      expect(after!.last_error).toContain('upstream down');
      expect(upstream.accepted.get(key) ?? 0).toBe(0);

      // The upstream is back: the row lands once, and stays done.
      upstream.down = false;
      app.clock.advanceMs(RETRY_MAX_MS + 1);
      await worker.drain();
      [after] = await rowsOfKind();
      expect(after!.status).toBe('done');
      expect(upstream.accepted.get(key)).toBe(1);
      app.clock.advanceMs(RETRY_MAX_MS + 1);
      expect(await worker.drain()).toBe(0);
      expect(upstream.accepted.get(key)).toBe(1);

      // The dead worker wakes up and tries to record its run: its lease is gone, nothing is written.
      expect(await markJobDone(db, 'dead', row!.id, app.clock.now())).toBe(false);
      await worker.stop();
    });
  }
});
