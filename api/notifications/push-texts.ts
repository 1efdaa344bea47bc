/**
 * What each push says: one function per message, in the recipient's language (the words are in
 * api/i18n/*.json). Short on purpose (the payload holds the order number, its status and this text,
 * nothing personal: the lock screen and the push service see it). Times are Bucharest wall-clock
 * times, amounts are written the language's way ("64,00 lei").
 */
import type { Locale } from '../../src/shared/i18n/locales';
import type { Bani } from '../../src/shared/money';
import { formatLei } from '../../src/shared/money';
import { formatBucharestDateTime } from '../../src/shared/bucharest-date-time';
import { localClockText } from '../../src/shared/domain/opening-hours';
import type { CancelReasonCode, FulfilmentType } from '../../src/shared/schemas/order';
import { MAX_PUSH_TEXT_LENGTH } from '../../src/shared/schemas/push';
import type { MessageValues, ServerMessageId } from '../i18n/translate';
import { serverMessages } from '../i18n/translate';

function clip(text: string): string {
  return text.length <= MAX_PUSH_TEXT_LENGTH ? text : `${text.slice(0, MAX_PUSH_TEXT_LENGTH - 1)}…`;
}

/** A message of the catalogue, clipped to what a push may carry. */
function pushText(locale: Locale, id: ServerMessageId, values?: MessageValues): string {
  return clip(serverMessages(locale)(id, values));
}

/** A cancel reason in the recipient's words. */
export function cancelReasonText(locale: Locale, reasonCode: CancelReasonCode): string {
  return serverMessages(locale)(`cancelReason.${reasonCode}`);
}

/**
 * Accepted: when it will be ready (pickup) or arrive (delivery). An order for later (issue 22) names
 * the day too ("23 Nov 2026, 13:00"): it may be accepted the day before.
 */
export function confirmedText(
  locale: Locale,
  order: { fulfilment: FulfilmentType; readyAt: Date | null; arrivalFrom: Date | null; arrivalTo: Date | null; scheduled?: boolean },
): string {
  const when = (at: Date) => (order.scheduled ? formatBucharestDateTime(at.toISOString(), locale) : localClockText(at));
  if (order.fulfilment === 'delivery' && order.arrivalFrom && order.arrivalTo)
    return pushText(locale, 'push.confirmed.arrives', { from: when(order.arrivalFrom), to: localClockText(order.arrivalTo) });
  if (order.readyAt) return pushText(locale, 'push.confirmed.ready', { at: when(order.readyAt) });
  return pushText(locale, 'push.confirmed');
}

export function outForDeliveryText(locale: Locale): string {
  return pushText(locale, 'push.outForDelivery');
}

export function readyForPickupText(locale: Locale, locationName: string | null): string {
  return locationName ? pushText(locale, 'push.readyForPickup.at', { location: locationName }) : pushText(locale, 'push.readyForPickup');
}

export function cancelledText(locale: Locale, reasonCode: CancelReasonCode | null): string {
  if (reasonCode === 'customer_request') return pushText(locale, 'push.cancelled.asked');
  if (reasonCode && reasonCode !== 'other')
    return pushText(locale, 'push.cancelled.reason', { reason: cancelReasonText(locale, reasonCode) });
  return pushText(locale, 'push.cancelled');
}

export function refundedText(locale: Locale, amount: Bani): string {
  return pushText(locale, 'push.refunded', { amount: formatLei(amount, locale) });
}

/** The order moved to the other kitchen (issue 22): a pickup is collected there now. */
export function movedKitchenText(locale: Locale, order: { fulfilment: FulfilmentType; locationName: string | null }): string {
  const location = order.locationName;
  if (order.fulfilment === 'pickup')
    return location ? pushText(locale, 'push.moved.pickup.at', { location }) : pushText(locale, 'push.moved.pickup');
  return location ? pushText(locale, 'push.moved.delivery.at', { location }) : pushText(locale, 'push.moved.delivery');
}

/** The board: a new order to accept. */
export function newOrderText(locale: Locale, order: { totalBani: Bani; fulfilment: FulfilmentType; paymentMethod: string }): string {
  return pushText(locale, 'push.newOrder', {
    total: formatLei(order.totalBani, locale),
    fulfilment: order.fulfilment,
    payment: order.paymentMethod,
  });
}

/** The board: an order still not accepted past its deadline. */
export function waitingText(locale: Locale, waitingMinutes: number): string {
  return pushText(locale, 'push.waiting', { minutes: waitingMinutes });
}
