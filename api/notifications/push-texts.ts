/**
 * What each push says: one function per message, taking the language (./language.ts). Short on
 * purpose (the payload holds the order number, its status and this text, nothing personal: the lock
 * screen and the push service see it). Times are Bucharest wall-clock times.
 */
import type { Bani } from '../../src/shared/money';
import { formatLei } from '../../src/shared/money';
import { formatBucharestDateTime } from '../../src/shared/bucharest-date-time';
import { localClockText } from '../../src/shared/domain/opening-hours';
import type { CancelReasonCode, FulfilmentType } from '../../src/shared/schemas/order';
import { CANCEL_REASON_LABELS } from '../../src/shared/schemas/order';
import { MAX_PUSH_TEXT_LENGTH } from '../../src/shared/schemas/push';
import type { NotificationLanguage } from './language';

function clip(text: string): string {
  return text.length <= MAX_PUSH_TEXT_LENGTH ? text : `${text.slice(0, MAX_PUSH_TEXT_LENGTH - 1)}…`;
}

/**
 * Accepted: when it will be ready (pickup) or arrive (delivery). An order for later (issue 22) names
 * the day too ("23 Nov 2026, 13:00"): it may be accepted the day before.
 */
export function confirmedText(
  lang: NotificationLanguage,
  order: { fulfilment: FulfilmentType; readyAt: Date | null; arrivalFrom: Date | null; arrivalTo: Date | null; scheduled?: boolean },
): string {
  const when = (at: Date) => (order.scheduled ? formatBucharestDateTime(at.toISOString()) : localClockText(at));
  switch (lang) {
    case 'en':
      if (order.fulfilment === 'delivery' && order.arrivalFrom && order.arrivalTo)
        return clip(`Confirmed — arrives around ${when(order.arrivalFrom)}–${localClockText(order.arrivalTo)}`);
      if (order.readyAt) return clip(`Confirmed — ready at ${when(order.readyAt)}`);
      return 'Confirmed — the restaurant is preparing your order';
  }
}

export function outForDeliveryText(lang: NotificationLanguage): string {
  switch (lang) {
    case 'en':
      return 'Out for delivery — your order is on its way';
  }
}

export function readyForPickupText(lang: NotificationLanguage, locationName: string | null): string {
  switch (lang) {
    case 'en':
      return clip(locationName ? `Ready for pickup at ${locationName}` : 'Ready for pickup');
  }
}

export function cancelledText(lang: NotificationLanguage, reasonCode: CancelReasonCode | null): string {
  switch (lang) {
    case 'en':
      if (reasonCode === 'customer_request') return 'Cancelled, as you asked';
      if (reasonCode && reasonCode !== 'other') return clip(`Cancelled by the restaurant — ${CANCEL_REASON_LABELS[reasonCode]}`);
      return 'Cancelled by the restaurant';
  }
}

export function refundedText(lang: NotificationLanguage, amount: Bani): string {
  switch (lang) {
    case 'en':
      return clip(`Refund of ${formatLei(amount)} confirmed — back on your card in a few days`);
  }
}

/** The order moved to the other kitchen (issue 22): a pickup is collected there now. */
export function movedKitchenText(lang: NotificationLanguage, order: { fulfilment: FulfilmentType; locationName: string | null }): string {
  switch (lang) {
    case 'en':
      if (order.fulfilment === 'pickup')
        return clip(
          order.locationName ? `Your order moved — pick it up at ${order.locationName}` : 'Your order moved to our other kitchen',
        );
      return clip(
        order.locationName ? `Your order is now cooked at ${order.locationName}` : 'Your order is now cooked at our other kitchen',
      );
  }
}

/** The board: a new order to accept. */
export function newOrderText(
  lang: NotificationLanguage,
  order: { totalBani: Bani; fulfilment: FulfilmentType; paymentMethod: string },
): string {
  switch (lang) {
    case 'en':
      return clip(
        `New order — ${formatLei(order.totalBani)}, ${order.fulfilment === 'delivery' ? 'delivery' : 'pickup'}, ${order.paymentMethod === 'card' ? 'paid by card' : 'cash'}`,
      );
  }
}

/** The board: an order still not accepted past its deadline. */
export function waitingText(lang: NotificationLanguage, waitingMinutes: number): string {
  switch (lang) {
    case 'en':
      return clip(`Waiting ${waitingMinutes} min — not accepted yet`);
  }
}
