/**
 * Issue 19, the order's lifecycle through the API (in-process): the customer's cancel window, the
 * restaurant's rejection with a reason, acceptance with its promise (ready time, arrival window,
 * status history), the embedded board's hand-off state, and refunds: the embedded test checkout's
 * test refund, and Stripe's through the local stand-in (the refund call and its idempotency key, the
 * confirming webhook, a forged and a duplicated webhook changing nothing, a failed refund retried,
 * a partial refund of lines).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { asBani, formatLei } from '../../src/shared/money';
import type { Order } from '../../src/shared/schemas/order';
import { orderSchema } from '../../src/shared/schemas/order';
import type { MockRefund, StripeMock } from '../../tests/mocks/stripe';
import { startStripeMock } from '../../tests/mocks/stripe';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp, OPEN_HOURS_INSTANT } from '../../tests/setup/test-app';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import { firstLocationId, insertAddress, loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';

const MINUTE_MS = 60_000;

interface Actors {
  t: TestApp;
  admin: TestUser;
  ana: TestUser;
  bob: TestUser;
  catalogue: CatalogueItem[];
  locationId: number;
}

async function actors(t: TestApp): Promise<Actors> {
  return {
    t,
    admin: await createUserWithSession(t, { role: 'admin' }),
    ana: await createUserWithSession(t),
    bob: await createUserWithSession(t),
    catalogue: await loadCatalogue(t),
    locationId: await firstLocationId(t),
  };
}

function api(a: Actors) {
  const { t } = a;
  const as = (who: TestUser) => ({ cookie: who.cookie });
  const order = async (response: Response) => orderSchema.parse(((await response.json()) as { order: unknown }).order);
  const post = (path: string, who: TestUser, json: unknown = {}) => t.request(path, { method: 'POST', json, headers: as(who) });
  const board = (orderNumber: string, action: string) => `/api/admin/board/${encodeURIComponent(orderNumber)}/${action}`;
  return {
    order,
    read: async (orderNumber: string, who: TestUser = a.ana) =>
      order(await t.request(`/api/orders/${encodeURIComponent(orderNumber)}`, { headers: as(who) })),
    accept: (orderNumber: string, prepMinutes = 30) => post(board(orderNumber, 'accept'), a.admin, { prepMinutes }),
    reject: (orderNumber: string, json: unknown) => post(board(orderNumber, 'cancel'), a.admin, json),
    step: (orderNumber: string, status: string) => post(board(orderNumber, 'status'), a.admin, { status }),
    refundLines: (orderNumber: string, lines: unknown) => post(board(orderNumber, 'refunds'), a.admin, { lines }),
    retry: (orderNumber: string, refundId: number | string) => post(board(orderNumber, `refunds/${refundId}/retry`), a.admin),
    customerCancel: (orderNumber: string, who: TestUser = a.ana) => post(`/api/orders/${encodeURIComponent(orderNumber)}/cancel`, who),
    cash: () => placeOrder(t, a.ana, pickupBody(a.locationId, [a.catalogue.find((item) => item.groups.length === 0)!])),
  };
}

describe('embedded board and test checkout', () => {
  let a: Actors;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    a = await actors(await createTestApp());
    call = api(a);
  });
  afterAll(async () => {
    await a.t.close();
  });
  beforeEach(() => {
    a.t.clock.set(OPEN_HOURS_INSTANT);
  });

  /** A card order paid on the embedded test checkout (4242…), as the customer would. */
  async function paidCardOrder(items?: { menuItemId: number; quantity: number; modifierIds: number[] }[]): Promise<Order> {
    const plain = a.catalogue.filter((item) => item.groups.length === 0);
    const placed = await placeOrder(a.t, a.ana, {
      ...pickupBody(a.locationId, [plain[0]!], { paymentMethod: 'card' }),
      ...(items ? { items } : {}),
    });
    const started = await a.t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      json: { orderNumber: placed.orderNumber },
      headers: { cookie: a.ana.cookie },
    });
    const { url } = (await started.json()) as { url: string };
    const paid = await a.t.request(new URL(url).pathname, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', cardNumber: '4242 4242 4242 4242' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBe(303);
    const order = await call.read(placed.orderNumber);
    expect(order.paymentStatus).toBe('paid');
    return order;
  }

  it('the customer can cancel until the restaurant accepts: 200 before, 409 order_already_accepted after', async () => {
    const first = await call.cash();
    // Another customer's order reads as one that does not exist.
    expect((await call.customerCancel(first.orderNumber, a.bob)).status).toBe(404);
    a.t.clock.advanceMs(2 * MINUTE_MS);
    const cancelled = await call.customerCancel(first.orderNumber);
    expect(cancelled.status).toBe(200);
    const order = await call.order(cancelled);
    expect(order).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'customer',
      cancelReasonCode: 'customer_request',
      cancelReason: 'Cancelled by the customer',
      acceptDeadlineAt: null,
    });
    expect(order.statusHistory).toEqual([
      { status: 'received', at: OPEN_HOURS_INSTANT.toISOString() },
      { status: 'cancelled', at: new Date(OPEN_HOURS_INSTANT.getTime() + 2 * MINUTE_MS).toISOString() },
    ]);
    // Cancelled is final: neither the customer nor the board can accept or cancel it again.
    expect((await call.customerCancel(first.orderNumber)).status).toBe(409);
    expect((await call.accept(first.orderNumber)).status).toBe(409);

    const second = await call.cash();
    expect((await call.accept(second.orderNumber)).status).toBe(200);
    const refused = await call.customerCancel(second.orderNumber);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('order_already_accepted');
    expect((await call.read(second.orderNumber)).status).toBe('confirmed');
  });

  it('accepting stores the promise: ready time, the delivery arrival window, the history, and the kitchen seeing it', async () => {
    const addressId = await insertAddress(a.t, a.ana.id);
    const placed = await placeOrder(a.t, a.ana, {
      ...pickupBody(a.locationId, [a.catalogue.find((item) => item.groups.length === 0)!]),
      fulfilment: { type: 'delivery', addressId },
    });
    // Waiting on the board: not in the kitchen, no promise yet, escalating after 5 minutes.
    expect(placed).toMatchObject({ status: 'received', posInjectionStatus: 'pending', readyAt: null, arrivalWindow: null });
    expect(placed.acceptDeadlineAt).toBe(new Date(OPEN_HOURS_INSTANT.getTime() + 5 * MINUTE_MS).toISOString());
    a.t.clock.advanceMs(3 * MINUTE_MS);
    const acceptedAt = a.t.clock.now().getTime();
    const response = await call.accept(placed.orderNumber, 30);
    expect(response.status).toBe(200);
    const order = await call.order(response);
    const [low, high] = /^(\d+)-(\d+) minutes$/.exec(order.estimatedDeliveryTime!)!.slice(1).map(Number) as [number, number];
    const readyAt = acceptedAt + 30 * MINUTE_MS;
    expect(order).toMatchObject({
      status: 'confirmed',
      acceptedAt: new Date(acceptedAt).toISOString(),
      prepMinutes: 30,
      readyAt: new Date(readyAt).toISOString(),
      // The zone's stated wait less its kitchen part (15 minutes): Center's 30-45 is 15-30 on the road.
      arrivalWindow: {
        from: new Date(readyAt + (low - 15) * MINUTE_MS).toISOString(),
        to: new Date(readyAt + (high - 15) * MINUTE_MS).toISOString(),
      },
      // The embedded board is the kitchen: accepting is the kitchen seeing it.
      posInjectionStatus: 'sent',
      acceptDeadlineAt: null,
    });
    expect(order.statusHistory).toEqual([
      { status: 'received', at: OPEN_HOURS_INSTANT.toISOString() },
      { status: 'confirmed', at: new Date(acceptedAt).toISOString() },
    ]);
    // The history ticks only steps that happened, each with its time.
    a.t.clock.advanceMs(MINUTE_MS);
    expect((await call.step(placed.orderNumber, 'preparing')).status).toBe(200);
    expect((await call.read(placed.orderNumber)).statusHistory.map((s) => s.status)).toEqual(['received', 'confirmed', 'preparing']);
    // A pickup order has a ready time and no arrival window.
    const pickup = await call.cash();
    const pickupOrder = await call.order(await call.accept(pickup.orderNumber, 15));
    expect(pickupOrder.arrivalWindow).toBeNull();
    expect(pickupOrder.readyAt).toBe(new Date(a.t.clock.now().getTime() + 15 * MINUTE_MS).toISOString());
  });

  it('the escalation deadline follows the restaurant setting', async () => {
    await a.t.deps.store.db.updateTable('restaurant_settings').set({ accept_within_minutes: 12 }).execute();
    try {
      const placed = await call.cash();
      expect(placed.acceptDeadlineAt).toBe(new Date(OPEN_HOURS_INSTANT.getTime() + 12 * MINUTE_MS).toISOString());
    } finally {
      await a.t.deps.store.db.updateTable('restaurant_settings').set({ accept_within_minutes: 5 }).execute();
    }
  });

  it('rejecting a paid card order with a reason refunds it: the customer reads the reason and, once confirmed, refunded', async () => {
    const paid = await paidCardOrder();
    // A card order is on the board once paid; the kitchen has not heard of it.
    expect(paid).toMatchObject({ status: 'received', posInjectionStatus: 'pending' });
    const response = await call.reject(paid.orderNumber, { reasonCode: 'outside_area' });
    expect(response.status).toBe(200);
    const order = await call.read(paid.orderNumber);
    expect(order).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'restaurant',
      cancelReasonCode: 'outside_area',
      cancelReason: 'Outside the delivery area',
      // The test checkout's refund is confirmed by its own event, through the payment-event path.
      paymentStatus: 'refunded',
      refundedBani: paid.totalBani,
    });
    expect(order.refunds).toEqual([
      expect.objectContaining({ kind: 'full', amountBani: paid.totalBani, status: 'succeeded', lines: [], failureMessage: null }),
    ]);
    const events = await a.t.deps.store.db
      .selectFrom('order_events')
      .select(['kind', 'value'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { kind: 'status', value: 'received' },
      { kind: 'payment', value: 'paid' },
      { kind: 'status', value: 'cancelled' },
      { kind: 'refund', value: 'pending' },
      { kind: 'refund', value: 'succeeded' },
      { kind: 'payment', value: 'refunded' },
    ]);
  });

  it('a payment made on a checkout left open after the customer cancelled goes straight back', async () => {
    const placed = await placeOrder(
      a.t,
      a.ana,
      pickupBody(a.locationId, [a.catalogue.find((item) => item.groups.length === 0)!], { paymentMethod: 'card' }),
    );
    const started = await a.t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      json: { orderNumber: placed.orderNumber },
      headers: { cookie: a.ana.cookie },
    });
    const { url } = (await started.json()) as { url: string };
    expect((await call.customerCancel(placed.orderNumber)).status).toBe(200);
    const paid = await a.t.request(new URL(url).pathname, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', cardNumber: '4242 4242 4242 4242' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBe(303);
    const order = await call.read(placed.orderNumber);
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedBani: placed.totalBani });
    expect(order.refunds).toEqual([expect.objectContaining({ kind: 'full', status: 'succeeded', amountBani: placed.totalBani })]);
  });

  it('a cash order rejected has nothing to refund', async () => {
    const placed = await call.cash();
    const order = await call.order(await call.reject(placed.orderNumber, { reasonCode: 'too_busy', note: 'Kitchen full' }));
    expect(order).toMatchObject({ cancelReason: 'Too busy: Kitchen full', paymentStatus: 'pending', refunds: [] });
  });

  it('a partial refund of lines leaves the order paid with the refunded amount, and never refunds more than was ordered', async () => {
    const plain = a.catalogue.filter((item) => item.groups.length === 0);
    const paid = await paidCardOrder([
      { menuItemId: plain[0]!.id, quantity: 3, modifierIds: [] },
      { menuItemId: plain[1]!.id, quantity: 1, modifierIds: [] },
    ]);
    const [three, one] = paid.orderItems as [Order['orderItems'][number], Order['orderItems'][number]];
    const response = await call.refundLines(paid.orderNumber, [{ orderItemId: three.id, quantity: 1 }]);
    expect(response.status).toBe(200);
    const order = await call.order(response);
    const oneUnit = three.itemTotalBani / 3;
    expect(order).toMatchObject({ paymentStatus: 'paid', refundedBani: oneUnit, status: 'received' });
    expect(order.refunds).toEqual([
      expect.objectContaining({
        kind: 'partial',
        amountBani: oneUnit,
        status: 'succeeded',
        lines: [{ orderItemId: three.id, quantity: 1 }],
      }),
    ]);
    // The test checkout's receipt shows the refund and the new total (Stripe's own receipt does so itself).
    const receipt = await a.t.request(`/api/payments/test-receipt/${encodeURIComponent(paid.orderNumber)}`, {
      headers: { cookie: a.ana.cookie },
    });
    const receiptText = (await receipt.text()).replace(/\s+/g, ' ');
    expect(receiptText).toContain(`Refunded</dt> <dd>${formatLei(asBani(oneUnit))}</dd>`);
    expect(receiptText).toContain(`New total</dt> <dd>${formatLei(asBani(paid.totalBani - oneUnit))}</dd>`);
    const tooMany = await call.refundLines(paid.orderNumber, [{ orderItemId: three.id, quantity: 3 }]);
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as { error: { code: string } }).error.code).toBe('refund_exceeds_line');
    expect((await call.refundLines(paid.orderNumber, [{ orderItemId: 999_999, quantity: 1 }])).status).toBe(400);
    expect((await call.refundLines(paid.orderNumber, [])).status).toBe(400);
    // Rejecting it afterwards refunds what is left, and only then is it 'refunded'.
    const rejected = await call.order(await call.reject(paid.orderNumber, { reasonCode: 'sold_out' }));
    expect(rejected.refunds.map((r) => [r.kind, r.amountBani, r.status])).toEqual([
      ['partial', oneUnit, 'succeeded'],
      ['full', paid.totalBani - oneUnit, 'succeeded'],
    ]);
    expect(rejected).toMatchObject({ paymentStatus: 'refunded', refundedBani: paid.totalBani });
    expect(one.quantity).toBe(1);
    // A cash order has no card payment to refund.
    const cash = await call.cash();
    expect((await call.refundLines(cash.orderNumber, [{ orderItemId: cash.orderItems[0]!.id, quantity: 1 }])).status).toBe(409);
  });
});

