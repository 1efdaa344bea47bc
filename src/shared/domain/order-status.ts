/**
 * Order status transitions, enforced by the server and used by the manager board for its buttons.
 * Delivery: received → confirmed → preparing → sent to kitchen → out for delivery → delivered.
 * Pickup walks the same stored statuses, read for the counter (issue 27): after the kitchen the
 * order is 'ready for pickup' (stored 'out for delivery') and then 'picked up' (stored 'delivered');
 * it cannot skip the ready step. Cancelled from any state that is not final.
 *
 * Why the stored values stay: the status list is the contract of the customer's live page, the
 * order history filters, the devices' offline copies and the POS hand-off; issue 19 owns the
 * lifecycle. What changes per fulfilment is the words (orderStatusLabel) and the board column.
 */
import type { FulfilmentType, OrderStatus } from '../schemas/order';
import { ORDER_STATUS_LABELS } from '../schemas/order-statuses';

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

export function nextStatuses(status: OrderStatus, _fulfilment: FulfilmentType = 'delivery'): OrderStatus[] {
  if (isFinalStatus(status)) return [];
  // One path for both fulfilments: a pickup order waits on the counter ('out for delivery', read
  // 'Ready for Pickup') before it is handed over, so nobody marks it collected straight from the grill.
  const forward = FORWARD[status];
  return forward ? [forward, 'cancelled'] : ['cancelled'];
}

export function canTransition(from: OrderStatus, to: OrderStatus, fulfilment: FulfilmentType = 'delivery'): boolean {
  return nextStatuses(from, fulfilment).includes(to);
}

/** What a pickup order's statuses are called at the counter and on the customer's page. */
const PICKUP_LABELS: Partial<Record<OrderStatus, string>> = {
  'out for delivery': 'Ready for Pickup',
  delivered: 'Picked Up',
};

/** The words for a status, per fulfilment: a pickup order is never 'Out for Delivery' or 'Delivered'. */
export function orderStatusLabel(status: OrderStatus, fulfilment: FulfilmentType = 'delivery'): string {
  return (fulfilment === 'pickup' ? PICKUP_LABELS[status] : undefined) ?? ORDER_STATUS_LABELS[status];
}

/**
 * The board's columns, read left to right across a kitchen (issue 27). 'In kitchen' holds both
 * 'preparing' and 'sent to kitchen'; 'Ready' holds pickup orders waiting on the counter (a delivery
 * order leaves the kitchen straight to 'Out for delivery' until issue 19 adds a ready step for it).
 */
export const BOARD_STAGES = ['new', 'accepted', 'kitchen', 'ready', 'out-for-delivery'] as const;
export type BoardStage = (typeof BOARD_STAGES)[number];

export const BOARD_STAGE_LABELS: Record<BoardStage, string> = {
  new: 'New',
  accepted: 'Accepted',
  kitchen: 'In kitchen',
  ready: 'Ready',
  'out-for-delivery': 'Out for delivery',
};

/** The column an order sits in; null for finished orders (delivered, picked up, cancelled). */
export function boardStageOf(status: OrderStatus, fulfilment: FulfilmentType): BoardStage | null {
  switch (status) {
    case 'received':
      return 'new';
    case 'confirmed':
      return 'accepted';
    case 'preparing':
    case 'sent to kitchen':
      return 'kitchen';
    case 'out for delivery':
      return fulfilment === 'pickup' ? 'ready' : 'out-for-delivery';
    case 'delivered':
    case 'cancelled':
      return null;
  }
}

/** Orders grouped by column, each column keeping the given order (the board sends newest first). */
export function groupByBoardStage<T extends { status: OrderStatus; fulfilment: FulfilmentType }>(
  orders: readonly T[],
): { stages: Record<BoardStage, T[]>; finished: T[] } {
  const stages = Object.fromEntries(BOARD_STAGES.map((stage) => [stage, [] as T[]])) as Record<BoardStage, T[]>;
  const finished: T[] = [];
  for (const order of orders) {
    const stage = boardStageOf(order.status, order.fulfilment);
    if (stage) stages[stage].push(order);
    else finished.push(order);
  }
  return { stages, finished };
}

const FORWARD_ORDER: readonly OrderStatus[] = ['received', 'confirmed', 'preparing', 'sent to kitchen', 'out for delivery', 'delivered'];

/**
 * Automatic moves (the POS hand-off moving an order to 'sent to kitchen') may skip intermediate
 * steps forward, never backwards and never out of a final state; unlike canTransition, which is
 * the one-step rule for the manager's buttons. Issue 5: a cash order goes straight from
 * 'received' to 'sent to kitchen' once the POS accepted it. Nothing automatic marks a pickup
 * order ready: a person at the counter does.
 */
export function canAdvanceTo(from: OrderStatus, to: OrderStatus, fulfilment: FulfilmentType = 'delivery'): boolean {
  if (isFinalStatus(from) || to === 'cancelled') return false;
  if (fulfilment === 'pickup' && to === 'out for delivery') return false;
  return FORWARD_ORDER.indexOf(to) > FORWARD_ORDER.indexOf(from);
}
