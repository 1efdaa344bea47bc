/**
 * The outbox worker's wake-ups (docs/decisions/0066-kitchen-hand-off-after-the-rush.md, QUALITY P6): a nudge (a new order) starts a pass
 * only after a pause in the nudges, one wake-up takes every due row (not one batch), and a rush that
 * never pauses still reaches the kitchen within about two poll intervals. The jobs are a vendor POS's
 * hand-offs, written when the manager accepts each order (docs/decisions/0094-the-board-is-the-kitchen.md);
 * the vendor here takes every ticket.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { OutboxWorker } from '../../api/jobs/outbox-worker';
import type { Pos } from '../../api/integrations/pos/port';
import { OUTBOX_BATCH_SIZE, createOutboxWorker } from '../../api/jobs/outbox-worker';
import { acceptOrder } from '../../api/orders';
import type { TestUser } from '../setup/auth';
import { createUserWithSession } from '../setup/auth';
import type { TestApp } from '../setup/test-app';
import { createTestApp } from '../setup/test-app';
import type { CatalogueItem } from './order-fixtures';
import { firstLocationId, loadCatalogue, pickupBody, placeOrder } from './order-fixtures';

/** Long enough that the poll never runs during a test unless the test says so. */
const NO_POLL_MS = 60_000;
const NUDGE_EVERY_MS = 50;
const WAIT_OPTIONS = { timeout: 10_000, interval: 20 };
const VENDOR_POS_ENV = { POS: 'http', POS_URL: 'http://127.0.0.1:9/unused' };
let ticketsTaken = 0;
const vendorTakesEverything: Pos = {
  name: 'http',
  send: () => {
    ticketsTaken += 1;
    return Promise.resolve('sent');
  },
};

describe('outbox worker wake-ups', () => {
  let t: TestApp;
  let alice: TestUser;
  let catalogue: CatalogueItem[];
  let locationId: number;
  let worker: OutboxWorker | null = null;

  beforeAll(async () => {
    t = await createTestApp({ env: VENDOR_POS_ENV });
    alice = await createUserWithSession(t);
    catalogue = await loadCatalogue(t);
    locationId = await firstLocationId(t);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = null;
  });
  afterAll(async () => {
    await t.close();
  });

  const startWorker = (intervalMs: number, nudgeQuietMs: number) => {
    worker = createOutboxWorker({
      store: t.deps.store,
      clock: t.clock,
      logger: t.deps.logger,
      pos: vendorTakesEverything,
      orderEvents: t.deps.orderEvents,
    });
    worker.start(intervalMs, nudgeQuietMs);
  };
  const pendingRows = async () =>
    Number(
      (
        await t.deps.store.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** An order the manager has accepted: its hand-off job is due. */
  const place = async () => {
    const order = await placeOrder(t, alice, pickupBody(locationId, [catalogue[0]!]));
    await acceptOrder(t.deps, { orderNumber: order.orderNumber, prepMinutes: 30 });
  };

  it('takes more than one batch of due rows in one wake-up', async () => {
    for (let i = 0; i < OUTBOX_BATCH_SIZE + 3; i += 1) await place();
    expect(await pendingRows()).toBe(OUTBOX_BATCH_SIZE + 3);
    const takenBefore = ticketsTaken;
    // Started after the orders: only its first wake-up can take them (no poll, no nudge comes).
    startWorker(NO_POLL_MS, NO_POLL_MS);
    await vi.waitFor(async () => expect(await pendingRows()).toBe(0), WAIT_OPTIONS);
    expect(ticketsTaken - takenBefore).toBe(OUTBOX_BATCH_SIZE + 3);
  });

  it('waits for a pause in the nudges, then hands the orders off', async () => {
    const quietMs = 2_000;
    startWorker(NO_POLL_MS, quietMs);
    await vi.waitFor(async () => expect(await pendingRows()).toBe(0), WAIT_OPTIONS);
    await place();
    await place();
    for (let i = 0; i < 5; i += 1) {
      // Every order nudges; more nudges keep pushing the pass back.
      t.deps.orderEvents.notifyOutbox();
      await new Promise((resolve) => setTimeout(resolve, NUDGE_EVERY_MS));
      expect(await pendingRows()).toBe(2);
    }
    const lastNudgeAt = performance.now();
    t.deps.orderEvents.notifyOutbox();
    await vi.waitFor(async () => expect(await pendingRows()).toBe(0), WAIT_OPTIONS);
    // Timers may fire a little early (ms rounding); never a whole nudge period early.
    expect(performance.now() - lastNudgeAt).toBeGreaterThanOrEqual(quietMs - NUDGE_EVERY_MS);
  });

  it('still hands off within about two poll intervals when the nudges never pause', async () => {
    const intervalMs = 300;
    startWorker(intervalMs, NO_POLL_MS);
    await vi.waitFor(async () => expect(await pendingRows()).toBe(0), WAIT_OPTIONS);
    const takenBefore = ticketsTaken;
    await place();
    const started = performance.now();
    let nudging = true;
    const nudges = (async () => {
      while (nudging) {
        t.deps.orderEvents.notifyOutbox();
        await new Promise((resolve) => setTimeout(resolve, NUDGE_EVERY_MS));
      }
    })();
    try {
      await vi.waitFor(async () => {
        expect(await pendingRows()).toBe(0);
        expect(ticketsTaken).toBe(takenBefore + 1);
      }, WAIT_OPTIONS);
    } finally {
      nudging = false;
      await nudges;
    }
    // The nudge timer alone would wait NO_POLL_MS; the poll took it (generous bound for a busy machine).
    expect(performance.now() - started).toBeLessThan(NO_POLL_MS / 10);
  });
});
