/**
 * Order status transitions, enforced by the server and used by the manager board for its buttons.
 * received → confirmed → preparing → sent to kitchen → out for delivery → delivered;
 * cancelled from any state that is not final. Pickup orders skip 'out for delivery'.
 */
import type { FulfilmentType, OrderStatus } from '../schemas/order';

const FORWARD: Record<OrderStatus, OrderStatus | null> = {
  received: 'confirmed',
  confirmed: 'preparing',
  preparing: 'sent to kitchen',
  'sent to kitchen': 'out for delivery',
  'out for delivery': 'delivered',
  delivered: null,
  cancelled: null,
};

export function isFinalStatus(status: OrderStatus): boolean {
  return status === 'delivered' || status === 'cancelled';
}

export function nextStatuses(status: OrderStatus, fulfilment: FulfilmentType = 'delivery'): OrderStatus[] {
  if (isFinalStatus(status)) return [];
  let forward = FORWARD[status];
  // A pickup order is handed over at the counter: from the kitchen straight to delivered.
  if (fulfilment === 'pickup' && forward === 'out for delivery') forward = 'delivered';
  return forward ? [forward, 'cancelled'] : ['cancelled'];
}

export function canTransition(from: OrderStatus, to: OrderStatus, fulfilment: FulfilmentType = 'delivery'): boolean {
  return nextStatuses(from, fulfilment).includes(to);
}

const FORWARD_ORDER: readonly OrderStatus[] = ['received', 'confirmed', 'preparing', 'sent to kitchen', 'out for delivery', 'delivered'];

/**
 * Automatic moves (the POS hand-off moving an order to 'sent to kitchen') may skip intermediate
 * steps forward, never backwards and never out of a final state; unlike canTransition, which is
 * the one-step rule for the manager's buttons. Issue 5: a cash order goes straight from
 * 'received' to 'sent to kitchen' once the POS accepted it.
 */
export function canAdvanceTo(from: OrderStatus, to: OrderStatus, fulfilment: FulfilmentType = 'delivery'): boolean {
  if (isFinalStatus(from) || to === 'cancelled') return false;
  if (fulfilment === 'pickup' && to === 'out for delivery') return false;
  return FORWARD_ORDER.indexOf(to) > FORWARD_ORDER.indexOf(from);
}
