/**
 * The board's refund rules for display (issue 19), pure: how many of each line may still be
 * refunded (a missing item), what a chosen refund comes to, and how a refund reads on the card.
 * The server decides the amounts and refuses anything beyond what is left; these only shape the
 * dialog so the manager cannot pick what the server would refuse.
 */
import type { MessageId, Translate } from '../../lib/i18n';
import type { Locale } from '../../shared/i18n/locales';
import type { Bani } from '../../shared/money';
import { formatLei } from '../../shared/money';
import type { Order, OrderItem, Refund, RefundLine } from '../../shared/schemas/order';

/** Lines can be refunded on a paid card order (a refunded or cash order has no card money to return). */
export function canRefundLines(order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'status'>): boolean {
  return order.paymentMethod === 'card' && order.paymentStatus === 'paid' && order.status !== 'cancelled';
}

/** Units of each line already refunded or on their way (failed refunds returned nothing). */
export function refundedQuantities(refunds: readonly Refund[]): Map<number, number> {
  const counted = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines) counted.set(line.orderItemId, (counted.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return counted;
}

/** Units of `item` that may still be refunded. */
export function refundableQuantity(item: Pick<OrderItem, 'id' | 'quantity'>, refunds: readonly Refund[]): number {
  return Math.max(0, item.quantity - (refundedQuantities(refunds).get(item.id) ?? 0));
}

/** One unit's share of its line (dish, options and weight), in bani. */
export function unitPriceBani(item: Pick<OrderItem, 'itemTotalBani' | 'quantity'>): number {
  return item.quantity > 0 ? Math.round(item.itemTotalBani / item.quantity) : 0;
}

/** What the chosen lines come to (the server's figure may differ by rounding; it decides). */
export function refundEstimateBani(
  items: readonly Pick<OrderItem, 'id' | 'itemTotalBani' | 'quantity'>[],
  lines: readonly RefundLine[],
): number {
  return lines.reduce((sum, line) => {
    const item = items.find((i) => i.id === line.orderItemId);
    return item ? sum + unitPriceBani(item) * line.quantity : sum;
  }, 0);
}

const REFUND_STATUS_WORDS: Record<Refund['status'], MessageId> = {
  pending: 'admin.refund.status.pending',
  succeeded: 'admin.refund.status.succeeded',
  failed: 'admin.refund.status.failed',
};

/** "Full refund · 45.00 lei · pending" / "Partial refund · 12.00 lei · failed: card_expired", in `t`'s language. */
export function refundLine(refund: Refund, t: Translate, locale: Locale): string {
  const values = {
    kind: t(refund.kind === 'full' ? 'admin.refund.full' : 'admin.refund.partial'),
    amount: formatLei(refund.amountBani as Bani, locale),
    status: t(REFUND_STATUS_WORDS[refund.status]),
  };
  return refund.status === 'failed' && refund.failureMessage
    ? t('admin.refund.entryFailed', { ...values, reason: refund.failureMessage })
    : t('admin.refund.entry', values);
}
