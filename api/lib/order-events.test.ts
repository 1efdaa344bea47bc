import { describe, expect, it } from 'vitest';

import type { OrderStatusEvent } from '../../src/shared/schemas/order';
import { createOrderEventBus } from './order-events';

const event = (orderNumber: string): OrderStatusEvent => ({
  orderNumber,
  status: 'confirmed',
  paymentStatus: 'paid',
  posInjectionStatus: 'sent',
  updatedAt: '2026-11-22T12:00:00.000Z',
});

describe('order event bus', () => {
  it('delivers an order’s events to its watchers and to whole-board listeners, until they unsubscribe', () => {
    const bus = createOrderEventBus();
    const mine: string[] = [];
    const all: string[] = [];
    const stopMine = bus.subscribe('ORD-1', (e) => mine.push(e.orderNumber));
    const stopAll = bus.subscribeAll((e) => all.push(e.orderNumber));
    bus.publish(event('ORD-1'));
    bus.publish(event('ORD-2'));
    expect(mine).toEqual(['ORD-1']);
    expect(all).toEqual(['ORD-1', 'ORD-2']);
    stopMine();
    stopAll();
    bus.publish(event('ORD-1'));
    expect(mine).toHaveLength(1);
    expect(bus.listenerCount('ORD-1')).toBe(0);
  });

  it('nudges the outbox worker and ends streams on close', () => {
    const bus = createOrderEventBus();
    let nudges = 0;
    let closed = 0;
    bus.onOutbox(() => (nudges += 1));
    bus.onClose(() => (closed += 1));
    bus.notifyOutbox();
    bus.close();
    expect({ nudges, closed }).toEqual({ nudges: 1, closed: 1 });
  });
});
