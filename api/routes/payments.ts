/**
 * /api/payments (issue 5): start a card payment for a stored order, the provider webhook, the
 * session look-up behind the success page, the retry screen's call, and the embedded test
 * checkout's pages (PAYMENTS=test).
 *
 * Invariant: only verified provider events — the signed webhook, the test checkout's own form, or
 * a session this server retrieved from the provider itself — change payment state, always through
 * applyPaymentEvent. A success URL or a query string never marks anything paid.
 * Card payments need the network: none of these calls is queued offline by the PWA.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod/mini';

import { formatBucharestDateTime } from '../../src/shared/bucharest-date-time';
import type { Locale } from '../../src/shared/i18n/locales';
import { formatLei } from '../../src/shared/money';
import type { Bani } from '../../src/shared/money';
import { createCheckoutSessionSchema } from '../../src/shared/schemas/order';
import type { AppDeps, AppEnv } from '../deps';
import { WebhookVerificationError } from '../integrations/payments/port';
import { CHECKOUT_SESSION_ID_PLACEHOLDER, publicOrigin } from '../integrations/payments/flow';
import type { TestCheckoutPayments } from '../integrations/payments/test-checkout';
import { serverMessages } from '../i18n/translate';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { findOrder } from '../lib/order-records';
import { requestLocale } from '../lib/request-locale';
import { applyPaymentEvent, startCheckout } from '../orders';
import { orderPaymentStatus } from '../store/orders-queries';
import { findOrderPaymentSession, findPaymentSession } from '../store/payments-queries';
import { requireUser, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';
import { orderNotFound } from './orders';

const ORDER_NUMBER_PARAM = z.object({ orderNumber: z.string().check(z.minLength(1), z.maxLength(40)) });
const SESSION_PARAM = z.object({ sessionId: z.string().check(z.minLength(1), z.maxLength(200)) });
const SESSION_STATUS_QUERY = z.object({
  session_id: z.string().check(z.minLength(1), z.maxLength(200)),
  orderNumber: z.string().check(z.minLength(1), z.maxLength(40)),
});
const TEST_PAYMENT_FORM = z.object({
  action: z._default(z.enum(['pay', 'cancel']), 'pay'),
  cardNumber: z._default(z.string().check(z.maxLength(40)), ''),
});
/** Webhook bodies are small JSON documents; anything bigger is not Stripe. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/** The test checkout's stylesheet, served by us because the CSP forbids inline styles. */
export const TEST_CHECKOUT_CSS = `
body{font-family:system-ui,sans-serif;background:#f4f1ec;color:#1f1a17;margin:0;padding:1.5rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.banner{background:#fff3cd;border:2px dashed #b8860b;color:#5c4400;padding:.75rem;border-radius:8px;font-weight:700;text-align:center}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;box-sizing:border-box;font-size:1.1rem;padding:.6rem;margin-top:.25rem;border:1px solid #8a8079;border-radius:6px}
button{min-height:44px;font-size:1rem;padding:.6rem 1.2rem;border-radius:8px;border:0;cursor:pointer;margin-top:1rem}
.pay{background:#9a3412;color:#fff;width:100%}.cancel{background:#e7e2dc;color:#1f1a17;width:100%}
.error{color:#9b1c1c;font-weight:600}.hint{font-size:.9rem;color:#57504a}
`;

function checkoutPage(locale: Locale, input: { sessionId: string; orderNumber: string; amountBani: number; error?: string }) {
  const t = serverMessages(locale);
  const action = `/api/payments/test-checkout/${encodeURIComponent(input.sessionId)}`;
  const amount = formatLei(input.amountBani as Bani, locale);
  return html`<!doctype html>
    <html lang="${locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${t('testCheckout.title', { number: input.orderNumber })}</title>
        <link rel="icon" href="/icons/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/api/payments/test-checkout.css" />
      </head>
      <body>
        <main>
          <p class="banner">${t('testCheckout.banner')}</p>
          <h1>${t('testCheckout.heading')}</h1>
          <dl>
            <dt>${t('testCheckout.order')}</dt>
            <dd>${input.orderNumber}</dd>
            <dt>${t('testCheckout.amount')}</dt>
            <dd>${amount}</dd>
          </dl>
          ${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
          <form method="post" action="${action}">
            <input type="hidden" name="action" value="pay" />
            <label for="card">${t('testCheckout.cardNumber')}</label>
            <input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required />
            <p class="hint">${t('testCheckout.hint')}</p>
            <button class="pay" type="submit">${t('testCheckout.pay', { amount })}</button>
          </form>
          <form method="post" action="${action}">
            <input type="hidden" name="action" value="cancel" />
            <button class="cancel" type="submit">${t('testCheckout.cancel')}</button>
          </form>
        </main>
      </body>
    </html>`;
}

