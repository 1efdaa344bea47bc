/**
 * Subtotal, delivery fee, taxes and discount (each only when it applies), total; after a refund the
 * provider confirmed (issue 19: a missing item, or the whole order) the refunded amount and the new total.
 */
import { useLocale, useT } from '../../../lib/i18n';
import { asBani, formatLei } from '../../../shared/money';
import type { Order } from '../../../shared/schemas/order';

export function OrderTotals({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  const lei = (bani: number) => formatLei(asBani(bani), locale);
  return (
    <dl className="order-totals">
      <div>
        <dt>{t('orders.totals.subtotal')}</dt>
        <dd>{lei(order.subtotalBani)}</dd>
      </div>
      {order.fulfilment === 'delivery' ? (
        <div>
          <dt>{t('orders.totals.deliveryFee')}</dt>
          <dd>{order.deliveryFeeBani > 0 ? lei(order.deliveryFeeBani) : t('orders.totals.free')}</dd>
        </div>
      ) : null}
      {order.taxBani > 0 ? (
        <div>
          <dt>{t('orders.totals.taxes')}</dt>
          <dd>{lei(order.taxBani)}</dd>
        </div>
      ) : null}
      {order.discountBani > 0 ? (
        <div>
          <dt>{t('orders.totals.discount')}</dt>
          <dd>−{lei(order.discountBani)}</dd>
        </div>
      ) : null}
      <div className="order-totals__total">
        <dt>{t('orders.totals.total')}</dt>
        <dd>{lei(order.totalBani)}</dd>
      </div>
      {order.refundedBani > 0 ? (
        <>
          <div>
            <dt>{t('orders.totals.refunded')}</dt>
            <dd>−{lei(order.refundedBani)}</dd>
          </div>
          <div className="order-totals__total">
            <dt>{t('orders.totals.newTotal')}</dt>
            <dd>{lei(Math.max(0, order.totalBani - order.refundedBani))}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
