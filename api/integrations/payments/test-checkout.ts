/**
 * Embedded Payments default (PAYMENTS=test, no keys, no internet): a test checkout that behaves
 * like a hosted checkout. Sessions live in the store's payment_sessions table (they survive
 * restarts); the page itself is served by api/routes/payments.ts. Submitting a card produces the
 * same PaymentEvents a provider webhook would, applied by the same handler:
 *   4242 4242 4242 4242 -> checkout.session.completed (paid)
 *   4000 0000 0000 0002 -> checkout.session.async_payment_failed ('Your card was declined.')
 * It has no webhook of its own: verifyWebhook refuses everything. A refund is a test refund,
 * confirmed by the event refund() answers (applied by the caller like any verified event).
 *
 * The session id is the page's only credential (anyone holding the URL can pay it, like a hosted
 * checkout link), so it is random: TEST_SESSION_ID_BYTES from the CSPRNG, never derived from the
 * order number or the attempt (issue 21, defect 4: a hash of `<orderNumber>:attempt-<n>` let anyone
 * who knew an order number open its checkout and mark it paid).
 */
import { createHash, randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { Database } from '../../store/schema';
import type { CheckoutSession, CreateCheckoutInput, PaymentEvent, Payments, RefundInput, RefundResult, RetrievedSession } from './port';
import { PAYMENT_CURRENCY, WebhookVerificationError } from './port';

export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';
export const DECLINED_MESSAGE = 'Your card was declined.';
export const INCORRECT_NUMBER_MESSAGE = 'Your card number is incorrect.';

export function testCheckoutPath(sessionId: string): string {
  return `/api/payments/test-checkout/${encodeURIComponent(sessionId)}`;
}

export function testReceiptPath(orderNumber: string): string {
  return `/api/payments/test-receipt/${encodeURIComponent(orderNumber)}`;
}

export type TestCardOutcome =
  { kind: 'event'; event: PaymentEvent; redirect: 'success' | 'failure'; failureReason?: string } | { kind: 'invalid'; message: string };

export interface TestCheckoutPayments extends Payments {
  readonly name: 'test';
  /** What paying session `sessionId` with `cardNumber` means; events are applied by the caller. */
  cardOutcome(session: { id: string; order_number: string; amount_bani: number; currency: string }, cardNumber: string): TestCardOutcome;
}

/** 144 bits: far beyond guessing, and base64url keeps the URL short. */
const TEST_SESSION_ID_BYTES = 18;

export function newTestSessionId(): string {
  return `cs_test_${randomBytes(TEST_SESSION_ID_BYTES).toString('base64url')}`;
}

function newEventId(): string {
  return `evt_test_${randomBytes(12).toString('hex')}`;
}

export function createTestCheckoutPayments(db: Kysely<Database>, origin: string): TestCheckoutPayments {
  return {
    name: 'test',

    async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
      // Same idempotency key, same session (like a provider's idempotent create): the stored one if
      // this attempt already has a session; a concurrent create of the same attempt loses the
      // insert in startCheckout, which then reads the winner back.
      const existing = await db
        .selectFrom('payment_sessions')
        .select(['id', 'url'])
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirst();
      if (existing) return { sessionId: existing.id, url: existing.url };
      const sessionId = newTestSessionId();
      return { sessionId, url: `${origin}${testCheckoutPath(sessionId)}` };
    },

    async retrieveSession(sessionId: string): Promise<RetrievedSession> {
      const row = await db.selectFrom('payment_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
      if (!row) throw new Error(`No such test checkout session ${sessionId}`);
      return {
        id: row.id,
        status: row.status,
        paymentStatus: row.payment_status === 'paid' ? 'paid' : 'unpaid',
        paymentIntentId: row.payment_intent_id,
        receiptUrl: row.payment_status === 'paid' ? `${origin}${testReceiptPath(row.order_number)}` : null,
        orderNumber: row.order_number,
        amountTotalBani: row.amount_bani,
        currency: row.currency,
      };
    },

    async verifyWebhook(): Promise<PaymentEvent> {
      throw new WebhookVerificationError('The test checkout has no webhook; its events are applied in-process.');
    },

    async receiptUrl(): Promise<string | null> {
      return null;
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      // A test refund: no money moves. It is confirmed at once, by an event the caller applies
      // through the same path as a provider's webhook (api/orders/payment-events.ts).
      const providerRefundId = `re_test_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      return {
        providerRefundId,
        status: 'pending',
        confirmation: {
          id: `evt_test_refund_${providerRefundId}`,
          type: 'refund.updated',
          session: null,
          refunds: [
            { id: providerRefundId, status: 'succeeded', amountBani: input.amountBani, currency: PAYMENT_CURRENCY, failureReason: null },
          ],
        },
      };
    },

    cardOutcome(session, cardNumber) {
      const digits = cardNumber.replace(/[\s-]/g, '');
      const base = {
        id: session.id,
        orderNumber: session.order_number,
        amountTotalBani: session.amount_bani,
        currency: session.currency,
        receiptUrl: null,
        failureReason: null,
      };
      if (digits === TEST_CARD_SUCCESS) {
        return {
          kind: 'event',
          redirect: 'success',
          event: {
            id: newEventId(),
            type: 'checkout.session.completed',
            session: {
              ...base,
              paymentStatus: 'paid',
              paymentIntentId: `pi_test_${randomBytes(12).toString('hex')}`,
              receiptUrl: `${origin}${testReceiptPath(session.order_number)}`,
            },
          },
        };
      }
      if (digits === TEST_CARD_DECLINED) {
        return {
          kind: 'event',
          redirect: 'failure',
          failureReason: DECLINED_MESSAGE,
          event: {
            id: newEventId(),
            type: 'checkout.session.async_payment_failed',
            session: { ...base, paymentStatus: 'unpaid', paymentIntentId: null, failureReason: DECLINED_MESSAGE },
          },
        };
      }
      return { kind: 'invalid', message: INCORRECT_NUMBER_MESSAGE };
    },
  };
}
