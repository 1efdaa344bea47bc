/**
 * Queued cash orders as screens read them (live from IndexedDB, so every tab agrees), and the two
 * things a customer does with one that needs review: re-confirm (a new Idempotency-Key and body at
 * today's prices, sent at once) or discard. Both are local writes and work offline.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import type { OutboxRow } from '../db/app-db';
import { db } from '../db/db';
import { drainNow, outbox } from './outbox-runtime';
import { ORDER_CREATE_KIND, originOf, placedOrderNumber, reconfirmation } from './queued-orders';

/** Queued orders, oldest first; [] until IndexedDB answers. */
export function useQueuedOrders(): OutboxRow[] {
  return useLiveQuery(
    () =>
      db.outbox
        .orderBy('createdAt')
        .filter((e) => e.kind === ORDER_CREATE_KIND)
        .toArray(),
    [],
    [],
  );
}

export interface QueuedOrderState {
  /** undefined while loading; null once the entry left the outbox (placed or discarded). */
  entry: OutboxRow | null | undefined;
  /** The real order number once the server accepted it. */
  orderNumber: string | null;
}

export function useQueuedOrder(originId: string): QueuedOrderState {
  return useLiveQuery(
    async () => {
      const entries = await db.outbox.toArray();
      const entry = entries.find((e) => e.kind === ORDER_CREATE_KIND && originOf(e) === originId) ?? null;
      return { entry, orderNumber: entry ? null : await placedOrderNumber(db, originId) };
    },
    [originId],
    { entry: undefined, orderNumber: null },
  );
}

/** Re-confirms a needs-review order; false when nothing is left to order (discard it instead). */
export async function reconfirmQueuedOrder(entry: OutboxRow): Promise<boolean> {
  const next = reconfirmation(entry);
  if (!next) return false;
  await outbox.reconfirm(entry.id, next.body, next.preview);
  void drainNow();
  return true;
}

export async function discardQueuedOrder(entry: OutboxRow): Promise<void> {
  await outbox.discard(entry.id);
}
