/**
 * Applies verified payment events to orders: the ONE place payment state changes, used by the
 * webhook, the embedded test checkout and the session-status look-up alike
 * (docs/decisions/0012-payment-state-from-verified-events.md). The payment adapters only translate
 * their provider's events into PaymentEvent (api/integrations/payments/port.ts); what an event does
 * to an order is decided here.
 *
 * Idempotent and order-independent (providers deliver events twice, concurrently and out of order):
 * - each event id is applied at most once (payment_events primary key, same transaction);
 * - 'paid' is final (only a refund could leave it): a late 'expired' or 'failed' never un-pays;
 * - a failure or expiry only marks the order failed while it is still unpaid AND the event is about
 *   the order's current session (an old session expiring must not fail a newer attempt);
 * - becoming paid puts the order on the board as new (its escalation deadline starts); the kitchen
 *   hears of it when a person accepts it (./status.ts), not before (issue 19);
 * - refund events (issue 19) confirm or fail refunds we asked for, matched by the provider's refund
 *   id we stored (or our refund id in its metadata, for an event that beat us to storing it) and
 *   the payment it refunds; 'refunded' only when the succeeded refunds cover the whole total.
 *
 * Only our own sessions count (issue 21, defect 9): the order is the one our payment_sessions row
 * names, never the event's metadata, so a session someone else created on the same provider account
 * (a payment link naming our order number, another integration) changes nothing; and an event in a
 * currency other than PAYMENT_CURRENCY changes nothing, whatever its amount.
 */
import type { Transaction } from 'kysely';

import type { Clock } from '../../src/shared/clock';
import type { PaymentEvent, ProviderRefund } from '../integrations/payments/port';
import { HANDLED_REFUND_EVENTS, PAYMENT_CURRENCY } from '../integrations/payments/port';
import type { Logger } from '../lib/logger';
import { addLogContext } from '../lib/logger';
import type { OrderEventBus } from '../lib/order-events';
import { findOrder } from '../lib/order-records';
import { insertOrderEvents } from '../store/order-events-queries';
import {
  acceptWithinMinutes,
  findOrderRowById,
  findOrderRowByPaymentIntent,
  orderForPayment,
  setOrderPaid,
  setOrderPaymentFailed,
  setOrderRefunded,
  touchOrder,
} from '../store/orders-queries';
import {
  claimPaymentEvent,
  findPaymentSession,
  findRefund,
  findRefundByProviderId,
  finishPaymentEvent,
  refundRowsOf,
  updatePaymentSession,
  updateRefund,
} from '../store/payments-queries';
import type { Database, OrderRefundRow } from '../store/schema';
import type { Store } from '../store/store';
import type { Payments } from '../integrations/payments/port';
import type { LiveEvents } from '../lib/live-events';
import { acceptDeadlineFrom } from './lifecycle';
import { onBoardFrom } from './schedule';
// A cycle by design: a refund's confirmation is a payment event, and a payment for a cancelled order starts a refund.
import { refundIdempotencyKey, startFullRefund } from './refund-rows';
import { publishBoardMove, publishOrderState } from './publish';

export type PaymentEventOutcome =
  | 'duplicate'
  | 'ignored'
  | 'paid'
  | 'failed'
  | 'expired'
  | 'pending'
  | 'unchanged'
  | 'unknown_order'
  | 'unknown_session'
  | 'unknown_refund'
  | 'refund_succeeded'
  | 'refund_failed';

export interface PaymentEventDeps {
  store: Store;
  clock: Clock;
  logger: Logger;
  orderEvents: OrderEventBus;
  /** To refund a payment that arrives for an order already cancelled (absent: it is only logged). */
  payments?: Payments;
  liveEvents?: LiveEvents;
}

