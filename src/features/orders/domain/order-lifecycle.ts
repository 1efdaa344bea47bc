/**
 * Pure display rules of the order's lifecycle on the customer's pages (issue 19): the promised
 * clock time ("Confirmed — ready at 19:45", delivery "arrives around 19:45-20:00") in Europe/Bucharest,
 * the timeline built only from steps that happened (statusHistory, each with its time), when the
 * customer may cancel, when the restaurant is late to confirm, and what a refund reads. No React,
 * no network, no device clock: `nowMs` is the server's time as the page estimates it
 * (src/entities/restaurant/api/server-clock.ts), so a phone whose clock is wrong still reads the right thing.
 */
import type { MessageId } from '../../../lib/i18n';
import type { Words } from '../../../lib/screen-words';
import { cancelReasonParts } from '../../../shared/domain/cancel-reason';
import { localClockText } from '../../../shared/domain/opening-hours';
import type { Locale } from '../../../shared/i18n/locales';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locales';
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { CancelReasonCode, Order, OrderStatus } from '../../../shared/schemas/order';
import { statusLabel } from './order-display';

/** "19:45" in Bucharest, whatever the phone's zone. */
export function bucharestClock(iso: string): string | null {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : localClockText(at);
}

/** Statuses after acceptance while the food is still being made. */
const IN_KITCHEN: readonly OrderStatus[] = ['confirmed', 'preparing', 'sent to kitchen'];

/**
 * The promise the customer reads once the restaurant accepted: pickup "Confirmed — ready at 19:45",
 * delivery "Confirmed — arrives around 19:45-20:00"; on the road "On its way — arrives around …".
 * Null before acceptance, once finished, and for orders accepted before issue 19 (no readyAt).
 */
export function promiseText(order: Pick<Order, 'status' | 'fulfilment' | 'readyAt' | 'arrivalWindow'>): Words | null {
  if (!order.readyAt) return null;
  const ready = bucharestClock(order.readyAt);
  if (!ready) return null;
  const window =
    order.fulfilment === 'delivery' && order.arrivalWindow
      ? `${bucharestClock(order.arrivalWindow.from) ?? ready}-${bucharestClock(order.arrivalWindow.to) ?? ready}`
      : null;
  if (IN_KITCHEN.includes(order.status)) {
    return window ? { id: 'orders.promise.arrivesAround', values: { window } } : { id: 'orders.promise.readyAt', values: { time: ready } };
  }
  if (order.status === 'out for delivery' && order.fulfilment === 'delivery' && window) {
    return { id: 'orders.promise.onItsWay', values: { window } };
  }
  return null;
}

/** The customer may cancel only until the restaurant accepts (the server answers 409 after). */
export function canCustomerCancel(order: Pick<Order, 'status'>): boolean {
  return order.status === 'received';
}

/**
 * Past the order's accept deadline and still not accepted: the page says the restaurant has not
 * confirmed yet and offers its phone number and Cancel. Null deadline (an unpaid card order, not on
 * the board yet): never late.
 */
export function isConfirmationLate(order: Pick<Order, 'status' | 'acceptDeadlineAt'>, nowMs: number): boolean {
  if (order.status !== 'received' || !order.acceptDeadlineAt) return false;
  const deadline = Date.parse(order.acceptDeadlineAt);
  return Number.isFinite(deadline) && nowMs >= deadline;
}

/** How many ms until the page must look again (the deadline passes); null when nothing is due. */
export function msUntilConfirmationLate(order: Pick<Order, 'status' | 'acceptDeadlineAt'>, nowMs: number): number | null {
  if (order.status !== 'received' || !order.acceptDeadlineAt) return null;
  const deadline = Date.parse(order.acceptDeadlineAt);
  if (!Number.isFinite(deadline) || deadline <= nowMs) return null;
  return deadline - nowMs;
}

/** The restaurant's preset reasons (src/shared/schemas/order.ts CANCEL_REASON_LABELS), as the customer reads them. */
const CANCEL_REASON_TEXT: Record<CancelReasonCode, MessageId> = {
  sold_out: 'orders.cancelled.reason.soldOut',
  too_busy: 'orders.cancelled.reason.tooBusy',
  outside_area: 'orders.cancelled.reason.outsideArea',
  unreachable: 'orders.cancelled.reason.unreachable',
  other: 'orders.cancelled.reason.other',
  customer_request: 'orders.cancelled.reason.customerRequest',
};

