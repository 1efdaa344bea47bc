/**
 * The device's copy of the signed-in person's orders with their items (Dexie `orders`, PersonalRow
 * keyed by order number), so /order-history and the details of orders seen before open offline.
 * Written by each successful read (each history page and each details read add to it) and
 * by the outbox when a queued order is accepted; removed at sign-out with the rest of the personal
 * data. Reads keep to the last signed-in person's rows. Never a source of writes.
 */
import type { AppDb } from '../../db/app-db';
import { db as appDb } from '../../db/db';
import type { Order } from '../../shared/schemas/order';
import { orderSchema } from '../../shared/schemas/order';

/**
 * A page of the history read from the server joins the copy, so every order seen stays readable
 * offline. Another person's rows leave it (sign-out removes them already; this covers a switch of
 * account that skipped it).
 */
export async function saveOrdersPage(userId: number, orders: readonly Order[], database: AppDb = appDb): Promise<void> {
  await database.transaction('rw', database.orders, async () => {
    await database.orders.where('userId').notEqual(userId).delete();
    await database.orders.bulkPut(orders.map((order) => ({ id: order.orderNumber, userId, data: order, updatedAt: order.updatedAt })));
  });
}

export async function saveOrder(userId: number, order: Order, database: AppDb = appDb): Promise<void> {
  await database.orders.put({ id: order.orderNumber, userId, data: order, updatedAt: order.updatedAt });
}

/** The saved list, newest first; null when nothing is saved for this person. */
export async function readOrdersSnapshot(userId: number, database: AppDb = appDb): Promise<Order[] | null> {
  const rows = await database.orders.where('userId').equals(userId).toArray();
  if (rows.length === 0) return null;
  const orders = rows.flatMap((row) => {
    const parsed = orderSchema.safeParse(row.data);
    return parsed.success ? [parsed.data] : [];
  });
  return orders.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function readOrder(userId: number, orderNumber: string, database: AppDb = appDb): Promise<Order | null> {
  const row = await database.orders.get(orderNumber);
  if (!row || row.userId !== userId) return null;
  const parsed = orderSchema.safeParse(row.data);
  return parsed.success ? parsed.data : null;
}
