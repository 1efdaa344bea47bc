/**
 * Pure display rules of the order screens (spec §4 "Payment buttons", "Point-of-sale status",
 * "Order status values"). No React, no network: the screens call these and the tests pin them.
 */
import { formatBucharestDateTime } from '../../../shared/bucharest-date-time';
import { orderStatusLabel } from '../../../shared/domain/order-status';
import type { FulfilmentType, Order, OrderStatus, PaymentStatus } from '../../../shared/schemas/order';
import { IN_PROGRESS_STATUSES } from '../../../shared/schemas/order';

export const POS_SENT_TEXT = 'Order has been sent to kitchen successfully';
export const POS_PENDING_TEXT = 'Sending order to kitchen...';
export const PAYMENT_FAILED_DEFAULT_TEXT = 'Your payment could not be processed. Please try again.';

/**
 * 'Pay' and 'Retry Payment' appear only when the payment is pending or failed (spec §4), and only
 * for card orders: a pending cash order is paid to the courier or at the counter.
 */
export function canPay(order: Pick<Order, 'paymentStatus' | 'paymentMethod' | 'status'>): boolean {
  // A cancelled order is never paid for (the server refuses it: 'order_cancelled').
  if (order.status === 'cancelled') return false;
  return order.paymentMethod === 'card' && (order.paymentStatus === 'pending' || order.paymentStatus === 'failed');
}

/** The receipt button is enabled only when paid. */
export function canGetReceipt(order: Pick<Order, 'paymentStatus'>): boolean {
  return order.paymentStatus === 'paid';
}

/** Spec §4: posInjectionStatus 'sent' shows the success text, anything else the progress text. */
export function posStatusText(posInjectionStatus: string): string {
  return posInjectionStatus === 'sent' ? POS_SENT_TEXT : POS_PENDING_TEXT;
}

/**
 * The kitchen hand-off line is meaningful once a person at the restaurant accepted the order (issue
 * 19: with the embedded board, accepting is the kitchen seeing it; with a vendor POS, 'sent' means
 * the vendor acknowledged). Before that the page says it waits for the restaurant's confirmation.
 * Cancelled orders never show it.
 */
export function showsPosStatus(order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'status'>): boolean {
  if (order.status === 'cancelled' || order.status === 'received') return false;
  return order.paymentMethod === 'cash' || order.paymentStatus === 'paid';
}

/** A pickup order reads 'Ready for Pickup' / 'Picked Up' where a delivery reads 'Out for Delivery' / 'Delivered'. */
export function statusLabel(status: OrderStatus, fulfilment: FulfilmentType = 'delivery'): string {
  return orderStatusLabel(status, fulfilment);
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

export function isInProgress(status: OrderStatus): boolean {
  return IN_PROGRESS_STATUSES.includes(status);
}

/** Order times always read in the restaurant's zone, whatever the phone's zone. */
export const formatOrderDate = formatBucharestDateTime;

/** The decoded `error` query of a failed payment, or the spec's default text. */
export function paymentFailureText(error: string | undefined): string {
  const text = (error ?? '').trim();
  if (!text) return PAYMENT_FAILED_DEFAULT_TEXT;
  try {
    // The router already decodes once; a doubly-encoded value from a provider decodes again here.
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Built on first use (an Intl formatter costs start-up time; most orders are not scheduled). */
let scheduleFormat: { weekday: Intl.DateTimeFormat; dayMonth: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | null = null;
function scheduleFormatters() {
  scheduleFormat ??= {
    weekday: new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bucharest', weekday: 'short' }),
    dayMonth: new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bucharest', day: 'numeric', month: 'short' }),
    time: new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bucharest', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  };
  return scheduleFormat;
}

/**
 * Issue 22: an order for later's slot as the order pages show it, "Scheduled for Sun 22 Nov, 18:00"
 * (Bucharest wall time, 24 h); null for an order as soon as possible.
 */
export function scheduledForText(order: Pick<Order, 'scheduledFor'>): string | null {
  if (!order.scheduledFor) return null;
  const at = new Date(order.scheduledFor);
  if (Number.isNaN(at.getTime())) return null;
  const format = scheduleFormatters();
  return `Scheduled for ${format.weekday.format(at)} ${format.dayMonth.format(at)}, ${format.time.format(at)}`;
}

/** Issue 22: the kitchen that cooks the order, by its kitchenLocationId among the restaurant's locations (null when unknown). */
export function kitchenName(
  order: Pick<Order, 'kitchenLocationId'>,
  locations: readonly { id: number; name: string }[] | undefined,
): string | null {
  if (order.kitchenLocationId === null || !locations) return null;
  return locations.find((location) => location.id === order.kitchenLocationId)?.name ?? null;
}
