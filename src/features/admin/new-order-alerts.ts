/**
 * Which orders the board announces (issue 7: "a new order plays a short sound and highlights until
 * acknowledged"). Only orders the kitchen may start: cash orders at once, card orders once paid (an
 * unpaid card order is not food to cook yet; it alerts when its payment arrives). Finished orders
 * never alert. Pure, so the rule is tested without a browser.
 */
import { isFinalStatus } from '../../shared/domain/order-status';
import type { Order } from '../../shared/schemas/order';

type AlertFields = Pick<Order, 'orderNumber' | 'paymentMethod' | 'paymentStatus' | 'status'>;

export function isKitchenReady(order: Pick<Order, 'paymentMethod' | 'paymentStatus'>): boolean {
  return order.paymentMethod === 'cash' || order.paymentStatus === 'paid';
}

/** The order numbers highlighted until someone acknowledges them (or moves the order). */
export function alertingOrderNumbers(orders: readonly AlertFields[], acknowledged: ReadonlySet<string>): Set<string> {
  return new Set(
    orders.filter((o) => isKitchenReady(o) && !isFinalStatus(o.status) && !acknowledged.has(o.orderNumber)).map((o) => o.orderNumber),
  );
}

/** Whether the board should beep: an order started alerting since the last look (never on the first look). */
export function shouldBeep(previous: ReadonlySet<string> | null, current: ReadonlySet<string>): boolean {
  if (previous === null) return false;
  for (const orderNumber of current) if (!previous.has(orderNumber)) return true;
  return false;
}
