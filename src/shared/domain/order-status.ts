/**
 * The order's status machine (issue 19), enforced by the server and read by the board for its buttons.
 * Delivery: received → confirmed → preparing → sent to kitchen → out for delivery → delivered.
 * Pickup walks the same stored statuses, read for the counter (issue 27): after the kitchen the
 * order is 'ready for pickup' (stored 'out for delivery') and then 'picked up' (stored 'delivered');
 * it cannot skip the ready step. Cancelled from any state that is not final.
 *
 * Who may make each move (docs/decisions/0095-order-status-moves-per-actor.md):
 * - customer: 'received' → 'cancelled' only, before the restaurant accepts.
 * - manager: accepts ('received' → 'confirmed', with a preparation time, only through the accept
 *   route), walks the forward steps one at a time, and rejects or cancels any order that is not
 *   final. With a vendor POS (POS=http) the 'sent to kitchen' step is the vendor's, not the board's.
 * - pos: with POS=http, the vendor's acknowledgement marks an accepted order 'sent to kitchen'.
 *   With the embedded board nothing: the board is the kitchen, accepting is the kitchen seeing it.
 * - payment: changes the payment status only, never the order's status.
 * Nothing moves a 'received' order forward automatically: a person accepts it.
 *
 * Why the stored values stay: the status list is the contract of the customer's live page, the
 * order history filters, the devices' offline copies and the POS hand-off.
 */
import type { FulfilmentType, OrderStatus, PaymentStatus } from '../schemas/order';
import { ORDER_STATUS_LABELS } from '../schemas/order-statuses';

export type OrderActor = 'customer' | 'manager' | 'payment' | 'pos';
export const ORDER_ACTORS: readonly OrderActor[] = ['customer', 'manager', 'payment', 'pos'];
/** Which point of sale the restaurant runs (POS in api/env.ts). */
export type PosKind = 'kitchen-board' | 'http';

export interface MoveContext {
  fulfilment: FulfilmentType;
  /** Absent: the embedded board (the default POS). */
  pos?: PosKind;
}

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

/** Accepted: a person at the restaurant said yes (any status after 'received', but a cancellation before it). */
export function wasAccepted(status: OrderStatus, acceptedAt: string | null): boolean {
  return status !== 'received' && (status !== 'cancelled' || acceptedAt !== null);
}

/**
 * The statuses `actor` may move an order to from `from`. One path for both fulfilments: a pickup
 * order waits on the counter ('out for delivery', read 'Ready for Pickup') before it is handed over.
 */
export function statusMovesFor(actor: OrderActor, from: OrderStatus, context: MoveContext): OrderStatus[] {
  if (isFinalStatus(from)) return [];
  const pos = context.pos ?? 'kitchen-board';
  switch (actor) {
    case 'customer':
      return from === 'received' ? ['cancelled'] : [];
    case 'manager': {
      const forward = FORWARD[from];
      // With a vendor POS only the vendor's acknowledgement says the kitchen has it.
      const mine = forward && !(pos === 'http' && forward === 'sent to kitchen') ? [forward] : [];
      return [...mine, 'cancelled'];
    }
    case 'pos':
      return pos === 'http' && (from === 'confirmed' || from === 'preparing') ? ['sent to kitchen'] : [];
    case 'payment':
      return [];
  }
}

export function canMove(actor: OrderActor, from: OrderStatus, to: OrderStatus, context: MoveContext): boolean {
  return statusMovesFor(actor, from, context).includes(to);
}

/**
 * The manager's forward steps on the board's status route: every manager move but accepting (its
 * own route, with the preparation time) and cancelling (its own route, with a reason).
 */
export function boardStepsFrom(from: OrderStatus, context: MoveContext): OrderStatus[] {
  if (from === 'received') return [];
  return statusMovesFor('manager', from, context).filter((to) => to !== 'cancelled');
}

/** The manager's moves, for the board's buttons: accept/forward and cancel ('received' → 'confirmed' is the accept dialog). */
export function nextStatuses(status: OrderStatus, fulfilment: FulfilmentType = 'delivery', pos: PosKind = 'kitchen-board'): OrderStatus[] {
  return statusMovesFor('manager', status, { fulfilment, pos });
}

/** The manager's rule (the board's buttons), kept for callers that only ask "may the board do this". */
export function canTransition(from: OrderStatus, to: OrderStatus, fulfilment: FulfilmentType = 'delivery'): boolean {
  return nextStatuses(from, fulfilment).includes(to);
}

/**
 * Payment status moves, made only by verified payment events (docs/decisions/0012-payment-state-from-verified-events.md):
 * paid is final but for a confirmed full refund; a failed or expired attempt can still be paid by a
 * later one.
 */
const PAYMENT_MOVES: Record<PaymentStatus, PaymentStatus[]> = {
  pending: ['paid', 'failed'],
  failed: ['paid'],
  paid: ['refunded'],
  refunded: [],
};

export function canChangePaymentStatus(actor: OrderActor, from: PaymentStatus, to: PaymentStatus): boolean {
  return actor === 'payment' && PAYMENT_MOVES[from].includes(to);
}

/** The board's preparation time presets (minutes), plus a custom figure. */
export const PREP_TIME_PRESETS_MINUTES = [15, 30, 45, 60] as const;

/**
 * The travel part of a delivery's promise, from the zone's stated estimate (src/shared/domain/zones.ts:
 * '30-45 minutes' in the Center band). A zone's estimate is the whole wait from placing the order,
 * kitchen included; the Center band's 30-45 minutes assumes KITCHEN_PART_OF_ZONE_ESTIMATE_MINUTES in
 * the kitchen, so the road takes the rest: Center 15-30, Near 20-35, Far 30-45, Extended 35-55
 * (docs/decisions/0096-ready-time-and-arrival-window.md). An estimate that does not read as
 * "A-B minutes" falls back to the Center band's.
 */
export const KITCHEN_PART_OF_ZONE_ESTIMATE_MINUTES = 15;
export const DEFAULT_TRAVEL_BAND_MINUTES = { from: 15, to: 30 } as const;

export function travelBandMinutes(zoneEstimate: string | null): { from: number; to: number } {
  const match = zoneEstimate ? /^\s*(\d{1,3})\s*[-–]\s*(\d{1,3})\s*min/i.exec(zoneEstimate) : null;
  if (!match) return { ...DEFAULT_TRAVEL_BAND_MINUTES };
  const low = Number(match[1]) - KITCHEN_PART_OF_ZONE_ESTIMATE_MINUTES;
  const high = Number(match[2]) - KITCHEN_PART_OF_ZONE_ESTIMATE_MINUTES;
  if (low < 0 || high < low) return { ...DEFAULT_TRAVEL_BAND_MINUTES };
  return { from: low, to: high };
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
