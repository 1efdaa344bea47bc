import { describe, expect, it } from 'vitest';

import { ORDER_STATUSES } from '../schemas/order';
import type { OrderStatus } from '../schemas/order';
import { PAYMENT_STATUSES } from '../schemas/order';
import type { PaymentStatus } from '../schemas/order';
import type { OrderActor, PosKind } from './order-status';
import {
  BOARD_STAGES,
  boardStageOf,
  boardStepsFrom,
  canChangePaymentStatus,
  canMove,
  canTransition,
  groupByBoardStage,
  isFinalStatus,
  nextStatuses,
  ORDER_ACTORS,
  orderStatusLabel,
  travelBandMinutes,
} from './order-status';

type Allowed = Partial<Record<OrderStatus, OrderStatus[]>>;
const MANAGER_EMBEDDED: Allowed = {
  received: ['confirmed', 'cancelled'],
  confirmed: ['preparing', 'cancelled'],
  preparing: ['sent to kitchen', 'cancelled'],
  'sent to kitchen': ['out for delivery', 'cancelled'],
  'out for delivery': ['delivered', 'cancelled'],
};
/** The full table: every (actor, POS) pair's allowed moves; everything else is refused. */
const ALLOWED: Record<OrderActor, Record<PosKind, Allowed>> = {
  customer: { 'kitchen-board': { received: ['cancelled'] }, http: { received: ['cancelled'] } },
  manager: {
    'kitchen-board': MANAGER_EMBEDDED,
    // The vendor's acknowledgement, not the board, says the kitchen has it.
    http: { ...MANAGER_EMBEDDED, preparing: ['cancelled'] },
  },
  pos: { 'kitchen-board': {}, http: { confirmed: ['sent to kitchen'], preparing: ['sent to kitchen'] } },
  payment: { 'kitchen-board': {}, http: {} },
};

describe('the status machine, per actor, POS and fulfilment (issue 19)', () => {
  for (const actor of ORDER_ACTORS) {
    for (const pos of ['kitchen-board', 'http'] as const) {
      for (const fulfilment of ['delivery', 'pickup'] as const) {
        it(`${actor} with POS=${pos}, ${fulfilment}: exactly the allowed moves, every other refused`, () => {
          for (const from of ORDER_STATUSES) {
            for (const to of ORDER_STATUSES) {
              const expected = (ALLOWED[actor][pos][from] ?? []).includes(to);
              expect(canMove(actor, from, to, { fulfilment, pos }), `${from} -> ${to}`).toBe(expected);
            }
          }
        });
      }
    }
  }

  it('lets nobody move a received order forward but the manager accepting it', () => {
    for (const actor of ORDER_ACTORS) {
      for (const pos of ['kitchen-board', 'http'] as const) {
        for (const to of ['preparing', 'sent to kitchen', 'out for delivery', 'delivered'] as const) {
          expect(canMove(actor, 'received', to, { fulfilment: 'delivery', pos }), `${actor} ${pos} ${to}`).toBe(false);
        }
      }
    }
    expect(canMove('manager', 'received', 'confirmed', { fulfilment: 'pickup' })).toBe(true);
  });

  it('refuses the customer once the restaurant accepted', () => {
    for (const from of ['confirmed', 'preparing', 'sent to kitchen', 'out for delivery'] as const) {
      expect(canMove('customer', from, 'cancelled', { fulfilment: 'delivery' })).toBe(false);
    }
  });

  it("keeps accepting and cancelling off the board's status route: forward steps only", () => {
    expect(boardStepsFrom('received', { fulfilment: 'delivery' })).toEqual([]);
    expect(boardStepsFrom('confirmed', { fulfilment: 'delivery' })).toEqual(['preparing']);
    expect(boardStepsFrom('preparing', { fulfilment: 'delivery' })).toEqual(['sent to kitchen']);
    expect(boardStepsFrom('preparing', { fulfilment: 'delivery', pos: 'http' })).toEqual([]);
    expect(boardStepsFrom('out for delivery', { fulfilment: 'pickup' })).toEqual(['delivered']);
    expect(boardStepsFrom('delivered', { fulfilment: 'pickup' })).toEqual([]);
    expect(boardStepsFrom('cancelled', { fulfilment: 'delivery' })).toEqual([]);
  });
});

describe('payment status moves (verified payment events only)', () => {
  const allowed: Record<PaymentStatus, PaymentStatus[]> = {
    pending: ['paid', 'failed'],
    failed: ['paid'],
    paid: ['refunded'],
    refunded: [],
  };
  it('lets a payment event make exactly these moves, and no other actor any', () => {
    for (const from of PAYMENT_STATUSES) {
      for (const to of PAYMENT_STATUSES) {
        expect(canChangePaymentStatus('payment', from, to), `${from} -> ${to}`).toBe(allowed[from].includes(to));
        for (const actor of ['customer', 'manager', 'pos'] as const) expect(canChangePaymentStatus(actor, from, to)).toBe(false);
      }
    }
  });
});

