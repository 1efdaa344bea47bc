import { describe, expect, it } from 'vitest';

import { ORDER_STATUSES } from '../schemas/order';
import type { OrderStatus } from '../schemas/order';
import {
  BOARD_STAGES,
  boardStageOf,
  canTransition,
  groupByBoardStage,
  isFinalStatus,
  nextStatuses,
  orderStatusLabel,
} from './order-status';

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
