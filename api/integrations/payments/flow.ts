/**
 * Starting a card payment for a stored order (first attempt, 'Complete Payment', 'Retry Payment'):
 * amounts always come from the order row, never from a request body. Each attempt gets the
 * deterministic provider idempotency key `<orderNumber>:attempt-<n>`, so a double click or a
 * client retry of the same attempt reuses the provider's session instead of opening a second one.
 *
 * Return URLs (spec §2 Order confirmation): success
 * `/order-confirmation/{orderNumber}?status=success&session_id={CHECKOUT_SESSION_ID}` (the page
 * then asks GET /api/payments/session-status; the query string itself proves nothing) and cancel
 * `/order-confirmation/{orderNumber}?status=failed&error=Payment%20cancelled`, which shows
 * 'Payment Failed' with 'Complete Payment' — the spec's only failure screen.
 */
import type { Order } from '../../../src/shared/schemas/order';
import type { Env } from '../../env';
import { apiError, HTTP_STATUS } from '../../lib/http-errors';
import type { Logger } from '../../lib/logger';
import type { Store } from '../../store/store';
import type { Payments } from './port';
import { PAYMENT_CURRENCY } from './port';

export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
export const PAYMENT_CANCELLED_MESSAGE = 'Payment cancelled';

export function publicOrigin(env: Env): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://${env.HOST}:${env.PORT}`;
}

export function successUrlFor(env: Env, orderNumber: string): string {
  return `${publicOrigin(env)}/order-confirmation/${encodeURIComponent(orderNumber)}?status=success&session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`;
}

export function cancelUrlFor(env: Env, orderNumber: string): string {
  return `${publicOrigin(env)}/order-confirmation/${encodeURIComponent(orderNumber)}?status=failed&error=${encodeURIComponent(PAYMENT_CANCELLED_MESSAGE)}`;
}

export interface CheckoutDeps {
  env: Env;
  store: Store;
  payments: Payments;
  logger: Logger;
  clock: { now(): Date };
}

/** Refusals shared by every route that starts a payment. */
export function assertPayable(order: Order): void {
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
    throw apiError(HTTP_STATUS.CONFLICT, 'payment_already_completed', 'Payment Already Completed');
  }
  if (order.paymentMethod !== 'card') {
    throw apiError(HTTP_STATUS.CONFLICT, 'not_card_order', 'This order is paid in cash on delivery or at pickup.');
  }
  if (order.status === 'cancelled') {
    throw apiError(HTTP_STATUS.CONFLICT, 'order_cancelled', 'This order was cancelled.');
  }
}

/**
 * Opens a provider session for the next attempt and remembers it. A provider failure is a 502 with
 * nothing written (the customer can simply try again).
 */
export async function startCheckout(deps: CheckoutDeps, order: Order): Promise<{ url: string; sessionId: string }> {
  assertPayable(order);
  const previous = await deps.store.db
    .selectFrom('payment_sessions')
    .select((eb) => eb.fn.max<number>('attempt').as('attempt'))
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  const attempt = Number(previous?.attempt ?? 0) + 1;
  const idempotencyKey = `${order.orderNumber}:attempt-${attempt}`;
  const successUrl = successUrlFor(deps.env, order.orderNumber);
  const cancelUrl = cancelUrlFor(deps.env, order.orderNumber);
  let session;
  try {
    session = await deps.payments.createCheckoutSession({ order, successUrl, cancelUrl, idempotencyKey });
  } catch (error) {
    deps.logger.warn('checkout session creation failed', { orderNumber: order.orderNumber, error: String(error) });
    throw apiError(HTTP_STATUS.BAD_GATEWAY, 'payments_unavailable', 'Failed to start payment process. Please try again.');
  }
  const at = deps.clock.now().toISOString();
  return deps.store.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payment_sessions')
      .values({
        id: session.sessionId,
        provider: deps.payments.name,
        order_id: order.id,
        order_number: order.orderNumber,
        attempt,
        idempotency_key: idempotencyKey,
        amount_bani: order.totalBani,
        currency: PAYMENT_CURRENCY,
        url: session.url,
        success_url: successUrl,
        cancel_url: cancelUrl,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent_id: null,
        failure_reason: null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // Two concurrent starts of one attempt: one insert wins (unique idempotency key) and both answer
    // its session, so the order never points at a session that was not stored.
    const stored = await trx
      .selectFrom('payment_sessions')
      .select(['id', 'url'])
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirstOrThrow();
    // The newest session is the one whose failure or expiry speaks for the order.
    await trx
      .updateTable('orders')
      .set({ checkout_session_id: stored.id, updated_at: at })
      .where('id', '=', order.id)
      .where('payment_status', 'not in', ['paid', 'refunded'])
      .execute();
    return { url: stored.url, sessionId: stored.id };
  });
}
