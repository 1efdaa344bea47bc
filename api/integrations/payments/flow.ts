/**
 * The provider's return URLs for a checkout session (spec §2 Order confirmation): success
 * `/order-confirmation/{orderNumber}?status=success&session_id={CHECKOUT_SESSION_ID}` (the page
 * then asks GET /api/payments/session-status; the query string itself proves nothing) and cancel
 * `/order-confirmation/{orderNumber}?status=failed&error=Payment%20cancelled`, which shows
 * 'Payment Failed' with 'Complete Payment' — the spec's only failure screen.
 * Opening the session and recording it on the order is the orders module's (api/orders/checkout.ts).
 */
import type { Env } from '../../env';

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
