/**
 * In-process publish/subscribe for the manager's live stream and the storefront's "menu changed"
 * nudge (issue 7). Whoever changes the catalogue, the settings or an order from the board publishes
 * here after its write committed; the SSE routes (api/routes/admin-events.ts) forward the events.
 *
 * The order event bus (api/lib/order-events.ts) is keyed by order number for the customers' pages
 * and cannot be listened to as a whole; new orders and payment/POS changes reach the board through
 * a short database poll in the admin stream instead, which also works with several API instances.
 * One process only: a subscriber on another instance learns about menu changes at its next
 * reconnect or menu revalidation, never a wrong state.
 */
import { EventEmitter } from 'node:events';

import type { LiveEvent } from '../../src/shared/schemas/admin';

export interface LiveEvents {
  publish(event: LiveEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
}

const CHANNEL = 'live';

export function createLiveEvents(): LiveEvents {
  const emitter = new EventEmitter();
  // Every open storefront tab and board is one listener; none of them is a leak.
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit(CHANNEL, event);
    },
    subscribe(listener) {
      emitter.on(CHANNEL, listener);
      return () => emitter.off(CHANNEL, listener);
    },
  };
}
