/**
 * Which orders the board announces (issue 7, reworked by issue 19). An order rings while it waits
 * for a person to accept or reject it: status 'received' and due at the kitchen (cash at once, card
 * once paid: an unpaid card order is not food to cook yet). There is no "acknowledge" any more: the
 * sound repeats until someone decides, as on Toast's or GloriaFood's order-taking tablets. Past the
 * order's acceptDeadlineAt (set by the server from the acceptWithinMinutes setting) it escalates:
 * louder and faster, the card highlighted, the tab's title blinking. Pure, so the rules are tested
 * without a browser; `serverNowMs` is the server's time as the tablet estimates it
 * (src/entities/restaurant/api/server-clock.ts), never the tablet's own clock.
 */
import type { Translate } from '../../lib/i18n';
import { isAwaitingRelease } from '../../shared/domain/scheduled-orders';
import type { Order } from '../../shared/schemas/order';

type AlertFields = Pick<Order, 'orderNumber' | 'paymentMethod' | 'paymentStatus' | 'status'> & Partial<Pick<Order, 'releaseAt'>>;
type LateFields = AlertFields & Pick<Order, 'acceptDeadlineAt'>;

/** Normal ring: a beep every 8 s; escalated: a louder one every 3 s. */
export const NEW_ORDER_REPEAT_MS = 8_000;
export const LATE_ORDER_REPEAT_MS = 3_000;

export function isKitchenReady(order: Pick<Order, 'paymentMethod' | 'paymentStatus'>): boolean {
  return order.paymentMethod === 'cash' || order.paymentStatus === 'paid';
}

/**
 * Waiting for a person to accept or reject it. An order for later waits in the Scheduled lane until
 * its release (issue 22, docs/decisions/0138-scheduled-orders-on-the-board.md): it starts ringing
 * then, once, as a new order arriving would (shouldBeep sees it join the set).
 */
export function awaitsDecision(order: AlertFields, serverNowMs?: number): boolean {
  if (order.status !== 'received' || !isKitchenReady(order)) return false;
  return (
    serverNowMs === undefined || !isAwaitingRelease({ status: order.status, releaseAt: order.releaseAt ?? null }, new Date(serverNowMs))
  );
}

/** The order numbers ringing until someone accepts or rejects them (orders for later from their release). */
export function alertingOrderNumbers(orders: readonly AlertFields[], serverNowMs?: number): Set<string> {
  return new Set(orders.filter((order) => awaitsDecision(order, serverNowMs)).map((o) => o.orderNumber));
}

/**
 * The server's time by the board answer's serverNow (issue 22): the device clock plus the offset the
 * answer showed when it arrived. Without serverNow (an older server), the caller's own estimate.
 */
export function boardServerNowMs(
  deviceNowMs: number,
  answer: { serverNow?: string; receivedAtMs: number } | null,
  fallbackMs: number,
): number {
  const server = answer?.serverNow ? Date.parse(answer.serverNow) : Number.NaN;
  if (!answer || Number.isNaN(server)) return fallbackMs;
  return deviceNowMs + (server - answer.receivedAtMs);
}

/** Still undecided at or after its accept deadline. */
export function isLate(order: LateFields, serverNowMs: number): boolean {
  if (!awaitsDecision(order, serverNowMs) || !order.acceptDeadlineAt) return false;
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
export function lateTitle(lateCount: number, t: Translate): string | null {
  if (lateCount === 0) return null;
  return t('admin.screen.lateTitle', { count: lateCount });
}
