/**
 * The manager area's words for an order's stored values (issue 23): its status (per fulfilment: a
 * pickup order is 'Ready for Pickup', never 'Out for Delivery'), the board's columns, the payment
 * method and status, and the restaurant's cancel reasons, as message ids the screens word in their
 * language. The stored values stay the contract (src/shared/domain/order-status.ts); only how they read
 * changes with the language.
 */
import type { MessageId } from '../../locales/message-id';
import type { BoardStage } from '../../shared/domain/order-status';
import type { CancelReasonCode, FulfilmentType, OrderStatus, PaymentMethod, PaymentStatus } from '../../shared/schemas/order';

const STATUS_WORDS: Record<OrderStatus, MessageId> = {
  received: 'admin.status.received',
  confirmed: 'admin.status.confirmed',
  preparing: 'admin.status.preparing',
  'sent to kitchen': 'admin.status.sentToKitchen',
  'out for delivery': 'admin.status.outForDelivery',
  delivered: 'admin.status.delivered',
  cancelled: 'admin.status.cancelled',
};

const PICKUP_STATUS_WORDS: Partial<Record<OrderStatus, MessageId>> = {
  'out for delivery': 'admin.status.readyForPickup',
  delivered: 'admin.status.pickedUp',
};

/** The words for a status, per fulfilment (as orderStatusLabel in English). */
export function statusWords(status: OrderStatus, fulfilment: FulfilmentType): MessageId {
  return (fulfilment === 'pickup' ? PICKUP_STATUS_WORDS[status] : undefined) ?? STATUS_WORDS[status];
}

export const BOARD_STAGE_WORDS: Record<BoardStage, MessageId> = {
  new: 'admin.board.stage.new',
  accepted: 'admin.board.stage.accepted',
  kitchen: 'admin.board.stage.kitchen',
  ready: 'admin.board.stage.ready',
  'out-for-delivery': 'admin.board.stage.outForDelivery',
};

export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, MessageId> = {
  cash: 'admin.payment.cash',
  card: 'admin.payment.card',
};

export const PAYMENT_STATUS_WORDS: Record<PaymentStatus, MessageId> = {
  pending: 'admin.payment.status.pending',
  paid: 'admin.payment.status.paid',
  failed: 'admin.payment.status.failed',
  refunded: 'admin.payment.status.refunded',
};

export const CANCEL_REASON_WORDS: Record<CancelReasonCode, MessageId> = {
  sold_out: 'admin.cancel.reason.soldOut',
  too_busy: 'admin.cancel.reason.tooBusy',
  outside_area: 'admin.cancel.reason.outsideArea',
  unreachable: 'admin.cancel.reason.unreachable',
  other: 'admin.cancel.reason.other',
  customer_request: 'admin.cancel.reason.customerRequest',
};
