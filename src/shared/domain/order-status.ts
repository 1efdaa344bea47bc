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