export async function applyPaymentEvent(
  deps: PaymentEventDeps,
  event: PaymentEvent,
): Promise<{ outcome: PaymentEventOutcome; orderNumber: string | null }> {
  const now = deps.clock.now();
  const at = now.toISOString();
  let refundAfterCommit: number | null = null;
  const result = await deps.store.db.transaction().execute(async (trx) => {
    if (!(await claimPaymentEvent(trx, { id: event.id, type: event.type, orderNumber: event.session?.orderNumber ?? null, at }))) {
      return { outcome: 'duplicate' as const, orderNumber: null };
    }

    const finish = async (outcome: PaymentEventOutcome, orderNumber: string | null) => {
      await finishPaymentEvent(trx, event.id, outcome, orderNumber);
      return { outcome, orderNumber };
    };
    if ((HANDLED_REFUND_EVENTS as readonly string[]).includes(event.type)) {
      const refunded = await applyRefundEvent(trx, deps, event, at);
      return finish(refunded.outcome, refunded.orderNumber);
    }
    const session = event.session;
    if (!session) return finish('ignored', null);

    // The order is the one our own session record names; metadata is the provider's copy of what we
    // wrote and anyone with access to the account can write it on a session of theirs.
    const known = await findPaymentSession(trx, session.id);
    if (!known) {
      deps.logger.warn('payment event for a session we did not create; nothing changed', { sessionId: session.id, eventId: event.id });
      return finish('unknown_session', null);
    }
    const orderNumber = known.order_number;
    // The webhook's request lines from here on (its closing line too) name the order it paid.
    addLogContext({ orderNumber });
    if (session.currency?.toLowerCase() !== PAYMENT_CURRENCY || known.currency !== PAYMENT_CURRENCY) {
      deps.logger.warn('payment event in another currency; nothing changed', {
        orderNumber,
        sessionId: session.id,
        currency: session.currency,
      });
      return finish('ignored', orderNumber);
    }
    const order = await orderForPayment(trx, orderNumber);
    if (!order) return finish('unknown_order', orderNumber);

    const sessionUpdate = (values: Parameters<typeof updatePaymentSession>[2]) => updatePaymentSession(trx, session.id, values, at);

    const isPaid = order.payment_status === 'paid' || order.payment_status === 'refunded';
    const isCurrentSession = order.checkout_session_id === null || order.checkout_session_id === session.id;

    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const paidNow =
          event.type === 'checkout.session.async_payment_succeeded' ||
          session.paymentStatus === 'paid' ||
          session.paymentStatus === 'no_payment_required';
        if (!paidNow) {
          // Completed but the money is still on its way (bank transfers): wait for async_payment_*.
          await sessionUpdate({ status: 'complete' });
          return finish('pending', orderNumber);
        }
        if (session.amountTotalBani !== order.total_bani) {
          deps.logger.warn('payment amount differs from the order total; not marking paid', {
            orderNumber,
            sessionId: session.id,
            amountTotalBani: session.amountTotalBani,
            totalBani: order.total_bani,
          });
          return finish('ignored', orderNumber);
        }
        await sessionUpdate({ status: 'complete', payment_status: 'paid', payment_intent_id: session.paymentIntentId });
        if (isPaid) return finish('unchanged', orderNumber);
        // Paid: the order arrives on the board as new (the kitchen hears of it when a person accepts it).
        const paid = await setOrderPaid(trx, order.id, {
          paymentIntentId: session.paymentIntentId,
          receiptUrl: session.receiptUrl,
          checkoutSessionId: session.id,
          at,
          // A scheduled order reaches the board at its release, not when paid (issue 22).
          acceptDeadlineAt: acceptDeadlineFrom(onBoardFrom(now, order.release_at), await acceptWithinMinutes(trx)),
        });
        if (paid)
          await insertOrderEvents(trx, [{ orderId: order.id, kind: 'payment', value: 'paid', at, detail: { sessionId: session.id } }]);
        // Paid on a checkout left open after the order was cancelled: the money goes back at once.
        if (paid && order.status === 'cancelled' && deps.payments) {
          refundAfterCommit = await startFullRefund(trx, { ...order, payment_status: 'paid' }, deps.payments.name, at);
        }
        return finish('paid', orderNumber);
      }
      case 'checkout.session.async_payment_failed': {
        await sessionUpdate({ payment_status: 'failed', failure_reason: session.failureReason });
        if (isPaid || !isCurrentSession) return finish('unchanged', orderNumber);
        if (await setOrderPaymentFailed(trx, order.id, at, 'unpaid')) {
          await insertOrderEvents(trx, [{ orderId: order.id, kind: 'payment', value: 'failed', at, detail: { sessionId: session.id } }]);
        }
        return finish('failed', orderNumber);
      }
      case 'checkout.session.expired': {
        await sessionUpdate({ status: 'expired' });
        if (isPaid || !isCurrentSession || order.payment_status !== 'pending') return finish('unchanged', orderNumber);
        if (await setOrderPaymentFailed(trx, order.id, at, 'pending')) {
          await insertOrderEvents(trx, [
            { orderId: order.id, kind: 'payment', value: 'failed', at, detail: { sessionId: session.id, expired: true } },
          ]);
        }
        return finish('expired', orderNumber);
      }
      default:
        return finish('ignored', orderNumber);
    }
  });
  if (result.orderNumber && ['paid', 'failed', 'expired', 'refund_succeeded', 'refund_failed'].includes(result.outcome)) {
    await publishOrderState(deps.store, deps.orderEvents, result.orderNumber);
  }
  deps.logger.info('payment event', { eventId: event.id, type: event.type, outcome: result.outcome, orderNumber: result.orderNumber });
  if (refundAfterCommit !== null && deps.payments && deps.liveEvents) {
    await sendRefund({ ...deps, payments: deps.payments, liveEvents: deps.liveEvents }, refundAfterCommit);
  }
  return result;
}

