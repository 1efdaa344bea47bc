import { describe, expect, it } from 'vitest';

import { ORDER_STATUSES } from '../schemas/order';
import { canTransition, isFinalStatus, nextStatuses } from './order-status';

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
  it('lets pickup orders go from the kitchen straight to delivered', () => {
    expect(nextStatuses('sent to kitchen', 'pickup')).toEqual(['delivered', 'cancelled']);
    expect(canTransition('sent to kitchen', 'out for delivery', 'pickup')).toBe(false);
  });
});
