/**
 * Which orders the board announces (issue 7, reworked by issue 19). An order rings while it waits
 * for a person to accept or reject it: status 'received' and due at the kitchen (cash at once, card
 * once paid: an unpaid card order is not food to cook yet). There is no "acknowledge" any more: the
 * sound repeats until someone decides, as on Toast's or GloriaFood's order-taking tablets. Past the
 * order's acceptDeadlineAt (set by the server from the acceptWithinMinutes setting) it escalates:
 * louder and faster, the card highlighted, the tab's title blinking. Pure, so the rules are tested
 * without a browser; `serverNowMs` is the server's time as the tablet estimates it
 * (src/lib/server-clock.ts), never the tablet's own clock.
 */
import type { Order } from '../../shared/schemas/order';

type AlertFields = Pick<Order, 'orderNumber' | 'paymentMethod' | 'paymentStatus' | 'status'>;
type LateFields = AlertFields & Pick<Order, 'acceptDeadlineAt'>;

/** Normal ring: a beep every 8 s; escalated: a louder one every 3 s. */
export const NEW_ORDER_REPEAT_MS = 8_000;
export const LATE_ORDER_REPEAT_MS = 3_000;

export function isKitchenReady(order: Pick<Order, 'paymentMethod' | 'paymentStatus'>): boolean {
  return order.paymentMethod === 'cash' || order.paymentStatus === 'paid';
}

/** Waiting for a person to accept or reject it. */
export function awaitsDecision(order: AlertFields): boolean {
  return order.status === 'received' && isKitchenReady(order);
}

/** The order numbers ringing until someone accepts or rejects them. */
export function alertingOrderNumbers(orders: readonly AlertFields[]): Set<string> {
  return new Set(orders.filter(awaitsDecision).map((o) => o.orderNumber));
}

/** Still undecided at or after its accept deadline. */
export function isLate(order: LateFields, serverNowMs: number): boolean {
  if (!awaitsDecision(order) || !order.acceptDeadlineAt) return false;
  const deadline = Date.parse(order.acceptDeadlineAt);
  return Number.isFinite(deadline) && serverNowMs >= deadline;
}

export function lateOrderNumbers(orders: readonly LateFields[], serverNowMs: number): Set<string> {
  return new Set(orders.filter((o) => isLate(o, serverNowMs)).map((o) => o.orderNumber));
}

/** Whether the board should beep at once: an order started ringing since the last look (never on the first look). */
export function shouldBeep(previous: ReadonlySet<string> | null, current: ReadonlySet<string>): boolean {
  if (previous === null) return false;
  for (const orderNumber of current) if (!previous.has(orderNumber)) return true;
  return false;
}

/** The tab's blinking title while orders are late: "⚠ 2 orders not accepted". */
export function lateTitle(lateCount: number): string | null {
  if (lateCount === 0) return null;
  return `⚠ ${lateCount} ${lateCount === 1 ? 'order' : 'orders'} not accepted`;
}