/** Stripe's words for a refund that will not happen. */
const REFUND_FAILED_STATUSES = ['failed', 'canceled'];

/** Our refund row for a provider refund: by the id we stored, or (the event came first) by our id in its metadata. */
async function ourRefundFor(trx: Transaction<Database>, refund: ProviderRefund): Promise<OrderRefundRow | null> {
  const byProviderId = await findRefundByProviderId(trx, refund.id);
  if (byProviderId) return byProviderId;
  if (!refund.ourRefundId || !refund.paymentIntentId) return null;
  const candidate = await findRefund(trx, refund.ourRefundId);
  if (!candidate || candidate.provider_refund_id !== null) return null;
  // Only if it refunds the payment of that very order: metadata alone proves nothing.
  const order = await findOrderRowById(trx, candidate.order_id);
  return order && order.stripe_payment_intent_id === refund.paymentIntentId ? candidate : null;
}

/**
 * One refund event: each refund it reports moves our matching 'pending' refund to 'succeeded' or
 * 'failed' once (a conditional update: a duplicated or late event changes nothing), with its log row.
 */
async function applyRefundEvent(
  trx: Transaction<Database>,
  deps: PaymentEventDeps,
  event: PaymentEvent,
  at: string,
): Promise<{ outcome: PaymentEventOutcome; orderNumber: string | null }> {
  const settled: { row: OrderRefundRow; status: 'succeeded' | 'failed'; failureReason: string | null }[] = [];
  for (const reported of event.refunds ?? []) {
    const row = await ourRefundFor(trx, reported);
    if (!row) continue;
    if (reported.currency?.toLowerCase() !== PAYMENT_CURRENCY || reported.amountBani !== row.amount_bani) {
      deps.logger.warn('refund event differs from the refund we asked for; nothing changed', { refundId: row.id, eventId: event.id });
      continue;
    }
    if (reported.status === 'succeeded') settled.push({ row, status: 'succeeded', failureReason: null });
    else if (REFUND_FAILED_STATUSES.includes(reported.status))
      settled.push({ row, status: 'failed', failureReason: reported.failureReason });
  }
  if (event.chargeRefunded && event.chargeRefunded.currency?.toLowerCase() === PAYMENT_CURRENCY) {
    // No refund list: the charge's refunded amount confirms our pending refunds, oldest first, as far as it goes.
    const order = await findOrderRowByPaymentIntent(trx, event.chargeRefunded.paymentIntentId);
    if (order) {
      const rows = await refundRowsOf(trx, [order.id]);
      let covered = rows.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount_bani, 0);
      for (const row of rows) {
        if (row.status !== 'pending' || row.provider_refund_id === null) continue;
        if (covered + row.amount_bani > event.chargeRefunded.amountRefundedBani) break;
        covered += row.amount_bani;
        settled.push({ row, status: 'succeeded', failureReason: null });
      }
    }
  }
  if (settled.length === 0)
    return { outcome: event.refunds?.length || event.chargeRefunded ? 'unknown_refund' : 'ignored', orderNumber: null };

  let orderNumber: string | null = null;
  let outcome: PaymentEventOutcome = 'unchanged';
  for (const { row, status, failureReason } of settled) {
    const order = await findOrderRowById(trx, row.order_id);
    if (!order) continue;
    orderNumber = order.order_number;
    const values =
      status === 'failed' ? { status, failure_message: failureReason ?? 'The payment provider could not make the refund.' } : { status };
    if (!(await updateRefund(trx, row.id, 'pending', values, at))) continue;
    outcome = status === 'succeeded' ? 'refund_succeeded' : 'refund_failed';
    await insertOrderEvents(trx, [
      { orderId: order.id, kind: 'refund', value: status, at, detail: { refundId: row.id, amountBani: row.amount_bani } },
    ]);
    await touchOrder(trx, order.id, at);
    if (status === 'succeeded') {
      const refunded = (await refundRowsOf(trx, [order.id]))
        .filter((r) => r.status === 'succeeded')
        .reduce((sum, r) => sum + r.amount_bani, 0);
      // 'refunded' only when the whole payment came back; a partial refund leaves it 'paid'.
      if (refunded >= order.total_bani && (await setOrderRefunded(trx, order.id, at))) {
        await insertOrderEvents(trx, [{ orderId: order.id, kind: 'payment', value: 'refunded', at, detail: { refundId: row.id } }]);
      }
    }
  }
  if (orderNumber) addLogContext({ orderNumber });
  return { outcome, orderNumber };
}

