/**
 * Applies verified payment events to orders: the ONE place payment state changes, used by the
 * webhook, the embedded test checkout and the session-status look-up alike.
 *
 * Idempotent and order-independent (providers deliver events twice, concurrently and out of order):
 * - each event id is applied at most once (payment_events primary key, same transaction);
 * - 'paid' is final (only a refund could leave it): a late 'expired' or 'failed' never un-pays;
 * - a failure or expiry only marks the order failed while it is still unpaid AND the event is about
 *   the order's current session (an old session expiring must not fail a newer attempt);
 * - becoming paid writes the POS outbox row in the same transaction (dedupe key per order), so
 *   the kitchen hears about every paid card order exactly once, even if the process dies right after.
 *
 * Only our own sessions count (issue 21, defect 9): the order is the one our payment_sessions row
 * names, never the event's metadata, so a session someone else created on the same provider account
 * (a payment link naming our order number, another integration) changes nothing; and an event in a
 * currency other than PAYMENT_CURRENCY changes nothing, whatever its amount.
 */
import type { Transaction } from 'kysely';

import type { Clock } from '../../../src/shared/clock';
import type { OrderEventBus } from '../../lib/order-events';
import { publishOrderState } from '../../lib/order-records';
import type { Logger } from '../../lib/logger';
import type { Database } from '../../store/schema';
import { enqueueOutboxRows } from '../../store/outbox-rows';
import type { Store } from '../../store/store';
import type { PaymentEvent } from './port';
import { PAYMENT_CURRENCY } from './port';

export const POS_OUTBOX_KIND = 'pos.send';

export function posDedupeKey(orderNumber: string): string {
  return `pos:${orderNumber}`;
}

/** Queue the POS hand-off; a second call for the same order is a no-op (unique dedupe key). */
export async function enqueuePosHandOff(trx: Transaction<Database>, orderNumber: string, now: Date): Promise<void> {
  await enqueueOutboxRows(trx, [{ kind: POS_OUTBOX_KIND, dedupeKey: posDedupeKey(orderNumber), payload: { orderNumber } }], now);
}

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
    const claimed = await trx
      .insertInto('payment_events')
      .values({ id: event.id, type: event.type, order_number: event.session?.orderNumber ?? null, outcome: 'processing', received_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return { outcome: 'duplicate' as const, orderNumber: null };

    const finish = async (outcome: PaymentEventOutcome, orderNumber: string | null) => {
      await trx.updateTable('payment_events').set({ outcome, order_number: orderNumber }).where('id', '=', event.id).execute();
      return { outcome, orderNumber };
    };
    const session = event.session;
    if (!session) return finish('ignored', null);

    // The order is the one our own session record names; metadata is the provider's copy of what we
    // wrote and anyone with access to the account can write it on a session of theirs.
    const known = await trx
      .selectFrom('payment_sessions')
      .select(['order_number', 'currency'])
      .where('id', '=', session.id)
      .executeTakeFirst();
    if (!known) {
      deps.logger.warn('payment event for a session we did not create; nothing changed', { sessionId: session.id, eventId: event.id });
      return finish('unknown_session', null);
    }
    const orderNumber = known.order_number;
    if (session.currency?.toLowerCase() !== PAYMENT_CURRENCY || known.currency !== PAYMENT_CURRENCY) {
      deps.logger.warn('payment event in another currency; nothing changed', {
        orderNumber,
        sessionId: session.id,
        currency: session.currency,
      });
      return finish('ignored', orderNumber);
    }
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'order_number', 'payment_status', 'payment_method', 'total_bani', 'checkout_session_id'])
      .where('order_number', '=', orderNumber)
      .executeTakeFirst();
    if (!order) return finish('unknown_order', orderNumber);

    const sessionUpdate = (values: {
      status?: string;
      payment_status?: string;
      failure_reason?: string | null;
      payment_intent_id?: string | null;
    }) =>
      trx
        .updateTable('payment_sessions')
        .set({ ...values, updated_at: at })
        .where('id', '=', session.id)
        .execute();

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
        await trx
          .updateTable('orders')
          .set({
            payment_status: 'paid',
            stripe_payment_intent_id: session.paymentIntentId,
            receipt_url: session.receiptUrl,
            checkout_session_id: session.id,
            updated_at: at,
          })
          .where('id', '=', order.id)
          .where('payment_status', 'not in', ['paid', 'refunded'])
          .execute();
        await enqueuePosHandOff(trx, orderNumber, now);
        return finish('paid', orderNumber);
      }
      case 'checkout.session.async_payment_failed': {
        await sessionUpdate({ payment_status: 'failed', failure_reason: session.failureReason });
        if (isPaid || !isCurrentSession) return finish('unchanged', orderNumber);
        await trx
          .updateTable('orders')
          .set({ payment_status: 'failed', updated_at: at })
          .where('id', '=', order.id)
          .where('payment_status', 'not in', ['paid', 'refunded'])
          .execute();
        return finish('failed', orderNumber);
      }
      case 'checkout.session.expired': {
        await sessionUpdate({ status: 'expired' });
        if (isPaid || !isCurrentSession || order.payment_status !== 'pending') return finish('unchanged', orderNumber);
        await trx
          .updateTable('orders')
          .set({ payment_status: 'failed', updated_at: at })
          .where('id', '=', order.id)
          .where('payment_status', '=', 'pending')
          .execute();
        return finish('expired', orderNumber);
      }
      default:
        return finish('ignored', orderNumber);
    }
  });
  if (result.orderNumber && ['paid', 'failed', 'expired'].includes(result.outcome)) {
    await publishOrderState(deps.store.db, deps.orderEvents, result.orderNumber);
    if (result.outcome === 'paid') deps.orderEvents.notifyOutbox();
  }
  deps.logger.info('payment event', { eventId: event.id, type: event.type, outcome: result.outcome, orderNumber: result.orderNumber });
  return result;
}
