/**
 * The orders module: the only code that writes orders, their items, payment state, status and POS
 * state (and the embedded POS's kitchen tickets), and the only publisher of their changes
 * (docs/decisions/0092-the-orders-module-owns-every-order-write.md). Routes, jobs and adapters call
 * what this file exports; nothing outside imports the module's other files (tests/integration/orders-ownership.test.ts).
 *
 * - placed: placeOrder (./create.ts), an order for later with its slot checked (./schedule.ts, which
 *   also answers a kitchen's open slots: slotsOf)
 * - paid: startCheckout (./checkout.ts), then applyPaymentEvent (./payment-events.ts) for every
 *   verified provider event
 * - accepted, moved, cancelled: acceptOrder, changeOrderStatus, cancelOrder (./status.ts)
 * - moved to the other kitchen once accepted: moveOrderToKitchen (./move.ts, issue 22)
 * - handed to a vendor POS once accepted: the 'pos.send' job (./pos-hand-off.ts) run by the job queue (api/jobs/)
 * - refunded: cancelOrder's full refund, refundOrderLines, retryRefund (./refunds.ts), confirmed by
 *   applyPaymentEvent
 * Every change writes its order_events row in its own transaction (api/store/order-events-queries.ts).
 */
export { anonymiseOrders } from './anonymise';
export type { CheckoutDeps } from './checkout';
export { assertPayable, startCheckout } from './checkout';
export type { PlaceOrderDeps, PlaceOrderRequest } from './create';
export { placeOrder } from './create';
export type { PaymentEventDeps, PaymentEventOutcome } from './payment-events';
export { applyPaymentEvent } from './payment-events';
export { enqueuePosHandOff, markPosFailed, markSentToPos, POS_OUTBOX_KIND, posDedupeKey, posHandOffJob, requeuePos } from './pos-hand-off';
export { publishOrderState } from './publish';
/** The order event log's read side (issue 19): notifications and the day report follow it by id. */
export { listOrderEventsAfter } from '../store/order-events-queries';
export type { OrderEventRow } from '../store/schema';
export { RECEIPT_NOT_AVAILABLE, receiptUrlOf } from './receipt';
export type { CancelDeps, CancelRequest, StatusMoveDeps } from './status';
export { acceptOrder, cancelOrder, changeOrderStatus } from './status';
export { moveOrderToKitchen } from './move';
export type { RefundDeps } from './payment-events';
export { refundIdempotencyKey } from './refund-rows';
export { refundOrderLines, retryRefund } from './refunds';
export type { ScheduledTiming } from './schedule';
export { deliverySlotsOf, slotsOf, weighDeliverySlot } from './schedule';