export interface RefundDeps {
  store: Store;
  clock: Clock;
  logger: Logger;
  orderEvents: OrderEventBus;
  liveEvents: LiveEvents;
  payments: Payments;
}

async function afterRefundChange(deps: RefundDeps, orderNumber: string, at: string): Promise<void> {
  await publishOrderState(deps.store, deps.orderEvents, orderNumber);
  const found = await findOrder(deps.store.db, orderNumber);
  if (found) publishBoardMove(deps.liveEvents, { orderNumber, status: found.order.status, at });
}

/**
 * After the refund's row committed: ask the provider. Taken: the provider's id is stored (the refund
 * stays 'pending' until a verified event); the test checkout's confirmation is applied at once.
 * Not taken: 'failed' with the provider's message, for the board's Retry.
 */
export async function sendRefund(deps: RefundDeps, refundId: number): Promise<void> {
  const refund = await findRefund(deps.store.db, refundId);
  if (!refund || refund.status !== 'pending') return;
  const order = await findOrderRowById(deps.store.db, refund.order_id);
  if (!order) return;
  try {
    const result = await deps.payments.refund({
      orderNumber: order.order_number,
      paymentIntentId: order.stripe_payment_intent_id,
      checkoutSessionId: order.checkout_session_id,
      amountBani: refund.amount_bani,
      idempotencyKey: refundIdempotencyKey(order.order_number, refund.id, refund.attempt),
      refundId: refund.id,
    });
    const at = deps.clock.now().toISOString();
    await deps.store.db.transaction().execute(async (trx) => {
      await updateRefund(trx, refund.id, 'pending', { provider_refund_id: result.providerRefundId }, at);
    });
    if (result.confirmation) await applyPaymentEvent(deps, result.confirmation);
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : 'The payment provider did not take the refund.';
    deps.logger.warn('refund not taken by the provider', { orderNumber: order.order_number, refundId: refund.id, message });
    const at = deps.clock.now().toISOString();
    await deps.store.db.transaction().execute(async (trx) => {
      if (await updateRefund(trx, refund.id, 'pending', { status: 'failed', failure_message: message.slice(0, 300) }, at)) {
        await insertOrderEvents(trx, [
          { orderId: order.id, kind: 'refund', value: 'failed', at, detail: { refundId: refund.id, message } },
        ]);
        await touchOrder(trx, order.id, at);
      }
    });
  }
  await afterRefundChange(deps, order.order_number, deps.clock.now().toISOString());
}
