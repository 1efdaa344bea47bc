/**
 * In-process publish/subscribe for the manager's live stream and the storefront's "menu changed"
 * nudge (issue 7). Whoever changes the catalogue, the settings or an order from the board publishes
 * here after its write committed; the SSE routes (api/routes/admin-events.ts) forward the events.
 *
 * The order event bus (api/lib/order-events.ts) is keyed by order number for the customers' pages
 * and cannot be listened to as a whole; new orders and payment/POS changes reach the board through
 * a short database poll in the admin stream instead, which also works with several API instances.
 * Several instances (PostgreSQL): every event also goes through the fanout (api/lib/fanout.ts,
 * LISTEN/NOTIFY) to the other instances, which re-emit it to their own listeners after `onRemote`
 * (used to drop their menu cache before their storefronts refetch). On SQLite the fanout is a no-op.
 */
import { EventEmitter } from 'node:events';

import type { LiveEvent } from '../../src/shared/schemas/admin';
import { liveEventSchema } from '../../src/shared/schemas/admin';
import type { Fanout } from './fanout';

export interface LiveEvents {
  publish(event: LiveEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
}

const CHANNEL = 'live';

export function createLiveEvents(options: { fanout?: Fanout; onRemote?: (event: LiveEvent) => void } = {}): LiveEvents {
  const emitter = new EventEmitter();
  // Every open storefront tab and board is one listener; none of them is a leak.
  emitter.setMaxListeners(0);
  options.fanout?.subscribe('live', (payload) => {
    const parsed = liveEventSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    options.onRemote?.(parsed.data);
    emitter.emit(CHANNEL, parsed.data);
  });
  return {
    publish(event) {
      emitter.emit(CHANNEL, event);
      options.fanout?.publish('live', JSON.stringify(event));
    },
    subscribe(listener) {
      emitter.on(CHANNEL, listener);
      return () => emitter.off(CHANNEL, listener);
    },
  };
}
