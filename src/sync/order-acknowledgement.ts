/**
 * What happens on this device when the server accepts a queued cash order (from a page or from the
 * service worker's Background Sync): its real order number is remembered under the entry's origin
 * id, so the queued confirmation page and the order history move to the real order, and the order
 * is kept in the orders table for offline reading. Cleared at logout with the other personal data.
 */
import type { AppDb, OutboxRow } from '../db/app-db';

export const ORDER_CREATE_KIND = 'order.create';
const PLACED_META_PREFIX = 'order.placed:';

export function placedMetaKey(originId: string): string {
  return `${PLACED_META_PREFIX}${originId}`;
}

export function isPlacedMetaKey(key: string): boolean {
  return key.startsWith(PLACED_META_PREFIX);
}

export function originOf(entry: Pick<OutboxRow, 'id' | 'originId'>): string {
  return entry.originId ?? entry.id;
}

/**
 * Called once per acknowledged outbox entry. For an order: remember its real number under the
 * entry's origin (the queued confirmation page moves there) and keep the order for offline reading.
 */
export async function recordAcknowledgement(db: AppDb, entry: OutboxRow, body: unknown): Promise<void> {
  if (entry.kind !== ORDER_CREATE_KIND) return;
  // A 2xx of POST /api/orders is { order }; checked by hand so the service worker needs no zod.
  const order = (body as { order?: { orderNumber?: unknown } } | null)?.order;
  if (!order || typeof order.orderNumber !== 'string') return;
  const orderNumber = order.orderNumber;
  await db.transaction('rw', db.meta, db.orders, async () => {
    await db.meta.put({ key: placedMetaKey(originOf(entry)), value: { orderNumber } });
    if (entry.userId !== null)
      await db.orders.put({ id: orderNumber, userId: entry.userId, data: order, updatedAt: new Date().toISOString() });
  });
}

/** The real order number of a queued order once the server accepted it, else null. */
export async function placedOrderNumber(db: AppDb, originId: string): Promise<string | null> {
  const row = await db.meta.get(placedMetaKey(originId));
  const value = row?.value as { orderNumber?: unknown } | undefined;
  return typeof value?.orderNumber === 'string' ? value.orderNumber : null;
}
