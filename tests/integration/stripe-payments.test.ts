/**
 * The Stripe adapter with the real `stripe` SDK against the local stand-in (tests/mocks/stripe.ts)
 * and webhook deliveries signed by the SDK's own generateTestHeaderString (QUALITY R3): valid,
 * tampered, stale, missing and wrongly-keyed signatures; duplicate, concurrent and out-of-order
 * events leave one consistent state.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order } from '../../src/shared/schemas/order';
import type { MockSession, StripeMock } from '../mocks/stripe';
import { startStripeMock } from '../mocks/stripe';
import type { TestUser } from '../setup/auth';
import { createUserWithSession } from '../setup/auth';
import type { TestApp } from '../setup/test-app';
import { freePort } from '../setup/spawn-server';
import { createTestApp } from '../setup/test-app';
import type { CatalogueItem } from './order-fixtures';
import { firstLocationId, loadCatalogue, minimalModifiers, pickupBody, placeOrder } from './order-fixtures';

let t: TestApp;
let stripe: StripeMock;
let alice: TestUser;
let catalogue: CatalogueItem[];
let locationId: number;

const FIVE_MINUTES_S = 5 * 60;

beforeAll(async () => {
  stripe = await startStripeMock();
  t = await createTestApp({
    env: {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.baseUrl,
    },
  });
  alice = await createUserWithSession(t);
  catalogue = await loadCatalogue(t);
  locationId = await firstLocationId(t);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const asAlice = () => ({ headers: { cookie: alice.cookie } });

async function paidCardOrderSetup(): Promise<{ order: Order; sessionId: string }> {
  const withModifiers = catalogue.find((i) => i.groups.length > 0)!;
  const plain = catalogue.find((i) => i.groups.length === 0)!;
  const order = await placeOrder(t, alice, {
    ...pickupBody(locationId, [withModifiers, plain], { paymentMethod: 'card' }),
    items: [
      {
        menuItemId: withModifiers.id,
        quantity: 2,
        modifierIds: withModifiers.groups.flatMap((g) => (g.isRequired ? [g.options.at(-1)!.id] : [])),
      },
      { menuItemId: plain.id, quantity: 3, modifierIds: [] },
    ],
  });
  const response = await t.request('/api/payments/create-checkout-session', {
    method: 'POST',
    json: { orderNumber: order.orderNumber },
    ...asAlice(),
  });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const sessionId = url.split('/').pop()!;
  return { order, sessionId };
}

function deliver(payload: string, signature?: string) {
  return t.request('/api/payments/webhook', {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}

async function paymentStatus(order: Order): Promise<string> {
  const row = await t.deps.store.db.selectFrom('orders').select('payment_status').where('id', '=', order.id).executeTakeFirstOrThrow();
  return row.payment_status;
}

/** How many times the order became paid: its 'payment paid' rows in the order's event log (issue 19: exactly one per paid order). */
async function paidEvents(order: Order): Promise<number> {
  return (
    await t.deps.store.db
      .selectFrom('order_events')
      .select('id')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'payment')
      .where('value', '=', 'paid')
      .execute()
  ).length;
}

