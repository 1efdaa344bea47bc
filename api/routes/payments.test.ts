/**
 * Card payments with the embedded test checkout (PAYMENTS=test, the default): session creation
 * from the stored order, the test page (4242 success, 4000…0002 decline, cancel), session look-up,
 * retry and receipt rules. The Stripe adapter and webhook signatures: tests/integration/stripe-payments.test.ts.
 */
import { createHash } from 'node:crypto';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order } from '../../src/shared/schemas/order';
import type { Payments } from '../integrations/payments/port';
import { startCheckout } from '../orders';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp, TEST_ORIGIN } from '../../tests/setup/test-app';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import { firstLocationId, loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';

let t: TestApp;
let alice: TestUser;
let catalogue: CatalogueItem[];
let locationId: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t);
  catalogue = await loadCatalogue(t);
  locationId = await firstLocationId(t);
});
afterAll(async () => {
  await t.close();
});

const asAlice = () => ({ headers: { cookie: alice.cookie } });
const cardOrder = () =>
  placeOrder(t, alice, pickupBody(locationId, [catalogue.find((i) => i.groups.length === 0)!], { paymentMethod: 'card' }));

async function startPayment(order: Order): Promise<string> {
  const response = await t.request('/api/payments/create-checkout-session', {
    method: 'POST',
    json: { orderNumber: order.orderNumber },
    ...asAlice(),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

function submitCard(checkoutUrl: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.request(new URL(checkoutUrl).pathname, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    redirect: 'manual',
  });
}

async function readOrder(order: Order): Promise<Order> {
  const response = await t.request(`/api/orders/${encodeURIComponent(order.orderNumber)}`, asAlice());
  return ((await response.json()) as { order: Order }).order;
}

describe('test checkout', () => {
  it("speaks the payer's language: Romanian for a Romanian browser, with the amount's decimal comma", async () => {
    const order = await cardOrder();
    const path = new URL(await startPayment(order)).pathname;
    const page = await (await t.request(path, { headers: { 'accept-language': 'ro-RO,ro;q=0.9' } })).text();
    expect(page).toContain('<html lang="ro">');
    expect(page).toContain('Pagină de plată de TEST — niciun card real nu este debitat.');
    expect(page).toMatch(/Plătește \d+,\d{2} lei/);
    expect(page).not.toMatch(/Pay for your order|Card number/);
    const chosenEnglish = await (await t.request(path, { headers: { 'accept-language': 'ro-RO', cookie: 'lang=en' } })).text();
    expect(chosenEnglish).toContain('<html lang="en">');
    expect(chosenEnglish).toContain('Pay for your order');
  });

  it('serves a TEST page with the order number and the amount in lei, without inline scripts or styles', async () => {
    const order = await cardOrder();
    const url = await startPayment(order);
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/api/payments/test-checkout/cs_test_`));
    const page = await t.request(new URL(url).pathname);
    expect(page.status).toBe(200);
    const htmlText = await page.text();
    expect(htmlText).toContain('TEST payment page');
    expect(htmlText).toContain(order.orderNumber);
    expect(htmlText).toMatch(/\d+\.\d{2} lei/);
    expect(htmlText).not.toMatch(/<script|style=|<style/i);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const css = await t.request('/api/payments/test-checkout.css');
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });

  it("defect 4: the session id is random, so nobody can compute an order's checkout URL and pay it without signing in", async () => {
    const order = await cardOrder();
    const url = await startPayment(order);
    const sessionId = new URL(url).pathname.split('/').pop()!;
    // What the id used to be: a hash of `<orderNumber>:attempt-1`, computable from the order number alone.
    const guessable = `cs_test_${createHash('sha256').update(`${order.orderNumber}:attempt-1`).digest('hex').slice(0, 24)}`;
    expect(sessionId).not.toBe(guessable);
    // 128 bits or more of randomness after the prefix.
    expect(sessionId).toMatch(/^cs_test_[A-Za-z0-9_-]{22,}$/);
    // A stranger (no cookie) paying the guessed URL finds nothing, and the order stays unpaid.
    const guessed = await submitCard(`${TEST_ORIGIN}/api/payments/test-checkout/${guessable}`, {
      action: 'pay',
      cardNumber: '4242424242424242',
    });
    expect(guessed.status).toBe(404);
    expect((await t.request(`/api/payments/test-checkout/${guessable}`)).status).toBe(404);
    expect((await readOrder(order)).paymentStatus).toBe('pending');
    // Two orders, two attempts: all different, none derived from the other.
    const retry = await t.request(`/api/orders/${encodeURIComponent(order.orderNumber)}/retry-payment`, { method: 'POST', ...asAlice() });
    const retryId = new URL(((await retry.json()) as { url: string }).url).pathname.split('/').pop()!;
    const other = new URL(await startPayment(await cardOrder())).pathname.split('/').pop()!;
    expect(new Set([sessionId, retryId, other]).size).toBe(3);
  });

  it('defect 4: concurrent starts of one attempt share one stored session, and the order points at it', async () => {
    const order = await cardOrder();
    // Both starts read the same attempt number, then both create a (random) session before either stores it.
    const inner = t.deps.payments;
    let arrived = 0;
    let release!: () => void;
    const bothCreating = new Promise<void>((resolve) => (release = resolve));
    const payments: Payments = {
      ...inner,
      async createCheckoutSession(input) {
        arrived += 1;
        if (arrived === 2) release();
        await bothCreating;
        return inner.createCheckoutSession(input);
      },
    };
    const started = await Promise.all([startCheckout({ ...t.deps, payments }, order), startCheckout({ ...t.deps, payments }, order)]);
    expect(started[0]!.sessionId).toBe(started[1]!.sessionId);
    const sessions = await t.deps.store.db.selectFrom('payment_sessions').select('id').where('order_id', '=', order.id).execute();
    expect(sessions.map((s) => s.id)).toEqual([started[0]!.sessionId]);
    const row = await t.deps.store.db
      .selectFrom('orders')
      .select('checkout_session_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.checkout_session_id).toBe(started[0]!.sessionId);
    expect((await t.request(new URL(started[1]!.url).pathname)).status).toBe(200);
  });

  it('a success URL or a session look-up without payment changes nothing', async () => {
    const order = await cardOrder();
    const url = await startPayment(order);
    const sessionId = new URL(url).pathname.split('/').pop()!;
    const status = await t.request(
      `/api/payments/session-status?session_id=${sessionId}&orderNumber=${encodeURIComponent(order.orderNumber)}`,
      asAlice(),
    );
    expect(await status.json()).toEqual({ orderNumber: order.orderNumber, paymentStatus: 'pending' });
    const forged = await t.request(
      `/api/payments/session-status?session_id=cs_forged&orderNumber=${encodeURIComponent(order.orderNumber)}`,
      asAlice(),
    );
    expect(((await forged.json()) as { paymentStatus: string }).paymentStatus).toBe('pending');
    expect((await readOrder(order)).paymentStatus).toBe('pending');
  });

  it('4242 4242 4242 4242 pays: redirect to the success URL, order paid and on the board as new, receipt available', async () => {
    const order = await cardOrder();
    const receiptBefore = await t.request(`/api/orders/${encodeURIComponent(order.orderNumber)}/receipt`, asAlice());
    expect(receiptBefore.status).toBe(409);
    expect(await receiptBefore.json()).toMatchObject({
      error: { code: 'receipt_not_available', message: 'Stripe receipt is not yet available for this order.' },
    });

    const url = await startPayment(order);
    const sessionId = new URL(url).pathname.split('/').pop()!;
    const response = await submitCard(url, { action: 'pay', cardNumber: '4242 4242 4242 4242' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `${TEST_ORIGIN}/order-confirmation/${order.orderNumber}?status=success&session_id=${sessionId}`,
    );
    const paid = await readOrder(order);
    expect(paid.paymentStatus).toBe('paid');
    // Paid: on the board as new, escalating after the limit; the kitchen hears of it when a person accepts it.
    expect(paid.status).toBe('received');
    expect(paid.acceptDeadlineAt).toBe(new Date(t.clock.now().getTime() + 5 * 60_000).toISOString());
    const outbox = await t.deps.store.db.selectFrom('outbox').selectAll().where('dedupe_key', '=', `pos:${order.orderNumber}`).execute();
    expect(outbox).toHaveLength(0);

    const status = await t.request(
      `/api/payments/session-status?session_id=${sessionId}&orderNumber=${encodeURIComponent(order.orderNumber)}`,
      asAlice(),
    );
    expect(((await status.json()) as { paymentStatus: string }).paymentStatus).toBe('paid');

    const receipt = await t.request(`/api/orders/${encodeURIComponent(order.orderNumber)}/receipt`, asAlice());
    expect(receipt.status).toBe(200);
    const { receiptUrl } = (await receipt.json()) as { receiptUrl: string };
    const receiptPage = await t.request(new URL(receiptUrl).pathname, asAlice());
    expect(receiptPage.status).toBe(200);
    expect(await receiptPage.text()).toContain(order.orderNumber);

    // Paid is final: every way to pay again is refused with 'Payment Already Completed'.
    const retry = await t.request(`/api/payments/retry-payment/${encodeURIComponent(order.orderNumber)}`, { method: 'POST', ...asAlice() });
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ error: { code: 'payment_already_completed', message: 'Payment Already Completed' } });
    const retryOrders = await t.request(`/api/orders/${encodeURIComponent(order.orderNumber)}/retry-payment`, {
      method: 'POST',
      ...asAlice(),
    });
    expect(retryOrders.status).toBe(409);
    const again = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      json: { orderNumber: order.orderNumber },
      ...asAlice(),
    });
    expect(again.status).toBe(409);
    // Paying the old page again changes nothing.
    expect((await submitCard(url, { action: 'pay', cardNumber: '4000000000000002' })).status).toBe(303);
    expect((await readOrder(order)).paymentStatus).toBe('paid');
  });

  it('4000 0000 0000 0002 is declined: failure redirect with the reason, then a retry pays', async () => {
    const order = await cardOrder();
    const url = await startPayment(order);
    const declined = await submitCard(url, { action: 'pay', cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(
      `${TEST_ORIGIN}/order-confirmation/${order.orderNumber}?status=failed&error=Your%20card%20was%20declined.`,
    );
    expect((await readOrder(order)).paymentStatus).toBe('failed');

    const retry = await t.request(`/api/orders/${encodeURIComponent(order.orderNumber)}/retry-payment`, { method: 'POST', ...asAlice() });
    expect(retry.status).toBe(200);
    const { url: retryUrl } = (await retry.json()) as { url: string };
    expect(retryUrl).not.toBe(url);
    expect((await submitCard(retryUrl, { action: 'pay', cardNumber: '4242424242424242' })).status).toBe(303);
    expect((await readOrder(order)).paymentStatus).toBe('paid');
  });

  it('cancel returns to the cancel URL and changes nothing; an unknown card number stays on the page', async () => {
    const order = await cardOrder();
    const url = await startPayment(order);
    const cancelled = await submitCard(url, { action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(
      `${TEST_ORIGIN}/order-confirmation/${order.orderNumber}?status=failed&error=Payment%20cancelled`,
    );
    const wrong = await submitCard(url, { action: 'pay', cardNumber: '1234' });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('Your card number is incorrect.');
    expect((await readOrder(order)).paymentStatus).toBe('pending');
  });

  it('refuses a cross-site form post and a JSON post to the test checkout', async () => {
    const order = await cardOrder();
    const url = await startPayment(order);
    const crossSite = await submitCard(url, { action: 'pay', cardNumber: '4242424242424242' }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const json = await t.request(new URL(url).pathname, { method: 'POST', json: { action: 'pay', cardNumber: '4242424242424242' } });
    expect(json.status).toBe(415);
    expect((await readOrder(order)).paymentStatus).toBe('pending');
  });

  it('starts card payments only for card orders, from the stored total', async () => {
    const cash = await placeOrder(t, alice, pickupBody(locationId, [catalogue[0]!]));
    const refused = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      json: { orderNumber: cash.orderNumber },
      ...asAlice(),
    });
    expect(refused.status).toBe(409);
    const order = await cardOrder();
    await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      json: { orderNumber: order.orderNumber, amount: 1, totalBani: 1 },
      ...asAlice(),
    });
    const session = await t.deps.store.db
      .selectFrom('payment_sessions')
      .selectAll()
      .where('order_number', '=', order.orderNumber)
      .executeTakeFirstOrThrow();
    expect(session.amount_bani).toBe(order.totalBani);
    expect(session.idempotency_key).toBe(`${order.orderNumber}:attempt-1`);
    const bad = await t.request('/api/payments/create-checkout-session', { method: 'POST', json: { nope: true }, ...asAlice() });
    expect(bad.status).toBe(400);
  });

  it('the test checkout has no webhook: anything posted there is refused without a state change', async () => {
    const response = await t.request('/api/payments/webhook', {
      method: 'POST',
      body: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
  });

  it('answers 4xx, never 500, to junk on every payment route', async () => {
    const order = await cardOrder();
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.string({ maxLength: 300 }), async (junk, text) => {
        const checkout = await t.request('/api/payments/create-checkout-session', { method: 'POST', json: junk, ...asAlice() });
        expect(checkout.status).toBeGreaterThanOrEqual(400);
        expect(checkout.status).toBeLessThan(500);
        const status = await t.request(
          `/api/payments/session-status?session_id=${encodeURIComponent(text)}&orderNumber=${encodeURIComponent(text)}`,
          asAlice(),
        );
        expect(status.status).toBeLessThan(500);
        const webhook = await t.request('/api/payments/webhook', { method: 'POST', body: text, headers: { 'stripe-signature': text } });
        expect(webhook.status).toBe(400);
        const form = await t.request('/api/payments/test-checkout/cs_test_nothing', {
          method: 'POST',
          body: text,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(form.status).toBeGreaterThanOrEqual(400);
        expect(form.status).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
    expect((await readOrder(order)).paymentStatus).toBe('pending');
  });
});
