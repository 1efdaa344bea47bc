/**
 * In-memory order event bus: whoever changes an order (payment events, the POS outbox worker,
 * later the manager's board) publishes the new state here after its transaction commits, and the
 * SSE route forwards it to the customers watching that order. Also carries a "new outbox work"
 * nudge so the worker does not wait for its next poll.
 *
 * Several instances (PostgreSQL): status events also go through the fanout (api/lib/fanout.ts,
 * LISTEN/NOTIFY), so a customer watching on instance B hears a change made on instance A. The outbox
 * nudge and shutdown stay local: every instance's worker polls the shared outbox anyway.
 */
import { EventEmitter } from 'node:events';

import type { OrderStatusEvent } from '../../src/shared/schemas/order';
import { orderStatusEventSchema } from '../../src/shared/schemas/order';
import type { Fanout } from './fanout';

export interface OrderEventBus {
  publish(event: OrderStatusEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(orderNumber: string, listener: (event: OrderStatusEvent) => void): () => void;
  /** Every order's changes (the manager's board); returns the unsubscribe function. */
  subscribeAll(listener: (event: OrderStatusEvent) => void): () => void;
  notifyOutbox(): void;
  onOutbox(listener: () => void): () => void;
  listenerCount(orderNumber: string): number;
  /** Shutdown: every open stream ends (clients reconnect to another instance or after restart). */
  close(): void;
  onClose(listener: () => void): () => void;
}

const OUTBOX_CHANNEL = '\u0000outbox';
const CLOSE_CHANNEL = '\u0000close';
const ALL_ORDERS_CHANNEL = '\u0000all';

export function createOrderEventBus(fanout?: Fanout): OrderEventBus {
  const emitter = new EventEmitter();
  // Many customers may watch at once; each stream is one listener, and none of them is a leak.
  emitter.setMaxListeners(0);
  const emitLocally = (event: OrderStatusEvent) => {
    emitter.emit(event.orderNumber, event);
    emitter.emit(ALL_ORDERS_CHANNEL, event);
  };
  fanout?.subscribe('orders', (payload) => {
    const parsed = orderStatusEventSchema.safeParse(JSON.parse(payload));
    if (parsed.success) emitLocally(parsed.data);
  });
  return {
    publish(event) {
      emitLocally(event);
      fanout?.publish('orders', JSON.stringify(event));
    },
    subscribe(orderNumber, listener) {
      emitter.on(orderNumber, listener);
      return () => emitter.off(orderNumber, listener);
    },
    subscribeAll(listener) {
      emitter.on(ALL_ORDERS_CHANNEL, listener);
      return () => emitter.off(ALL_ORDERS_CHANNEL, listener);
    },
    notifyOutbox() {
      emitter.emit(OUTBOX_CHANNEL);
    },
    onOutbox(listener) {
      emitter.on(OUTBOX_CHANNEL, listener);
      return () => emitter.off(OUTBOX_CHANNEL, listener);
    },
    listenerCount(orderNumber) {
      return emitter.listenerCount(orderNumber);
    },
    close() {
      emitter.emit(CLOSE_CHANNEL);
    },
    onClose(listener) {
      emitter.on(CLOSE_CHANNEL, listener);
      return () => emitter.off(CLOSE_CHANNEL, listener);
    },
  };
}
