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
 * - becoming paid writes the POS job in the same transaction (dedupe key per order), so the kitchen
 *   hears about every paid card order exactly once, even if the process dies right after.
 *
 * Only our own sessions count (issue 21, defect 9): the order is the one our payment_sessions row
 * names, never the event's metadata, so a session someone else created on the same provider account
 * (a payment link naming our order number, another integration) changes nothing; and an event in a
 * currency other than PAYMENT_CURRENCY changes nothing, whatever its amount.
 */
import type { Clock } from '../../src/shared/clock';
import type { PaymentEvent } from '../integrations/payments/port';
import { PAYMENT_CURRENCY } from '../integrations/payments/port';
import type { Logger } from '../lib/logger';
import { addLogContext } from '../lib/logger';
import type { OrderEventBus } from '../lib/order-events';
import { orderForPayment, setOrderPaid, setOrderPaymentFailed } from '../store/orders-queries';
import { claimPaymentEvent, finishPaymentEvent, findPaymentSession, updatePaymentSession } from '../store/payments-queries';
import type { Store } from '../store/store';
import { enqueuePosHandOff } from './pos-hand-off';
import { publishOrderState } from './publish';

export type PaymentEventOutcome =
  'duplicate' | 'ignored' | 'paid' | 'failed' | 'expired' | 'pending' | 'unchanged' | 'unknown_order' | 'unknown_session';

export interface PaymentEventDeps {
  store: Store;
  clock: Clock;
  logger: Logger;
  orderEvents: OrderEventBus;
}

export async function applyPaymentEvent(
  deps: PaymentEventDeps,
  event: PaymentEvent,
): Promise<{ outcome: PaymentEventOutcome; orderNumber: string | null }> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const result = await deps.store.db.transaction().execute(async (trx) => {
    if (!(await claimPaymentEvent(trx, { id: event.id, type: event.type, orderNumber: event.session?.orderNumber ?? null, at }))) {
      return { outcome: 'duplicate' as const, orderNumber: null };
    }

    const finish = async (outcome: PaymentEventOutcome, orderNumber: string | null) => {
      await finishPaymentEvent(trx, event.id, outcome, orderNumber);
      return { outcome, orderNumber };
    };
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
        await setOrderPaid(trx, order.id, {
          paymentIntentId: session.paymentIntentId,
          receiptUrl: session.receiptUrl,
          checkoutSessionId: session.id,
          at,
        });
        await enqueuePosHandOff(trx, orderNumber, now);
        return finish('paid', orderNumber);
      }
      case 'checkout.session.async_payment_failed': {
        await sessionUpdate({ payment_status: 'failed', failure_reason: session.failureReason });
        if (isPaid || !isCurrentSession) return finish('unchanged', orderNumber);
        await setOrderPaymentFailed(trx, order.id, at, 'unpaid');
        return finish('failed', orderNumber);
      }
      case 'checkout.session.expired': {
        await sessionUpdate({ status: 'expired' });
        if (isPaid || !isCurrentSession || order.payment_status !== 'pending') return finish('unchanged', orderNumber);
        await setOrderPaymentFailed(trx, order.id, at, 'pending');
        return finish('expired', orderNumber);
      }
      default:
        return finish('ignored', orderNumber);
    }
  });
  if (result.orderNumber && ['paid', 'failed', 'expired'].includes(result.outcome)) {
    await publishOrderState(deps.store, deps.orderEvents, result.orderNumber);
    if (result.outcome === 'paid') deps.orderEvents.notifyOutbox();
  }
  deps.logger.info('payment event', { eventId: event.id, type: event.type, outcome: result.outcome, orderNumber: result.orderNumber });
  return result;
}
