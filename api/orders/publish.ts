/**
 * The one publisher of order changes: after the transaction that changed an order commits, its new
 * state goes to the order event bus (the customer's live page, on every instance) and, for the
 * board's moves, to the live events (other boards).
 */
import type { OrderStatus } from '../../src/shared/schemas/order';
import type { LiveEvents } from '../lib/live-events';
import type { OrderEventBus } from '../lib/order-events';
import { statusEventOf } from '../lib/order-records';
import { orderStateRow } from '../store/orders-queries';
import type { Store } from '../store/store';

/** Call after the transaction that changed the order has committed. */
export async function publishOrderState(store: Store, bus: OrderEventBus, orderNumber: string): Promise<void> {
  const row = await orderStateRow(store.db, orderNumber);
  if (row) bus.publish(statusEventOf(row));
}

/** A move made on the board, for the other boards. */
export function publishBoardMove(liveEvents: LiveEvents, move: { orderNumber: string; status: OrderStatus; at: string }): void {
  liveEvents.publish({ type: 'order-updated', ...move });
}
