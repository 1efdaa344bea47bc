/**
 * POS hand-off from the durable outbox (QUALITY R2): with the POS stand-in failing, timing out or
 * resetting half the time, every accepted cash order and every accepted paid card order reaches the
 * POS exactly once under its own external order number, and shows its hand-off status; the vendor's
 * acknowledgement is what moves it to 'sent to kitchen' (issue 19). Plus the embedded kitchen board
 * (accepting there is the kitchen seeing it: no hand-off), live status events, and the manager's re-send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order, OrderStatusEvent, PosPayload } from '../../src/shared/schemas/order';
import { createOutboxWorker } from '../../api/jobs/outbox-worker';
import { acceptOrder, applyPaymentEvent, cancelOrder, startCheckout } from '../../api/orders';
import type { Pos } from '../../api/integrations/pos/port';
import type { PosMock } from '../mocks/pos';
import { seededRandom, startPosMock } from '../mocks/pos';
import type { TestUser } from '../setup/auth';
import { createUserWithSession } from '../setup/auth';
import type { TestApp } from '../setup/test-app';
import { createTestApp } from '../setup/test-app';
import type { CatalogueItem } from './order-fixtures';
import { firstLocationId, insertAddress, loadCatalogue, minimalModifiers, pickupBody, placeOrder } from './order-fixtures';

const POS_TIMEOUT_MS = 150;
const TEN_SECONDS_MS = 10_000;

describe('POS outbox against a stand-in that fails half the time', () => {
  let t: TestApp;
  let pos: PosMock;
  let alice: TestUser;
  let catalogue: CatalogueItem[];

  beforeAll(async () => {
    pos = await startPosMock({ faultRate: 0.5, seed: 7, holdMs: POS_TIMEOUT_MS * 3 });
    t = await createTestApp({ env: { POS: 'http', POS_URL: pos.url, POS_API_KEY: pos.apiKey } });
    alice = await createUserWithSession(t);
    catalogue = await loadCatalogue(t);
    // One dish per order: below the seeded kitchens' 40 lei delivery minimum (decision 0148), which is not what this tests.
    await t.deps.store.db.updateTable('locations').set({ minimum_order_bani: 0 }).execute();
  });
  afterAll(async () => {
    await t.close();
    await pos.close();
  });

  it('sends every cash and paid card order exactly once, with the same external order number', async () => {
    const locationId = await firstLocationId(t);
    const addressId = await insertAddress(t, alice.id);
    const orders: Order[] = [];
    for (let i = 0; i < 16; i += 1) {
      const item = catalogue[i % catalogue.length]!;
      const body =
        i % 2 === 0
          ? pickupBody(locationId, [item])
          : { ...pickupBody(locationId, [item]), fulfilment: { type: 'delivery' as const, addressId } };
      orders.push(await placeOrder(t, alice, body));
    }
    // Two card orders: one paid (goes to the kitchen), one never paid (must not).
    const paid = await placeOrder(t, alice, pickupBody(locationId, [catalogue[0]!], { paymentMethod: 'card' }));
    const unpaid = await placeOrder(t, alice, pickupBody(locationId, [catalogue[1]!], { paymentMethod: 'card' }));
    // Only a session we created can pay an order (issue 21, defect 9): start one, then apply its payment.
    const { sessionId } = await startCheckout(t.deps, paid);
    await applyPaymentEvent(t.deps, {
      id: 'evt_outbox_paid',
      type: 'checkout.session.completed',
      session: {
        id: sessionId,
        orderNumber: paid.orderNumber,
        paymentStatus: 'paid',
        amountTotalBani: paid.totalBani,
        currency: 'ron',
        paymentIntentId: 'pi_1',
        receiptUrl: null,
        failureReason: null,
      },
    });
    orders.push(paid);
    // Nothing reaches the POS before a person accepts it on the board.
    expect(await t.deps.store.db.selectFrom('outbox').select('id').where('kind', '=', 'pos.send').execute()).toEqual([]);
    for (const order of orders) await acceptOrder(t.deps, { orderNumber: order.orderNumber, prepMinutes: 30 });
    expect(
      (await acceptOrder(t.deps, { orderNumber: unpaid.orderNumber, prepMinutes: 30 }).catch((error: unknown) => error)) as object,
    ).toMatchObject({
      code: 'not_paid',
    });

    const seen: OrderStatusEvent[] = [];
    const unsubscribe = t.deps.orderEvents.subscribe(orders[0]!.orderNumber, (event) => seen.push(event));
    // Two workers share the outbox, as two instances would: leases keep them from sending one row twice at once.
    const workers = [1, 2].map((n) =>
      createOutboxWorker({
        store: t.deps.store,
        clock: t.clock,
        logger: t.deps.logger,
        pos: t.deps.pos,
        orderEvents: t.deps.orderEvents,
        workerId: `w${n}`,
        timeoutMs: POS_TIMEOUT_MS,
        retryBaseMs: 1_000,
        retryMaxMs: 8_000,
        random: seededRandom(n),
      }),
    );
    for (let round = 0; round < 60; round += 1) {
      await Promise.all(workers.map((w) => w.drain()));
      const pending = await t.deps.store.db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute();
      if (pending.length === 0) break;
      t.clock.advanceMs(TEN_SECONDS_MS);
    }
    unsubscribe();

    expect(pos.faultsInjected.fail + pos.faultsInjected.timeout + pos.faultsInjected.reset).toBeGreaterThan(3);
    for (const order of orders) {
      const accepted = pos.accepted.get(order.orderNumber);
      expect(accepted, order.orderNumber).toHaveLength(1);
      expect(accepted![0]!.bill.externalOrderID).toBe(order.id);
      const row = await t.deps.store.db
        .selectFrom('orders')
        .select(['status', 'pos_injection_status'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sent to kitchen', pos_injection_status: 'sent' });
    }
    // Falsifiable "exactly once": per number, one new delivery; a duplicate only after an answer was
    // lost (a worker that re-sends after a 201/409 would exceed it); attempts bounded by the faults.
    for (const order of orders) {
      const n = order.orderNumber;
      const deliveries = pos.deliveries.get(n) ?? [];
      expect(
        deliveries.filter((d) => d.outcome === 'new'),
        n,
      ).toHaveLength(1);
      expect(deliveries.filter((d) => d.outcome === 'duplicate').length, n).toBeLessThanOrEqual(pos.lostAnswers.get(n) ?? 0);
      for (const delivery of deliveries) expect(delivery.payload, n).toEqual(deliveries[0]!.payload);
      expect(pos.attempts.get(n), n).toBeLessThanOrEqual(1 + (pos.faultsByOrder.get(n) ?? 0));
    }
    const outboxRows = await t.deps.store.db.selectFrom('outbox').select(['dedupe_key', 'status']).execute();
    const posRows = outboxRows.filter((r) => orders.some((o) => r.dedupe_key === `pos:${o.orderNumber}`));
    expect(posRows).toHaveLength(orders.length);
    expect(posRows.every((r) => r.status === 'done')).toBe(true);
    expect(pos.deliveries.has(unpaid.orderNumber)).toBe(false);
    expect(pos.accepted.has(unpaid.orderNumber)).toBe(false);
    expect(pos.accepted.size).toBe(orders.length);
    expect(pos.accepted.get(paid.orderNumber)![0]!.bill.payments).toEqual([{ type: 1, value: paid.totalBani / 100 }]);
    expect(seen.at(-1)).toMatchObject({ status: 'sent to kitchen', posInjectionStatus: 'sent' });
  });

  it('records the failure reason on the order while it keeps retrying', async () => {
    pos.setFaultRate(1);
    try {
      const locationId = await firstLocationId(t);
      const order = await placeOrder(t, alice, pickupBody(locationId, [catalogue[2]!]));
      await acceptOrder(t.deps, { orderNumber: order.orderNumber, prepMinutes: 15 });
      const worker = createOutboxWorker({
        store: t.deps.store,
        clock: t.clock,
        logger: t.deps.logger,
        pos: t.deps.pos,
        orderEvents: t.deps.orderEvents,
        timeoutMs: POS_TIMEOUT_MS,
        random: () => 0.5,
      });
      await worker.drain();
      const row = await t.deps.store.db
        .selectFrom('orders')
        .select(['status', 'pos_injection_status'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      // Accepted, but not in the vendor's kitchen: never 'sent to kitchen' without its acknowledgement.
      expect(row.status).toBe('confirmed');
      expect(row.pos_injection_status).toMatch(/^failed: /);
      const outbox = await t.deps.store.db
        .selectFrom('outbox')
        .selectAll()
        .where('dedupe_key', '=', `pos:${order.orderNumber}`)
        .executeTakeFirstOrThrow();
      expect(outbox.attempts).toBe(1);
      expect(new Date(outbox.next_attempt_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
      // Not due yet: nothing is retried before its backoff has passed.
      expect(await worker.runOnce()).toBe(0);
    } finally {
      pos.setFaultRate(0);
    }
  });
});

describe('embedded kitchen board', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the board is the kitchen: no hand-off until accepted, accepting is the kitchen seeing it, and a re-send is harmless', async () => {
    const alice = await createUserWithSession(t);
    const admin = await createUserWithSession(t, { role: 'admin' });
    const catalogue = await loadCatalogue(t);
    const locationId = await firstLocationId(t);
    const item = catalogue.find((i) => i.groups.length > 0)!;
    const order = await placeOrder(t, alice, {
      ...pickupBody(locationId, [item]),
      items: [{ menuItemId: item.id, quantity: 2, modifierIds: minimalModifiers(item) }],
    });
    // The payload a hand-off builds, as a POS receives it.
    const received: PosPayload[] = [];
    const capturing: Pos = {
      name: t.deps.pos.name,
      send: (payload, options) => {
        received.push(payload);
        return t.deps.pos.send(payload, options);
      },
    };
    const worker = createOutboxWorker({
      store: t.deps.store,
      clock: t.clock,
      logger: t.deps.logger,
      pos: capturing,
      orderEvents: t.deps.orderEvents,
    });
    // Placed: on the board as new, and nothing else happens however long it waits.
    expect(await worker.drain()).toBe(0);
    t.clock.advanceMs(TEN_SECONDS_MS * 60);
    expect(await worker.drain()).toBe(0);
    const read = async () =>
      (
        (await (await t.request(`/api/orders/${encodeURIComponent(order.orderNumber)}`, { headers: { cookie: alice.cookie } })).json()) as {
          order: Order;
        }
      ).order;
    expect(await read()).toMatchObject({ status: 'received', posInjectionStatus: 'pending' });

    const path = `/api/admin/orders/${encodeURIComponent(order.orderNumber)}/resend-pos`;
    const early = await t.request(path, { method: 'POST', headers: { cookie: admin.cookie } });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('not_accepted');

    await acceptOrder(t.deps, { orderNumber: order.orderNumber, prepMinutes: 30 });
    expect(await read()).toMatchObject({ status: 'confirmed', posInjectionStatus: 'sent' });
    expect(await worker.drain()).toBe(0);
    expect(received).toEqual([]);

    expect((await t.request(path, { method: 'POST', headers: { cookie: alice.cookie } })).status).toBe(403);
    expect((await t.request(path, { method: 'POST' })).status).toBe(401);
    expect((await t.request(path, { method: 'POST', headers: { cookie: admin.cookie } })).status).toBe(200);
    expect(
      (await t.request('/api/admin/orders/ORD-0000000000000AAAAAAAAA/resend-pos', { method: 'POST', headers: { cookie: admin.cookie } }))
        .status,
    ).toBe(404);
    expect(await worker.drain()).toBe(1);
    expect(received.map((p) => p.bill.externalOrderNo)).toEqual([order.orderNumber]);
    const payload = received[0]!;
    expect(payload.bill.items.some((line) => line.modifier === true)).toBe(true);
    expect(payload.client).toMatchObject({ firstName: 'Ana', lastName: 'Popescu' });
    // The embedded board moves nothing on a hand-off: the kitchen's steps are the board's buttons.
    const row = await t.deps.store.db
      .selectFrom('orders')
      .select(['status', 'pos_injection_status'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'confirmed', pos_injection_status: 'sent' });
  });
});

describe('outbox leases (issue 21, defect 10)', () => {
  const LEASE_MS = 1_000;
  let t: TestApp;
  let alice: TestUser;
  let catalogue: CatalogueItem[];

  beforeAll(async () => {
    // A vendor POS: accepting an order writes its hand-off job (the workers below bring their own stand-ins).
    t = await createTestApp({ env: { POS: 'http', POS_URL: 'http://127.0.0.1:9/unused' } });
    alice = await createUserWithSession(t);
    catalogue = await loadCatalogue(t);
  });
  afterAll(async () => {
    await t.close();
  });

  function worker(workerId: string, pos: Pos) {
    return createOutboxWorker({
      store: t.deps.store,
      clock: t.clock,
      logger: t.deps.logger,
      pos,
      orderEvents: t.deps.orderEvents,
      workerId,
      leaseMs: LEASE_MS,
      timeoutMs: LEASE_MS / 2,
      random: () => 0.5,
    });
  }

  /** Placed and accepted: only then does a vendor POS hear of it. */
  async function placed(body: Parameters<typeof placeOrder>[2]): Promise<Order> {
    const order = await placeOrder(t, alice, body);
    await acceptOrder(t.deps, { orderNumber: order.orderNumber, prepMinutes: 30 });
    return order;
  }

  it('never moves a cancelled order: the vendor acknowledging it later changes only the hand-off state', async () => {
    const order = await placed(pickupBody(await firstLocationId(t), [catalogue[0]!]));
    await cancelOrder(t.deps, { by: 'restaurant', orderNumber: order.orderNumber, reasonCode: 'too_busy' });
    const quick = worker('W', { name: 'http', send: () => Promise.resolve('sent') });
    quick.start(60_000);
    await quick.stop();
    await quick.drain();
    const row = await t.deps.store.db
      .selectFrom('orders')
      .select(['status', 'pos_injection_status'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', pos_injection_status: 'sent' });
  });

  async function pendingRows() {
    return t.deps.store.db.selectFrom('outbox').selectAll().where('status', '=', 'pending').orderBy('id').execute();
  }

  it('defect 10: each row lease covers its own send, so a batch sent slowly is never sent twice by a second worker', async () => {
    const locationId = await firstLocationId(t);
    const orders: Order[] = [];
    for (let i = 0; i < 3; i += 1) orders.push(await placed(pickupBody(locationId, [catalogue[i]!])));
    const sends: { worker: string; orderNumber: string }[] = [];
    let second: ReturnType<typeof worker> | null = null;
    let secondRan = false;
    // Each of A's sends takes 60 % of a lease; during its second send, worker B looks for due rows.
    const slow: Pos = {
      name: 'http',
      async send(payload) {
        sends.push({ worker: 'A', orderNumber: payload.bill.externalOrderNo });
        t.clock.advanceMs(LEASE_MS * 0.6);
        if (sends.filter((s) => s.worker === 'A').length === 2 && !secondRan) {
          secondRan = true;
          await second!.runOnce();
        }
        return 'sent';
      },
    };
    const quick: Pos = {
      name: 'http',
      async send(payload) {
        sends.push({ worker: 'B', orderNumber: payload.bill.externalOrderNo });
        return 'sent';
      },
    };
    second = worker('B', quick);
    await worker('A', slow).drain();
    await second.drain();
    expect(secondRan).toBe(true);
    for (const order of orders) {
      expect(
        sends.filter((s) => s.orderNumber === order.orderNumber),
        order.orderNumber,
      ).toHaveLength(1);
    }
    expect(await pendingRows()).toEqual([]);
  });

  it('defect 10: a worker whose lease was taken over marks nothing done or failed, and leaves the new holder its lease', async () => {
    const order = await placed(pickupBody(await firstLocationId(t), [catalogue[0]!]));
    const sends: string[] = [];
    let releaseB!: () => void;
    const bMayAnswer = new Promise<void>((resolve) => (releaseB = resolve));
    let bSending!: () => void;
    const bIsSending = new Promise<void>((resolve) => (bSending = resolve));
    const b = worker('B', {
      name: 'http',
      async send() {
        sends.push('B');
        bSending();
        await bMayAnswer;
        return 'sent';
      },
    });
    let bPass: Promise<number> | null = null;
    // A's send outlives its lease (a stalled process); B takes the row over and is still sending
    // when A's send fails.
    const a = worker('A', {
      name: 'http',
      async send() {
        sends.push('A');
        t.clock.advanceMs(LEASE_MS + 1);
        bPass = b.runOnce();
        await bIsSending;
        throw new Error('A timed out');
      },
    });
    expect(await a.runOnce()).toBe(1);
    const [row] = await pendingRows();
    expect(row).toMatchObject({ locked_by: 'B', attempts: 0, last_error: null });
    const during = await t.deps.store.db
      .selectFrom('orders')
      .select('pos_injection_status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(during.pos_injection_status).not.toMatch(/^failed/);
    // Nobody else may take the row while B still holds it.
    const c = worker('C', {
      name: 'http',
      async send() {
        sends.push('C');
        return 'sent';
      },
    });
    expect(await c.runOnce()).toBe(0);
    releaseB();
    await bPass;
    expect(sends).toEqual(['A', 'B']);
    expect(await pendingRows()).toEqual([]);
    const after = await t.deps.store.db
      .selectFrom('orders')
      .select(['status', 'pos_injection_status'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'sent to kitchen', pos_injection_status: 'sent' });

    // And the other way round: A's late success after B took the row over does not mark it done
    // (B's own answer does), nor clear B's lease.
    const next = await placed(pickupBody(await firstLocationId(t), [catalogue[1]!]));
    let releaseB2!: () => void;
    const b2MayAnswer = new Promise<void>((resolve) => (releaseB2 = resolve));
    let b2Sending!: () => void;
    const b2IsSending = new Promise<void>((resolve) => (b2Sending = resolve));
    const b2 = worker('B2', {
      name: 'http',
      async send() {
        b2Sending();
        await b2MayAnswer;
        return 'sent';
      },
    });
    let b2Pass: Promise<number> | null = null;
    const a2 = worker('A2', {
      name: 'http',
      async send() {
        t.clock.advanceMs(LEASE_MS + 1);
        b2Pass = b2.runOnce();
        await b2IsSending;
        return 'sent';
      },
    });
    await a2.runOnce();
    const [held] = await pendingRows();
    expect(held).toMatchObject({ locked_by: 'B2', dedupe_key: `pos:${next.orderNumber}` });
    releaseB2();
    await b2Pass;
    expect(await pendingRows()).toEqual([]);
  });
});
