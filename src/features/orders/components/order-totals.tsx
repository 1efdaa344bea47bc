/**
 * Subtotal, delivery fee, taxes and discount (each only when it applies), total; after a refund the
 * provider confirmed (issue 19: a missing item, or the whole order) the refunded amount and the new total.
 */
import { asBani, formatLei } from '../../../shared/money';
import type { Order } from '../../../shared/schemas/order';

export function OrderTotals({ order }: { order: Order }) {
  return (
    <dl className="order-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatLei(asBani(order.subtotalBani))}</dd>
      </div>
      {order.fulfilment === 'delivery' ? (
        <div>
          <dt>Delivery fee</dt>
          <dd>{order.deliveryFeeBani > 0 ? formatLei(asBani(order.deliveryFeeBani)) : 'Free'}</dd>
        </div>
      ) : null}
      {order.taxBani > 0 ? (
        <div>
          <dt>Taxes</dt>
          <dd>{formatLei(asBani(order.taxBani))}</dd>
        </div>
      ) : null}
      {order.discountBani > 0 ? (
        <div>
          <dt>Discount</dt>
          <dd>−{formatLei(asBani(order.discountBani))}</dd>
        </div>
      ) : null}
      <div className="order-totals__total">
        <dt>Total</dt>
        <dd>{formatLei(asBani(order.totalBani))}</dd>
      </div>
      {order.refundedBani > 0 ? (
        <>
          <div>
            <dt>Refunded</dt>
            <dd>−{formatLei(asBani(order.refundedBani))}</dd>
          </div>
          <div className="order-totals__total">
            <dt>New total</dt>
            <dd>{formatLei(asBani(Math.max(0, order.totalBani - order.refundedBani)))}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