/**
 * The reason the customer reads: the restaurant's preset in the screen's language, with the manager's
 * note as written (the order stores the English "Sold out: note", src/shared/domain/cancel-reason.ts),
 * or the note alone for 'other'.
 */
export function cancellationText(order: Pick<Order, 'status' | 'cancelReason' | 'cancelReasonCode' | 'cancelledBy'>): Words | null {
  if (order.status !== 'cancelled') return null;
  if (order.cancelledBy === 'customer') return 'orders.cancelled.byYou';
  const { preset, note } = cancelReasonParts(order.cancelReasonCode ?? null, order.cancelReason?.trim() || null);
  if (preset && note) return { id: 'orders.cancelled.byRestaurantPresetNote', items: [CANCEL_REASON_TEXT[preset]], values: { note } };
  if (preset) return { id: 'orders.cancelled.byRestaurantPreset', items: [CANCEL_REASON_TEXT[preset]] };
  if (note) return { id: 'orders.cancelled.byRestaurantBecause', values: { reason: note } };
  return 'orders.cancelled.byRestaurant';
}

/**
 * What the refunds of a card order say: a full refund confirmed is the 'Refunded' payment status;
 * pending reads "Refund of 45.00 lei on its way"; a partial refund "Refunded 12.00 lei" with the
 * new total. Null when there is nothing to say.
 */
export function refundText(
  order: Pick<Order, 'refunds' | 'refundedBani' | 'totalBani' | 'paymentStatus'>,
  locale: Locale = DEFAULT_LOCALE,
): Words | null {
  const lei = (bani: number) => formatLei(bani as Bani, locale);
  const pending = order.refunds.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amountBani, 0);
  if (pending > 0) return { id: 'orders.refund.pending', values: { amount: lei(pending) } };
  if (order.paymentStatus === 'refunded')
    return { id: 'orders.refund.full', values: { amount: lei(order.refundedBani || order.totalBani) } };
  if (order.refundedBani > 0) {
    return { id: 'orders.refund.partial', values: { amount: lei(order.refundedBani), total: lei(order.totalBani - order.refundedBani) } };
  }
  return null;
}

export interface LifecycleStep {
  status: OrderStatus;
  label: MessageId;
  /** done: it happened (in statusHistory); current: the order's status now; upcoming: not yet. */
  state: 'done' | 'current' | 'upcoming';
  /** When it happened, "14:05" in Bucharest; null for steps that have not happened. */
  time: string | null;
  at: string | null;
}

const PATH: readonly OrderStatus[] = ['received', 'confirmed', 'preparing', 'sent to kitchen', 'out for delivery', 'delivered'];

/**
 * The timeline: the usual path, ticking only the steps in statusHistory (each with its time). A
 * step the order skipped stays unticked; a cancelled order lists what happened and then
 * 'Cancelled'. An order stored before issue 19 (empty history) ticks its 'received' from createdAt.
 */
export function lifecycleTimeline(order: Pick<Order, 'status' | 'fulfilment' | 'statusHistory' | 'createdAt'>): LifecycleStep[] {
  const history = order.statusHistory.length > 0 ? order.statusHistory : [{ status: 'received' as const, at: order.createdAt }];
  const happened = new Map<OrderStatus, string>();
  for (const entry of history) if (!happened.has(entry.status)) happened.set(entry.status, entry.at);
  const step = (status: OrderStatus): LifecycleStep => {
    const at = happened.get(status) ?? null;
    const current = status === order.status && status !== 'delivered';
    return {
      status,
      label: statusLabel(status, order.fulfilment),
      state: current ? 'current' : at ? 'done' : 'upcoming',
      at,
      time: at ? bucharestClock(at) : null,
    };
  };
  if (order.status === 'cancelled') return [...PATH.filter((status) => happened.has(status)).map(step), step('cancelled')];
  return PATH.map(step);
}

/**
 * Whether the page keeps its live stream open: until the order is finished and nothing about its
 * money is still moving (an unpaid card order, a refund the provider has not confirmed yet).
 */
export function followsLive(order: Pick<Order, 'status' | 'paymentStatus' | 'refunds'>): boolean {
  if (order.status !== 'delivered' && order.status !== 'cancelled') return true;
  return order.paymentStatus === 'pending' || order.refunds.some((r) => r.status === 'pending');
}
