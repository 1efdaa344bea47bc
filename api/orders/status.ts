/**
 * Status moves made by the restaurant (the manager's board): one step along the shared transition
 * rule (src/shared/domain/order-status.ts canTransition; a pickup order passes 'ready for pickup'
 * before 'picked up'). Accepting, advancing and cancelling an order are all such a move today; a
 * cancellation carries the reason the customer reads on their order page. Later lifecycle rules
 * (and refunds) land here, beside the only code that writes an order's status.
 *
 * A move is a conditional UPDATE from the status the manager saw, so two tablets pressing at once
 * cannot skip a step: the second gets 409 invalid_transition. After the write commits the change is
 * published to the order's watchers and to the other boards.
 */
import { canTransition, orderStatusLabel } from '../../src/shared/domain/order-status';
import type { Order, OrderStatus } from '../../src/shared/schemas/order';
import type { Clock } from '../../src/shared/clock';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import type { LiveEvents } from '../lib/live-events';
import type { OrderEventBus } from '../lib/order-events';
import { findOrder } from '../lib/order-records';
import { moveOrderStatus } from '../store/orders-queries';
import type { Store } from '../store/store';
import { publishBoardMove, publishOrderState } from './publish';

export interface StatusMoveDeps {
  store: Store;
  clock: Clock;
  orderEvents: OrderEventBus;
  liveEvents: LiveEvents;
}

export async function changeOrderStatus(
  deps: StatusMoveDeps,
  move: { orderNumber: string; to: OrderStatus; reason?: string | undefined },
): Promise<Order> {
  const { orderNumber, to: status } = move;
  const db = deps.store.db;
  const found = await findOrder(db, orderNumber);
  if (!found) throw apiError(HTTP_STATUS.NOT_FOUND, 'order_not_found', 'Order Not Found');
  const { order } = found;
  if (!canTransition(order.status, status, order.fulfilment)) {
    // Said in the board's words: a pickup order is 'Ready for Pickup' / 'Picked Up' (issue 27).
    const subject = order.fulfilment === 'pickup' ? 'A pickup order' : 'An order';
    const from = orderStatusLabel(order.status, order.fulfilment);
    const to = orderStatusLabel(status, order.fulfilment);
    throw apiError(HTTP_STATUS.CONFLICT, 'invalid_transition', `${subject} that is '${from}' cannot move to '${to}'.`, {
      from: order.status,
      to: status,
    });
  }
  const at = deps.clock.now().toISOString();
  const moved = await moveOrderStatus(db, {
    orderId: order.id,
    from: order.status,
    to: status,
    at,
    ...(status === 'delivered' ? { deliveredAt: at } : {}),
    ...(status === 'cancelled' ? { cancelReason: move.reason ?? null } : {}),
  });
  if (!moved) {
    throw apiError(HTTP_STATUS.CONFLICT, 'invalid_transition', 'The order changed meanwhile. Refresh the board and try again.');
  }
  await publishOrderState(deps.store, deps.orderEvents, orderNumber);
  publishBoardMove(deps.liveEvents, { orderNumber, status, at });
  const updated = await findOrder(db, orderNumber);
  return updated!.order;
}