function receiptPage(locale: Locale, input: { orderNumber: string; amountBani: number; paidAt: string; refundedBani: number }) {
  const t = serverMessages(locale);
  const lei = (bani: number) => formatLei(bani as Bani, locale);
  return html`<!doctype html>
    <html lang="${locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${t('testReceipt.title', { number: input.orderNumber })}</title>
        <link rel="icon" href="/icons/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/api/payments/test-checkout.css" />
      </head>
      <body>
        <main>
          <p class="banner">${t('testReceipt.banner')}</p>
          <h1>${t('testReceipt.heading')}</h1>
          <dl>
            <dt>${t('testCheckout.order')}</dt>
            <dd>${input.orderNumber}</dd>
            <dt>${t('testReceipt.amountPaid')}</dt>
            <dd>${lei(input.amountBani)}</dd>
            <dt>${t('testReceipt.paid')}</dt>
            <dd>${formatBucharestDateTime(input.paidAt, locale)}</dd>
            ${
              input.refundedBani > 0
                ? html`<dt>${t('testReceipt.refunded')}</dt>
                    <dd>${lei(input.refundedBani)}</dd>
                    <dt>${t('testReceipt.newTotal')}</dt>
                    <dd>${lei(input.amountBani - input.refundedBani)}</dd>`
                : ''
            }
          </dl>
        </main>
      </body>
    </html>`;
}

