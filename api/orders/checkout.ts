/**
 * Starting a card payment for a stored order (first attempt, 'Complete Payment', 'Retry Payment'):
 * amounts always come from the order row, never from a request body. Each attempt gets the
 * deterministic provider idempotency key `<orderNumber>:attempt-<n>`, so a double click or a
 * client retry of the same attempt reuses the provider's session instead of opening a second one.
 * The provider's return URLs are the payments integration's (api/integrations/payments/flow.ts).
 */
import type { Order } from '../../src/shared/schemas/order';
import type { Env } from '../env';
import type { Payments } from '../integrations/payments/port';
import { PAYMENT_CURRENCY } from '../integrations/payments/port';
import { cancelUrlFor, successUrlFor } from '../integrations/payments/flow';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import type { Logger } from '../lib/logger';
import { addLogContext } from '../lib/logger';
import { setOrderCheckoutSession } from '../store/orders-queries';
import { insertPaymentSession, lastPaymentAttempt } from '../store/payments-queries';
import type { Store } from '../store/store';

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
  // The order came in the request's body, not its path: the request's log lines name it from here.
  addLogContext({ orderNumber: order.orderNumber });
  assertPayable(order);
  const attempt = (await lastPaymentAttempt(deps.store.db, order.id)) + 1;
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
    // Two concurrent starts of one attempt: one insert wins (unique idempotency key) and both answer
    // its session, so the order never points at a session that was not stored.
    const stored = await insertPaymentSession(trx, {
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
    });
    await setOrderCheckoutSession(trx, order.id, stored.id, at);
    return { url: stored.url, sessionId: stored.id };
  });
}
