/**
 * The Payments port: a hosted card checkout. The embedded default (payments-test-checkout.ts) is a
 * test checkout page served by this server; the production adapter (payments-stripe.ts) uses
 * Stripe Checkout. Chosen by PAYMENTS=test|stripe.
 *
 * Invariant: nothing here marks an order paid. Adapters turn provider answers into PaymentEvents;
 * payments-events.ts applies them (deduplicated by event id) in one transaction.
 */
import type { Order } from '../../../src/shared/schemas/order';

/** The one currency we sell in: every session is created in it, and an event in any other changes nothing. */
export const PAYMENT_CURRENCY = 'ron';

export type PaymentEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

export const HANDLED_PAYMENT_EVENTS: readonly PaymentEventType[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
];

/** A provider event, already verified and reduced to what the order needs. */
export interface PaymentEvent {
  id: string;
  /** Any provider type; only HANDLED_PAYMENT_EVENTS change anything. */
  type: string;
  session: {
    id: string;
    orderNumber: string | null;
    /** Stripe's session payment_status: 'paid' | 'unpaid' | 'no_payment_required'. */
    paymentStatus: string;
    amountTotalBani: number | null;
    /** ISO 4217, lower case as Stripe writes it ('ron'); null when the provider did not say. */
    currency: string | null;
    paymentIntentId: string | null;
    receiptUrl: string | null;
    failureReason: string | null;
  } | null;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

export interface RetrievedSession {
  id: string;
  /** 'open' | 'complete' | 'expired' */
  status: string;
  paymentStatus: string;
  paymentIntentId: string | null;
  receiptUrl?: string | null;
  orderNumber: string | null;
  amountTotalBani: number | null;
  currency: string | null;
}

export interface CreateCheckoutInput {
  order: Order;
  successUrl: string;
  cancelUrl: string;
  /** Deterministic per attempt (orderNumber + attempt): a retried call never opens two sessions. */
  idempotencyKey: string;
}

export class WebhookVerificationError extends Error {}

/** The provider could not be reached or refused; routes answer 502 and nothing was half-written. */
export class PaymentsUnavailableError extends Error {}

export interface Payments {
  readonly name: 'test' | 'stripe';
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<RetrievedSession>;
  /** Verifies the signature over the raw body; throws WebhookVerificationError when it does not hold. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent>;
  /** The provider's receipt for a paid payment, when it has one. */
  receiptUrl(paymentIntentId: string): Promise<string | null>;
}
