/**
 * Stripe adapter for the Payments port (PAYMENTS=stripe). The only importer of the `stripe` SDK.
 * - Checkout Sessions in RON, amounts in bani (Stripe's minor unit), one line per stored order line
 *   (unit price = line total / quantity, modifiers named in the line) plus the delivery fee, so the
 *   session total always equals the order's stored total.
 * - Our idempotency key on every call (deterministic per attempt), metadata.orderNumber on the
 *   session and its payment intent.
 * - Webhooks verified with stripe.webhooks.constructEvent over the RAW body (default 300 s
 *   tolerance refuses stale signatures); answers are zod-parsed so API quirks stay here.
 * - Refunds (issue 19) with stripe.refunds.create and our idempotency key; refund.* and
 *   charge.refunded webhooks report them, verified like every other event.
 * STRIPE_API_BASE (tests only) points the SDK at a local stand-in through its host/port/protocol options.
 */
import Stripe from 'stripe';
import { z } from 'zod/mini';

import type { CheckoutSession, CreateCheckoutInput, PaymentEvent, Payments, RefundInput, RefundResult, RetrievedSession } from './port';
import { PAYMENT_CURRENCY, WebhookVerificationError } from './port';

/**
 * One try plus one SDK retry stays under the 5 s within which the API answers when Stripe hangs; the customer
 * can press the button again (same attempt key, so no second session).
 */
export const STRIPE_TIMEOUT_MS = 2_000;
/** The SDK retries network failures itself, with our idempotency key, so a retry never duplicates. */
const STRIPE_NETWORK_RETRIES = 1;
const STRIPE_CURRENCY = PAYMENT_CURRENCY;

const sessionSchema = z.object({
  id: z.string(),
  url: z.optional(z.nullable(z.string())),
  status: z.optional(z.nullable(z.string())),
  payment_status: z.string(),
  amount_total: z.optional(z.nullable(z.number().check(z.int()))),
  currency: z.optional(z.nullable(z.string())),
  client_reference_id: z.optional(z.nullable(z.string())),
  metadata: z.optional(z.nullable(z.record(z.string(), z.string()))),
  payment_intent: z.optional(
    z.nullable(
      z.union([
        z.string(),
        z.object({
          id: z.string(),
          latest_charge: z.optional(z.nullable(z.union([z.string(), z.object({ receipt_url: z.optional(z.nullable(z.string())) })]))),
        }),
      ]),
    ),
  ),
});

const refundSchema = z.object({
  id: z.string(),
  status: z.optional(z.nullable(z.string())),
  amount: z.number().check(z.int()),
  currency: z.optional(z.nullable(z.string())),
  failure_reason: z.optional(z.nullable(z.string())),
  payment_intent: z.optional(z.nullable(z.union([z.string(), z.object({ id: z.string() })]))),
  metadata: z.optional(z.nullable(z.record(z.string(), z.string()))),
});

const chargeSchema = z.object({
  id: z.string(),
  amount_refunded: z.number().check(z.int()),
  currency: z.optional(z.nullable(z.string())),
  payment_intent: z.optional(z.nullable(z.union([z.string(), z.object({ id: z.string() })]))),
  refunds: z.optional(z.nullable(z.object({ data: z.array(refundSchema) }))),
});

function toProviderRefund(refund: z.infer<typeof refundSchema>) {
  return {
    id: refund.id,
    status: refund.status ?? 'pending',
    amountBani: refund.amount,
    currency: refund.currency ?? null,
    failureReason: refund.failure_reason ?? null,
    paymentIntentId: typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? null),
    ourRefundId: Number.isSafeInteger(Number(refund.metadata?.refundId)) ? Number(refund.metadata?.refundId) : null,
  };
}

/** Stripe's failure_reason codes, said for the board. */
function failureText(reason: string | null): string | null {
  if (!reason) return null;
  return `Stripe could not refund: ${reason.replaceAll('_', ' ')}`;
}

const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.unknown() }),
});

function orderNumberOf(session: z.infer<typeof sessionSchema>): string | null {
  return session.metadata?.orderNumber ?? session.client_reference_id ?? null;
}

function intentIdOf(session: z.infer<typeof sessionSchema>): string | null {
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === 'string' ? intent : intent.id;
}

function receiptOf(session: z.infer<typeof sessionSchema>): string | null {
  const intent = session.payment_intent;
  if (!intent || typeof intent === 'string') return null;
  const charge = intent.latest_charge;
  return charge && typeof charge !== 'string' ? (charge.receipt_url ?? null) : null;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiBase?: string;
}