describe('Stripe Checkout sessions', () => {
  it('creates a RON session from the STORED order, with our idempotency key and the order number', async () => {
    const { order, sessionId } = await paidCardOrderSetup();
    const session = stripe.sessions.get(sessionId)!;
    expect(session.currency).toBe('ron');
    expect(session.amount_total).toBe(order.totalBani);
    expect(session.metadata.orderNumber).toBe(order.orderNumber);
    expect(session.success_url).toContain(`/order-confirmation/${order.orderNumber}?status=success&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toContain('status=failed&error=Payment%20cancelled');
    const create = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    expect(create.idempotencyKey).toBe(`${order.orderNumber}:attempt-1`);
    expect(create.body.get('mode')).toBe('payment');

    // A retry is a new attempt with its own deterministic key.
    const retry = await t.request(`/api/payments/retry-payment/${encodeURIComponent(order.orderNumber)}`, { method: 'POST', ...asAlice() });
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { checkoutUrl: string }).checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.idempotencyKey).toBe(`${order.orderNumber}:attempt-2`);
  });

  it('property: the amount Stripe is asked to charge is the reference total from the catalogue, whatever the body says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ index: fc.nat({ max: catalogue.length - 1 }), quantity: fc.integer({ min: 1, max: 4 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 10_000 }),
        async (picks, fake) => {
          const items = picks.map(({ index, quantity }) => ({
            menuItemId: catalogue[index]!.id,
            quantity,
            modifierIds: minimalModifiers(catalogue[index]!),
            priceBani: fake,
          }));
          const reference = items.reduce((sum, line) => {
            const item = catalogue.find((i) => i.id === line.menuItemId)!;
            const options = item.groups.flatMap((g) => g.options);
            return (
              sum +
              (item.priceBani + line.modifierIds.reduce((acc, id) => acc + options.find((o) => o.id === id)!.priceBani, 0)) * line.quantity
            );
          }, 0);
          const order = await placeOrder(t, alice, { ...pickupBody(locationId, [], { paymentMethod: 'card' }), items, totalBani: fake });
          const response = await t.request('/api/payments/create-checkout-session', {
            method: 'POST',
            json: { orderNumber: order.orderNumber, amount: fake, orderData: { items: [{ price: fake }] } },
            ...asAlice(),
          });
          const sessionId = ((await response.json()) as { url: string }).url.split('/').pop()!;
          expect(stripe.sessions.get(sessionId)!.amount_total).toBe(reference);
          expect(order.totalBani).toBe(reference);
        },
      ),
      { numRuns: 10 },
    );
  });

  it('session look-up: unpaid changes nothing; a session Stripe says is paid is applied once', async () => {
    const { order, sessionId } = await paidCardOrderSetup();
    const query = `/api/payments/session-status?session_id=${sessionId}&orderNumber=${encodeURIComponent(order.orderNumber)}`;
    expect(((await (await t.request(query, asAlice())).json()) as { paymentStatus: string }).paymentStatus).toBe('pending');
    expect(await paymentStatus(order)).toBe('pending');
    stripe.completeSession(sessionId);
    expect(((await (await t.request(query, asAlice())).json()) as { paymentStatus: string }).paymentStatus).toBe('paid');
    expect(((await (await t.request(query, asAlice())).json()) as { paymentStatus: string }).paymentStatus).toBe('paid');
    expect(await paidEvents(order)).toBe(1);
    const receipt = await t.request(`/api/orders/${encodeURIComponent(order.orderNumber)}/receipt`, asAlice());
    expect(((await receipt.json()) as { receiptUrl: string }).receiptUrl).toMatch(/^https:\/\/pay\.stripe\.test\/receipts\//);
  });
});

describe('POST /api/payments/webhook', () => {
  it('applies a validly signed checkout.session.completed', async () => {
    const { order, sessionId } = await paidCardOrderSetup();
    const event = stripe.signedEvent('checkout.session.completed', stripe.completeSession(sessionId));
    const response = await deliver(event.payload, event.signature);
    expect(response.status).toBe(200);
    expect(await paymentStatus(order)).toBe('paid');
    expect(await paidEvents(order)).toBe(1);
    // The receipt comes from the payment intent's charge when the event did not carry it.
    const receipt = await t.request(`/api/orders/${encodeURIComponent(order.orderNumber)}/receipt`, asAlice());
    expect(receipt.status).toBe(200);
  });

  it('accepts a delivery with no Origin header, as Stripe sends it (the CSRF check must not refuse it)', async () => {
    const { order, sessionId } = await paidCardOrderSetup();
    const event = stripe.signedEvent('checkout.session.completed', stripe.completeSession(sessionId));
    // Straight to the app: t.request would add our Origin to an unsafe method.
    const response = await t.app.request('http://127.0.0.1/api/payments/webhook', {
      method: 'POST',
      body: event.payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature, 'user-agent': 'Stripe/1.0' },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await paymentStatus(order)).toBe('paid');
    expect(await paidEvents(order)).toBe(1);
  });

  it('refuses tampered, stale, missing and wrongly-keyed signatures without any change', async () => {
    const { order, sessionId } = await paidCardOrderSetup();
    const session = stripe.completeSession(sessionId);
    const good = stripe.signedEvent('checkout.session.completed', session);
    const tampered = good.payload.replace(`"amount_total":${session.amount_total}`, '"amount_total":1');
    expect(tampered).not.toBe(good.payload);
    expect((await deliver(tampered, good.signature)).status).toBe(400);
    const stale = stripe.signedEvent('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 2 * FIVE_MINUTES_S,
    });
    expect((await deliver(stale.payload, stale.signature)).status).toBe(400);
    expect((await deliver(good.payload)).status).toBe(400);
    const forged = stripe.signedEvent('checkout.session.completed', session, { secret: 'whsec_not_ours' });
    expect((await deliver(forged.payload, forged.signature)).status).toBe(400);
    const garbage = await deliver('not json', 'nonsense');
    expect(garbage.status).toBe(400);
    expect(await paymentStatus(order)).toBe('pending');
    expect(await paidEvents(order)).toBe(0);
    const body = (await garbage.json()) as { error: { code: string } };
    expect(body.error.code).toBe('invalid_signature');
  });

  it('duplicate and concurrent deliveries of one event apply once', async () => {
    const { order, sessionId } = await paidCardOrderSetup();
    const event = stripe.signedEvent('checkout.session.completed', stripe.completeSession(sessionId));
    const responses = await Promise.all(Array.from({ length: 6 }, () => deliver(event.payload, event.signature)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const outcomes = await Promise.all(responses.map(async (r) => ((await r.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(5);
    expect(await paymentStatus(order)).toBe('paid');
    expect(await paidEvents(order)).toBe(1);
    // A different event id for the same payment (Stripe retries, our own look-up) is harmless too.
    const again = stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!);
    expect(((await (await deliver(again.payload, again.signature)).json()) as { outcome: string }).outcome).toBe('unchanged');
    expect(await paidEvents(order)).toBe(1);
  });

  it('out of order: a late expired or failed never un-pays; an expiry before the payment is overtaken by it', async () => {
    const first = await paidCardOrderSetup();
    const paid = stripe.signedEvent('checkout.session.completed', stripe.completeSession(first.sessionId));
    const lateExpired = stripe.signedEvent('checkout.session.expired', {
      ...stripe.sessions.get(first.sessionId)!,
      status: 'expired',
      payment_status: 'unpaid',
    });
    const lateFailed = stripe.signedEvent('checkout.session.async_payment_failed', stripe.sessions.get(first.sessionId)!);
    await deliver(paid.payload, paid.signature);
    await deliver(lateExpired.payload, lateExpired.signature);
    await deliver(lateFailed.payload, lateFailed.signature);
    expect(await paymentStatus(first.order)).toBe('paid');

    const second = await paidCardOrderSetup();
    const expired = stripe.signedEvent('checkout.session.expired', stripe.expireSession(second.sessionId));
    await deliver(expired.payload, expired.signature);
    expect(await paymentStatus(second.order)).toBe('failed');
    const completed = stripe.signedEvent('checkout.session.completed', stripe.completeSession(second.sessionId));
    await deliver(completed.payload, completed.signature);
    expect(await paymentStatus(second.order)).toBe('paid');
    expect(await paidEvents(second.order)).toBe(1);
  });

  it('an old session expiring does not fail the newer attempt; async success after a pending completion pays', async () => {
    const { order, sessionId: oldSession } = await paidCardOrderSetup();
    const retry = await t.request(`/api/orders/${encodeURIComponent(order.orderNumber)}/retry-payment`, { method: 'POST', ...asAlice() });
    const newSession = ((await retry.json()) as { url: string }).url.split('/').pop()!;
    const expired = stripe.signedEvent('checkout.session.expired', stripe.expireSession(oldSession));
    await deliver(expired.payload, expired.signature);
    expect(await paymentStatus(order)).toBe('pending');

    const pendingCompletion = stripe.signedEvent('checkout.session.completed', {
      ...stripe.sessions.get(newSession)!,
      status: 'complete',
      payment_status: 'unpaid',
    });
    await deliver(pendingCompletion.payload, pendingCompletion.signature);
    expect(await paymentStatus(order)).toBe('pending');
    const succeeded = stripe.signedEvent('checkout.session.async_payment_succeeded', stripe.completeSession(newSession));
    await deliver(succeeded.payload, succeeded.signature);
    expect(await paymentStatus(order)).toBe('paid');
  });

  it('defect 9: a validly signed event for a session we did not create changes nothing', async () => {
    const { order, sessionId } = await paidCardOrderSetup();
    // Someone with access to the Stripe account (a payment link, another integration) pays a session
    // of their own whose metadata names our order, for the exact total: it is not ours to apply.
    const foreign = { ...stripe.completeSession(sessionId), id: 'cs_test_not_created_by_us' };
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired']) {
      const event = stripe.signedEvent(type, foreign);
      const response = await deliver(event.payload, event.signature);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { outcome: string }).outcome, type).toBe('unknown_session');
    }
    expect(await paymentStatus(order)).toBe('pending');
    expect(await paidEvents(order)).toBe(0);
    // Our own session still pays it.
    const ours = stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!);
    expect(((await (await deliver(ours.payload, ours.signature)).json()) as { outcome: string }).outcome).toBe('paid');
  });

  it('defect 9: an event in a currency other than RON changes nothing, even for our own session and the same amount', async () => {
    const { order, sessionId } = await paidCardOrderSetup();
    const paidInEuro = { ...stripe.completeSession(sessionId), currency: 'eur' };
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
      const event = stripe.signedEvent(type, paidInEuro);
      const response = await deliver(event.payload, event.signature);
      expect(((await response.json()) as { outcome: string }).outcome, type).toBe('ignored');
    }
    const noCurrency: Record<string, unknown> = { ...stripe.sessions.get(sessionId)! };
    delete noCurrency.currency;
    const missing = stripe.signedEvent('checkout.session.completed', noCurrency as unknown as MockSession);
    expect(((await (await deliver(missing.payload, missing.signature)).json()) as { outcome: string }).outcome).toBe('ignored');
    expect(await paymentStatus(order)).toBe('pending');
    expect(await paidEvents(order)).toBe(0);
    // A look-up of the session (the success page) that Stripe answers in another currency does not pay either.
    stripe.sessions.get(sessionId)!.currency = 'usd';
    const query = `/api/payments/session-status?session_id=${sessionId}&orderNumber=${encodeURIComponent(order.orderNumber)}`;
    expect(((await (await t.request(query, asAlice())).json()) as { paymentStatus: string }).paymentStatus).toBe('pending');
    expect(await paymentStatus(order)).toBe('pending');
    // The same payment in RON is applied.
    stripe.sessions.get(sessionId)!.currency = 'ron';
    const inRon = stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!);
    expect(((await (await deliver(inRon.payload, inRon.signature)).json()) as { outcome: string }).outcome).toBe('paid');
  });

  it('ignores event types it does not handle', async () => {
    const { order, sessionId } = await paidCardOrderSetup();
    const event = stripe.signedEvent('checkout.session.something_new', stripe.sessions.get(sessionId)!);
    const response = await deliver(event.payload, event.signature);
    expect(response.status).toBe(200);
    expect(await paymentStatus(order)).toBe('pending');
  });
});

describe('Stripe unreachable (QUALITY R5)', () => {
  it('answers 502 within 5 s with nothing half-written', async () => {
    const closedPort = await freePort();
    const down = await createTestApp({
      env: {
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_BASE: `http://127.0.0.1:${closedPort}`,
      },
    });
    try {
      const user = await createUserWithSession(down);
      const items = await loadCatalogue(down);
      const order = await placeOrder(
        down,
        user,
        pickupBody(await firstLocationId(down), [items.find((i) => i.groups.length === 0)!], { paymentMethod: 'card' }),
      );
      const started = performance.now();
      const response = await down.request('/api/payments/create-checkout-session', {
        method: 'POST',
        json: { orderNumber: order.orderNumber },
        headers: { cookie: user.cookie },
      });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({
        error: { code: 'payments_unavailable', message: 'Failed to start payment process. Please try again.' },
      });
      expect(await down.deps.store.db.selectFrom('payment_sessions').selectAll().execute()).toHaveLength(0);
    } finally {
      await down.close();
    }
  });
});