export function paymentsRoutes(deps: AppDeps) {
  const db = deps.store.db;
  const testCheckout = deps.payments.name === 'test' ? (deps.payments as TestCheckoutPayments) : null;

  async function ownOrder(orderNumber: string, customerId: number) {
    const found = await findOrder(db, orderNumber, customerId);
    if (!found) throw orderNotFound();
    return found;
  }

  function requireTestCheckout() {
    if (!testCheckout) throw apiError(HTTP_STATUS.NOT_FOUND, 'not_found', 'No such API route.');
    return testCheckout;
  }

  return new Hono<AppEnv>()
    .post('/create-checkout-session', requireUser, validate('json', createCheckoutSessionSchema), async (c) => {
      const { order } = await ownOrder(c.req.valid('json').orderNumber, sessionUser(c).id);
      const { url } = await startCheckout(deps, order);
      return c.json({ url });
    })
    .post('/retry-payment/:orderNumber', requireUser, validate('param', ORDER_NUMBER_PARAM), async (c) => {
      const { order } = await ownOrder(c.req.valid('param').orderNumber, sessionUser(c).id);
      const { url } = await startCheckout(deps, order);
      return c.json({ checkoutUrl: url });
    })
    .get('/session-status', requireUser, validate('query', SESSION_STATUS_QUERY), async (c) => {
      const { session_id: sessionId, orderNumber } = c.req.valid('query');
      const { order } = await ownOrder(orderNumber, sessionUser(c).id);
      const known = await findOrderPaymentSession(db, sessionId, order.id);
      // An unknown session (or the literal placeholder) changes nothing; answer the stored state.
      if (!known || sessionId === CHECKOUT_SESSION_ID_PLACEHOLDER || order.paymentStatus === 'paid') {
        return c.json({ orderNumber: order.orderNumber, paymentStatus: order.paymentStatus });
      }
      let retrieved;
      try {
        retrieved = await deps.payments.retrieveSession(sessionId);
      } catch (error) {
        deps.logger.warn('session look-up failed', { sessionId, error: String(error) });
        return c.json({ orderNumber: order.orderNumber, paymentStatus: order.paymentStatus });
      }
      if (retrieved.status === 'complete' && (retrieved.paymentStatus === 'paid' || retrieved.paymentStatus === 'no_payment_required')) {
        // The provider itself says paid (webhook not here yet): apply it like its webhook, idempotently.
        await applyPaymentEvent(deps, {
          id: `retrieved:${sessionId}:paid`,
          type: 'checkout.session.completed',
          session: {
            id: sessionId,
            orderNumber: order.orderNumber,
            paymentStatus: retrieved.paymentStatus,
            amountTotalBani: retrieved.amountTotalBani,
            currency: retrieved.currency,
            paymentIntentId: retrieved.paymentIntentId,
            receiptUrl: retrieved.receiptUrl ?? null,
            failureReason: null,
          },
        });
      }
      const after = await ownOrder(orderNumber, sessionUser(c).id);
      return c.json({ orderNumber: order.orderNumber, paymentStatus: after.order.paymentStatus });
    })
    .post('/webhook', async (c) => {
      const length = Number(c.req.header('content-length') ?? '0');
      if (length > MAX_WEBHOOK_BYTES) throw apiError(HTTP_STATUS.PAYLOAD_TOO_LARGE, 'too_large', 'The request body is too large.');
      // The signature covers the exact bytes: read the raw text, never a re-serialised JSON.
      const rawBody = await c.req.text();
      let event;
      try {
        event = await deps.payments.verifyWebhook(rawBody, c.req.raw.headers);
      } catch (error) {
        if (error instanceof WebhookVerificationError || error instanceof z.core.$ZodError) {
          deps.logger.warn('webhook refused', { reason: error.message });
          throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_signature', 'The webhook signature is missing, invalid or too old.');
        }
        throw error;
      }
      const result = await applyPaymentEvent(deps, event);
      return c.json({ received: true, outcome: result.outcome });
    })
    .get('/test-checkout.css', (c) => {
      c.header('Content-Type', 'text/css; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(TEST_CHECKOUT_CSS);
    })
    .get('/test-checkout/:sessionId', validate('param', SESSION_PARAM), async (c) => {
      requireTestCheckout();
      const session = await findPaymentSession(db, c.req.valid('param').sessionId);
      if (!session || session.provider !== 'test')
        throw apiError(HTTP_STATUS.NOT_FOUND, 'session_not_found', 'This payment session does not exist.');
      if (session.status !== 'open' || (await orderPaymentStatus(db, session.order_id)) === 'paid')
        return c.redirect(session.success_url.replace(CHECKOUT_SESSION_ID_PLACEHOLDER, session.id), 303);
      return c.html(
        checkoutPage(requestLocale(c), { sessionId: session.id, orderNumber: session.order_number, amountBani: session.amount_bani }),
      );
    })
    .post('/test-checkout/:sessionId', validate('param', SESSION_PARAM), async (c) => {
      const payments = requireTestCheckout();
      // Exempt from the JSON rule (a plain HTML form) but not from the same-origin rule.
      const origin = c.req.header('origin');
      const allowed = new Set([new URL(c.req.url).origin, publicOrigin(deps.env)]);
      if (!origin || !allowed.has(origin))
        throw apiError(HTTP_STATUS.FORBIDDEN, 'cross_origin', 'Requests that change data must come from this site.');
      const contentType = c.req.header('content-type') ?? '';
      if (!/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
        throw apiError(HTTP_STATUS.UNSUPPORTED_MEDIA_TYPE, 'form_required', 'Send the payment form.');
      }
      const form = TEST_PAYMENT_FORM.safeParse(Object.fromEntries(new URLSearchParams(await c.req.text())));
      if (!form.success) throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_input', 'The request is not valid.');
      const session = await findPaymentSession(db, c.req.valid('param').sessionId);
      if (!session || session.provider !== 'test')
        throw apiError(HTTP_STATUS.NOT_FOUND, 'session_not_found', 'This payment session does not exist.');
      const successUrl = session.success_url.replace(CHECKOUT_SESSION_ID_PLACEHOLDER, session.id);
      if (form.data.action === 'cancel') return c.redirect(session.cancel_url, 303);
      if (session.status !== 'open') return c.redirect(successUrl, 303);
      const outcome = payments.cardOutcome(session, form.data.cardNumber);
      if (outcome.kind === 'invalid') {
        // The stand-in's one refusal of a card number, in the payer's language.
        const locale = requestLocale(c);
        return c.html(
          checkoutPage(locale, {
            sessionId: session.id,
            orderNumber: session.order_number,
            amountBani: session.amount_bani,
            error: serverMessages(locale)('testCheckout.incorrectNumber'),
          }),
          HTTP_STATUS.UNPROCESSABLE,
        );
      }
      await applyPaymentEvent(deps, outcome.event);
      if (outcome.redirect === 'success') return c.redirect(successUrl, 303);
      const failure = `${publicOrigin(deps.env)}/order-confirmation/${encodeURIComponent(session.order_number)}?status=failed&error=${encodeURIComponent(outcome.failureReason ?? 'Your payment could not be processed. Please try again.')}`;
      return c.redirect(failure, 303);
    })
    .get('/test-receipt/:orderNumber', requireUser, validate('param', ORDER_NUMBER_PARAM), async (c) => {
      requireTestCheckout();
      const { order } = await ownOrder(c.req.valid('param').orderNumber, sessionUser(c).id);
      if (order.paymentStatus !== 'paid')
        throw apiError(HTTP_STATUS.CONFLICT, 'receipt_not_available', 'Stripe receipt is not yet available for this order.');
      // A partial refund (a missing item) shows with the new total, as Stripe's receipt shows it.
      return c.html(
        receiptPage(requestLocale(c), {
          orderNumber: order.orderNumber,
          amountBani: order.totalBani,
          paidAt: order.updatedAt,
          refundedBani: order.refundedBani,
        }),
      );
    });
}
