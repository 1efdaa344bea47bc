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

/** Refund events (issue 19): what confirms, or fails, a refund we asked for. */
export const HANDLED_REFUND_EVENTS = ['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed'] as const;

/** One refund as the provider reports it. */
export interface ProviderRefund {
  /** The provider's refund id (what refund() answered). */
  id: string;
  /** 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action' (Stripe's words). */
  status: string;
  amountBani: number;
  currency: string | null;
  failureReason: string | null;
  /** The payment it refunds, when the provider says. */
  paymentIntentId?: string | null;
  /** Our refund row id as we wrote it in the provider's metadata (matches a refund whose id we have not stored yet). */
  ourRefundId?: number | null;
}

/** A provider event, already verified and reduced to what the order needs. */
export interface PaymentEvent {
  id: string;
  /** Any provider type; only HANDLED_PAYMENT_EVENTS and HANDLED_REFUND_EVENTS change anything. */
  type: string;
  /** Refund events: the refunds the event reports (a charge.refunded lists the charge's refunds when it carries them). */
  refunds?: ProviderRefund[];
  /**
   * charge.refunded without its refund list (newer API versions leave it out): the payment and how
   * much of it is refunded so far, so refunds we asked for can be matched by amount.
   */
  chargeRefunded?: { paymentIntentId: string; amountRefundedBani: number; currency: string | null } | null;
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

export interface RefundInput {
  orderNumber: string;
  /** The payment to refund (Stripe: the payment intent of the paid session). */
  paymentIntentId: string | null;
  checkoutSessionId: string | null;
  amountBani: number;
  /** Derived from the order, the refund and its attempt: a repeated call never refunds twice. */
  idempotencyKey: string;
  /** Our refund row, for the provider's metadata. */
  refundId: number;
}

export interface RefundResult {
  /** The provider's refund id; its events name it. */
  providerRefundId: string;
  /** The provider's first word; the order trusts only a verified event for 'succeeded'. */
  status: string;
  /**
   * The embedded test checkout has no webhook: it answers the event that confirms its test refund,
   * which the caller applies through the same payment-event path as a provider's webhook.
   */
  confirmation: PaymentEvent | null;
}

export interface Payments {
  readonly name: 'test' | 'stripe';
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<RetrievedSession>;
  /** Verifies the signature over the raw body; throws WebhookVerificationError when it does not hold. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent>;
  /** The provider's receipt for a paid payment, when it has one. */
  receiptUrl(paymentIntentId: string): Promise<string | null>;
  /**
   * Asks the provider to refund (part of) a paid order. Resolves once the provider took the request;
   * throws (PaymentsUnavailableError or the provider's error) when it did not. The refund counts as
   * done only when a verified event says so.
   */
  refund(input: RefundInput): Promise<RefundResult>;
}