describe('the travel band of a delivery', () => {
  it("takes the zone's estimate less the kitchen part, and the Center band's when it cannot read one", () => {
    expect(travelBandMinutes('30-45 minutes')).toEqual({ from: 15, to: 30 });
    expect(travelBandMinutes('35-50 minutes')).toEqual({ from: 20, to: 35 });
    expect(travelBandMinutes('50-70 minutes')).toEqual({ from: 35, to: 55 });
    expect(travelBandMinutes('soon')).toEqual({ from: 15, to: 30 });
    expect(travelBandMinutes(null)).toEqual({ from: 15, to: 30 });
    expect(travelBandMinutes('5-10 minutes')).toEqual({ from: 15, to: 30 });
  });
});

describe('order status transitions', () => {
  it('walks the delivery path forward one step at a time', () => {
    expect(canTransition('received', 'confirmed')).toBe(true);
    expect(canTransition('confirmed', 'preparing')).toBe(true);
    expect(canTransition('preparing', 'sent to kitchen')).toBe(true);
    expect(canTransition('sent to kitchen', 'out for delivery')).toBe(true);
    expect(canTransition('out for delivery', 'delivered')).toBe(true);
  });
  it('refuses skipping, going back and leaving a final state', () => {
    expect(canTransition('received', 'preparing')).toBe(false);
    expect(canTransition('preparing', 'confirmed')).toBe(false);
    expect(canTransition('delivered', 'cancelled')).toBe(false);
    expect(canTransition('cancelled', 'received')).toBe(false);
  });
  it('allows cancelling from every non-final state', () => {
    for (const status of ORDER_STATUSES) {
      expect(canTransition(status, 'cancelled')).toBe(!isFinalStatus(status));
    }
  });
  it("walks a pickup order through 'ready for pickup' to 'picked up', never from the kitchen straight to handed over", () => {
    expect(nextStatuses('sent to kitchen', 'pickup')).toEqual(['out for delivery', 'cancelled']);
    expect(canTransition('sent to kitchen', 'delivered', 'pickup')).toBe(false);
    expect(canTransition('out for delivery', 'delivered', 'pickup')).toBe(true);
    expect(canTransition('delivered', 'cancelled', 'pickup')).toBe(false);
  });
});

describe('status words per fulfilment', () => {
  it("calls a pickup order 'Ready for Pickup' and 'Picked Up', a delivery 'Out for Delivery' and 'Delivered'", () => {
    expect(orderStatusLabel('out for delivery', 'pickup')).toBe('Ready for Pickup');
    expect(orderStatusLabel('delivered', 'pickup')).toBe('Picked Up');
    expect(orderStatusLabel('out for delivery', 'delivery')).toBe('Out for Delivery');
    expect(orderStatusLabel('delivered')).toBe('Delivered');
    expect(orderStatusLabel('sent to kitchen', 'pickup')).toBe('In Kitchen');
    for (const status of ORDER_STATUSES) {
      expect(orderStatusLabel(status, 'pickup')).not.toMatch(/deliver/i);
    }
  });
});

describe('board columns', () => {
  it('puts every open status in one column and finished orders in none', () => {
    const columnOf = (status: OrderStatus) => [boardStageOf(status, 'delivery'), boardStageOf(status, 'pickup')];
    expect(columnOf('received')).toEqual(['new', 'new']);
    expect(columnOf('confirmed')).toEqual(['accepted', 'accepted']);
    expect(columnOf('preparing')).toEqual(['kitchen', 'kitchen']);
    expect(columnOf('sent to kitchen')).toEqual(['kitchen', 'kitchen']);
    expect(columnOf('out for delivery')).toEqual(['out-for-delivery', 'ready']);
    expect(columnOf('delivered')).toEqual([null, null]);
    expect(columnOf('cancelled')).toEqual([null, null]);
  });

  it('groups orders by column keeping their order (newest first in, newest first out)', () => {
    const orders = [
      { id: 5, status: 'received', fulfilment: 'delivery' },
      { id: 4, status: 'out for delivery', fulfilment: 'pickup' },
      { id: 3, status: 'received', fulfilment: 'pickup' },
      { id: 2, status: 'delivered', fulfilment: 'delivery' },
      { id: 1, status: 'out for delivery', fulfilment: 'delivery' },
    ] as const;
    const { stages, finished } = groupByBoardStage(orders);
    expect(Object.keys(stages)).toEqual([...BOARD_STAGES]);
    expect(stages.new.map((o) => o.id)).toEqual([5, 3]);
    expect(stages.ready.map((o) => o.id)).toEqual([4]);
    expect(stages['out-for-delivery'].map((o) => o.id)).toEqual([1]);
    expect(stages.accepted).toEqual([]);
    expect(finished.map((o) => o.id)).toEqual([2]);
  });
});
