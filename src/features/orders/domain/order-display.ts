/**
 * Pure display rules of the order screens (spec §4 "Payment buttons", "Point-of-sale status",
 * "Order status values"). No React, no network: the screens call these and the tests pin them.
 */
import type { MessageId } from '../../../lib/i18n';
import type { Words } from '../../../lib/screen-words';
import { formatBucharestDateTime } from '../../../shared/bucharest-date-time';
import type { Locale } from '../../../shared/i18n/locales';
import { DEFAULT_LOCALE, perLocale } from '../../../shared/i18n/locales';
import type { FulfilmentType, Order, OrderStatus, PaymentStatus } from '../../../shared/schemas/order';
import { IN_PROGRESS_STATUSES } from '../../../shared/schemas/order';

export const POS_SENT_TEXT: MessageId = 'orders.pos.sent';
export const POS_PENDING_TEXT: MessageId = 'orders.pos.pending';
export const PAYMENT_FAILED_DEFAULT_TEXT: MessageId = 'orders.payment.failedDefault';

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
export function posStatusText(posInjectionStatus: string): MessageId {
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

/** The status names customers read (src/shared/domain/order-status.ts orderStatusLabel, in the screen's language); spec §4: 'sent to kitchen' is 'In Kitchen'. */
const STATUS_LABELS: Record<OrderStatus, MessageId> = {
  received: 'orders.status.received',
  confirmed: 'orders.status.confirmed',
  preparing: 'orders.status.preparing',
  'sent to kitchen': 'orders.status.inKitchen',
  'out for delivery': 'orders.status.outForDelivery',
  delivered: 'orders.status.delivered',
  cancelled: 'orders.status.cancelled',
};
const PICKUP_STATUS_LABELS: Partial<Record<OrderStatus, MessageId>> = {
  'out for delivery': 'orders.status.readyForPickup',
  delivered: 'orders.status.pickedUp',
};

/** A pickup order reads 'Ready for Pickup' / 'Picked Up' where a delivery reads 'Out for Delivery' / 'Delivered'. */
export function statusLabel(status: OrderStatus, fulfilment: FulfilmentType = 'delivery'): MessageId {
  return (fulfilment === 'pickup' ? PICKUP_STATUS_LABELS[status] : undefined) ?? STATUS_LABELS[status];
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, MessageId> = {
  pending: 'orders.payment.pending',
  paid: 'orders.payment.paid',
  failed: 'orders.payment.failed',
  refunded: 'orders.payment.refunded',
};

export function isInProgress(status: OrderStatus): boolean {
  return IN_PROGRESS_STATUSES.includes(status);
}

/** Order times always read in the restaurant's zone, whatever the phone's zone. */
export const formatOrderDate = formatBucharestDateTime;

/** The decoded `error` query of a failed payment, or the spec's default text. */
export function paymentFailureText(error: string | undefined): Words {
  const text = (error ?? '').trim();
  if (!text) return PAYMENT_FAILED_DEFAULT_TEXT;
  try {
    // The router already decodes once; a doubly-encoded value from a provider decodes again here.
    return { verbatim: decodeURIComponent(text.replace(/\+/g, ' ')) };
  } catch {
    return { verbatim: text };
  }
}

/** Built on first use per language (an Intl formatter costs start-up time; most orders are not scheduled). */
const scheduleFormatters = perLocale((tag) => ({
  weekday: new Intl.DateTimeFormat(tag, { timeZone: 'Europe/Bucharest', weekday: 'short' }),
  dayMonth: new Intl.DateTimeFormat(tag, { timeZone: 'Europe/Bucharest', day: 'numeric', month: 'short' }),
  time: new Intl.DateTimeFormat(tag, { timeZone: 'Europe/Bucharest', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
}));

/**
 * Issue 22: an order for later's slot as the order pages show it, "Scheduled for Sun 22 Nov, 18:00"
 * (Bucharest wall time, 24 h); null for an order as soon as possible.
 */
export function scheduledForText(order: Pick<Order, 'scheduledFor'>, locale: Locale = DEFAULT_LOCALE): Words | null {
  if (!order.scheduledFor) return null;
  const at = new Date(order.scheduledFor);
  if (Number.isNaN(at.getTime())) return null;
  const format = scheduleFormatters(locale);
  return {
    id: 'orders.scheduledFor',
    values: { when: `${format.weekday.format(at)} ${format.dayMonth.format(at)}, ${format.time.format(at)}` },
  };
}

/** Issue 22: the kitchen that cooks the order, by its kitchenLocationId among the restaurant's locations (null when unknown). */
export function kitchenName(
  order: Pick<Order, 'kitchenLocationId'>,
  locations: readonly { id: number; name: string }[] | undefined,
): string | null {
  if (order.kitchenLocationId === null || !locations) return null;
  return locations.find((location) => location.id === order.kitchenLocationId)?.name ?? null;
}