export function createStripePayments(config: StripeConfig): Payments {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });

  return {
    name: 'stripe',

    async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
      const { order } = input;
      const lineItems = order.orderItems.map((item) => {
        const modifiers = item.selectedModifiers.map((m) => m.name).join(', ');
        return {
          quantity: item.quantity,
          price_data: {
            currency: STRIPE_CURRENCY,
            unit_amount: item.itemTotalBani / item.quantity,
            product_data: { name: modifiers ? `${item.itemName} (${modifiers})` : item.itemName, metadata: { sku: item.sku } },
          },
        };
      });
      if (order.deliveryFeeBani > 0) {
        lineItems.push({
          quantity: 1,
          price_data: {
            currency: STRIPE_CURRENCY,
            unit_amount: order.deliveryFeeBani,
            product_data: { name: 'Delivery fee', metadata: { sku: 'DELIVERY' } },
          },
        });
      }
      const sum = lineItems.reduce((total, line) => total + line.price_data.unit_amount * line.quantity, 0);
      if (sum !== order.totalBani || lineItems.some((line) => !Number.isInteger(line.price_data.unit_amount))) {
        // Discounts or taxes would need Stripe coupons/tax rates; never charge a different amount.
        throw new Error(`Checkout lines (${sum}) do not add up to the order total (${order.totalBani}).`);
      }
      const created = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lineItems,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          customer_email: order.customerEmail,
          client_reference_id: order.orderNumber,
          metadata: { orderNumber: order.orderNumber },
          payment_intent_data: { metadata: { orderNumber: order.orderNumber } },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const session = sessionSchema.parse(created);
      if (!session.url) throw new Error('Stripe returned a session without a url');
      return { sessionId: session.id, url: session.url };
    },

    async retrieveSession(sessionId: string): Promise<RetrievedSession> {
      const raw = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
      const session = sessionSchema.parse(raw);
      return {
        id: session.id,
        status: session.status ?? 'open',
        paymentStatus: session.payment_status,
        paymentIntentId: intentIdOf(session),
        receiptUrl: receiptOf(session),
        orderNumber: orderNumberOf(session),
        amountTotalBani: session.amount_total ?? null,
        currency: session.currency ?? null,
      };
    },

    async verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent> {
      const signature = headers.get('stripe-signature');
      if (!signature) throw new WebhookVerificationError('Missing Stripe-Signature header');
      let verified: unknown;
      try {
        verified = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new WebhookVerificationError(error instanceof Error ? error.message : 'Invalid signature');
      }
      const event = eventSchema.parse(verified);
      if (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed') {
        const refund = refundSchema.safeParse(event.data.object);
        return {
          id: event.id,
          type: event.type,
          session: null,
          refunds: refund.success
            ? [{ ...toProviderRefund(refund.data), failureReason: failureText(refund.data.failure_reason ?? null) }]
            : [],
        };
      }
      if (event.type === 'charge.refunded') {
        const charge = chargeSchema.safeParse(event.data.object);
        if (!charge.success) return { id: event.id, type: event.type, session: null, refunds: [] };
        const intent = charge.data.payment_intent;
        const listed = charge.data.refunds?.data ?? [];
        return {
          id: event.id,
          type: event.type,
          session: null,
          refunds: listed.map(toProviderRefund),
          chargeRefunded:
            listed.length === 0 && intent
              ? {
                  paymentIntentId: typeof intent === 'string' ? intent : intent.id,
                  amountRefundedBani: charge.data.amount_refunded,
                  currency: charge.data.currency ?? null,
                }
              : null,
        };
      }
      const parsedSession = event.type.startsWith('checkout.session.') ? sessionSchema.safeParse(event.data.object) : null;
      const session = parsedSession?.success ? parsedSession.data : null;
      return {
        id: event.id,
        type: event.type,
        session: session
          ? {
              id: session.id,
              orderNumber: orderNumberOf(session),
              paymentStatus: session.payment_status,
              amountTotalBani: session.amount_total ?? null,
              currency: session.currency ?? null,
              paymentIntentId: intentIdOf(session),
              receiptUrl: receiptOf(session),
              failureReason: event.type === 'checkout.session.async_payment_failed' ? 'The payment failed.' : null,
            }
          : null,
      };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      if (!input.paymentIntentId) throw new Error('The order has no Stripe payment to refund.');
      // The SDK's refunds API; our idempotency key (order, refund, attempt) makes its own network
      // retries and ours harmless: Stripe answers the first refund again instead of making a second.
      const created = await stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountBani,
          metadata: { orderNumber: input.orderNumber, refundId: String(input.refundId) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const refund = refundSchema.parse(created);
      return { providerRefundId: refund.id, status: refund.status ?? 'pending', confirmation: null };
    },

    async receiptUrl(paymentIntentId: string): Promise<string | null> {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
      const charge = (intent as { latest_charge?: unknown }).latest_charge;
      const parsed = z.object({ receipt_url: z.optional(z.nullable(z.string())) }).safeParse(charge);
      return parsed.success ? (parsed.data.receipt_url ?? null) : null;
    },
  };
}