describe('refunds through Stripe (the local stand-in)', () => {
  let a: Actors;
  let call: ReturnType<typeof api>;
  let stripe: StripeMock;

  beforeAll(async () => {
    stripe = await startStripeMock();
    a = await actors(
      await createTestApp({
        env: {
          PAYMENTS: 'stripe',
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_API_BASE: stripe.baseUrl,
        },
      }),
    );
    call = api(a);
  });
  afterAll(async () => {
    await a.t.close();
    await stripe.close();
  });

  const deliver = (event: { payload: string; signature: string }) =>
    a.t.request('/api/payments/webhook', {
      method: 'POST',
      body: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });

  /** A card order paid on Stripe: the session completed and its webhook delivered. */
  async function paidOnStripe(): Promise<Order> {
    const placed = await placeOrder(
      a.t,
      a.ana,
      pickupBody(a.locationId, [a.catalogue.find((item) => item.groups.length === 0)!], { paymentMethod: 'card' }),
    );
    const started = await a.t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      json: { orderNumber: placed.orderNumber },
      headers: { cookie: a.ana.cookie },
    });
    const sessionId = ((await started.json()) as { url: string }).url.split('/').pop()!;
    const session = stripe.completeSession(sessionId);
    expect((await deliver(stripe.signedEvent('checkout.session.completed', session))).status).toBe(200);
    return call.read(placed.orderNumber);
  }

  const refundCalls = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

  it('asks Stripe once with a key derived from the order and the refund; only the verified webhook makes it refunded, a forged or repeated one changes nothing', async () => {
    const paid = await paidOnStripe();
    const before = refundCalls().length;
    const rejected = await call.order(await call.reject(paid.orderNumber, { reasonCode: 'sold_out' }));
    const [refund] = rejected.refunds;
    expect(refund).toMatchObject({ kind: 'full', amountBani: paid.totalBani, status: 'pending' });
    // Still 'paid': Stripe took the request, but nothing is refunded until it says so.
    expect(rejected).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundedBani: 0 });
    const calls = refundCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(`refund-${paid.orderNumber}-${refund!.id}-1`);
    expect(calls[0]!.body.get('amount')).toBe(String(paid.totalBani));
    const stripeRefund = [...stripe.refunds.values()].find((r) => r.metadata.orderNumber === paid.orderNumber)!;
    expect(stripeRefund.payment_intent).toBeTruthy();

    const succeeded: MockRefund = { ...stripeRefund, status: 'succeeded' };
    // Forged: signed with another secret. Refused, nothing changes.
    const forged = stripe.signedObjectEvent('refund.updated', succeeded, { secret: 'whsec_not_ours' });
    expect((await deliver(forged)).status).toBe(400);
    // Forged content under a valid signature is not possible; a refund we never asked for changes nothing.
    const stranger = stripe.signedObjectEvent('refund.updated', { ...succeeded, id: 're_not_ours', metadata: {} });
    expect((await deliver(stranger)).status).toBe(200);
    expect(await call.read(paid.orderNumber)).toMatchObject({ paymentStatus: 'paid', refundedBani: 0 });

    const confirming = stripe.signedObjectEvent('refund.updated', succeeded);
    expect((await deliver(confirming)).status).toBe(200);
    const refunded = await call.read(paid.orderNumber);
    expect(refunded).toMatchObject({ paymentStatus: 'refunded', refundedBani: paid.totalBani });
    expect(refunded.refunds[0]!.status).toBe('succeeded');
    const logged = async () =>
      (
        await a.t.deps.store.db.selectFrom('order_events').select(['kind', 'value']).where('order_id', '=', paid.id).orderBy('id').execute()
      ).map((e) => `${e.kind}:${e.value}`);
    const afterConfirm = await logged();
    expect(afterConfirm.slice(-2)).toEqual(['refund:succeeded', 'payment:refunded']);

    // Duplicated: the same delivery again, and a later 'failed' report of the same refund under a new id.
    expect((await deliver(confirming)).status).toBe(200);
    expect(
      (
        await deliver(
          stripe.signedObjectEvent('refund.updated', { ...stripeRefund, status: 'failed', failure_reason: 'expired_or_canceled_card' }),
        )
      ).status,
    ).toBe(200);
    expect(await call.read(paid.orderNumber)).toEqual(refunded);
    expect(await logged()).toEqual(afterConfirm);
  });

  it('a refund Stripe did not take stays failed with its message, and the board retries it with a new key', async () => {
    const paid = await paidOnStripe();
    stripe.setMode('fail');
    let failed: Order;
    try {
      failed = await call.order(await call.reject(paid.orderNumber, { reasonCode: 'unreachable' }));
    } finally {
      stripe.setMode('ok');
    }
    const [refund] = failed.refunds;
    expect(failed).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect(refund).toMatchObject({ status: 'failed' });
    expect(refund!.failureMessage).toMatch(/bad day/);
    // Only a failed refund can be retried, and only one of this order.
    const other = await paidOnStripe();
    expect((await call.retry(other.orderNumber, refund!.id)).status).toBe(404);
    expect((await call.retry(paid.orderNumber, 'x')).status).toBe(400);

    const before = refundCalls().length;
    const retried = await call.order(await call.retry(paid.orderNumber, refund!.id));
    expect(retried.refunds[0]).toMatchObject({ id: refund!.id, status: 'pending', failureMessage: null });
    const calls = refundCalls().slice(before);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([`refund-${paid.orderNumber}-${refund!.id}-2`]);
    expect((await call.retry(paid.orderNumber, refund!.id)).status).toBe(409);

    // charge.refunded (without its refund list, as newer API versions send it) confirms it too.
    const stripeRefund = [...stripe.refunds.values()].find((r) => r.metadata.refundId === String(refund!.id))!;
    const charge = {
      id: 'ch_x',
      object: 'charge',
      amount_refunded: paid.totalBani,
      currency: 'ron',
      payment_intent: stripeRefund.payment_intent,
      refunded: true,
    };
    expect((await deliver(stripe.signedObjectEvent('charge.refunded', charge))).status).toBe(200);
    expect(await call.read(paid.orderNumber)).toMatchObject({ paymentStatus: 'refunded', refundedBani: paid.totalBani });
  });

  it('a refund Stripe reports failed shows failed with the reason, and can be retried', async () => {
    const paid = await paidOnStripe();
    const pending = await call.order(await call.reject(paid.orderNumber, { reasonCode: 'too_busy' }));
    const stripeRefund = [...stripe.refunds.values()].find((r) => r.metadata.refundId === String(pending.refunds[0]!.id))!;
    const failedEvent = stripe.signedObjectEvent('refund.failed', {
      ...stripeRefund,
      status: 'failed',
      failure_reason: 'lost_or_stolen_card',
    });
    expect((await deliver(failedEvent)).status).toBe(200);
    const failed = await call.read(paid.orderNumber);
    expect(failed.refunds[0]).toMatchObject({ status: 'failed', failureMessage: 'Stripe could not refund: lost or stolen card' });
    expect(failed.paymentStatus).toBe('paid');
    expect((await call.retry(paid.orderNumber, pending.refunds[0]!.id)).status).toBe(200);
  });
});
