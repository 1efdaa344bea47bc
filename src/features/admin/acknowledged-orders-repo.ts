/**
 * The order numbers this tablet has acknowledged on the board, in IndexedDB (the `meta` table, key
 * 'admin.acknowledged-orders'), so a highlight survives a reload or a closed tab until someone taps
 * 'New · Acknowledge' or moves the order. Per device: a second tablet keeps its own highlights.
 * Works offline (local only); capped to the most recent numbers.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod';

import { db } from '../../db/db';

const ACK_KEY = 'admin.acknowledged-orders';
/** Far more than a day's orders; older numbers are long finished. */
export const MAX_ACKNOWLEDGED_ORDERS = 1_000;
const acknowledgedSchema = z.array(z.string());

async function readAcknowledged(): Promise<string[]> {
  const parsed = acknowledgedSchema.safeParse((await db.meta.get(ACK_KEY))?.value);
  return parsed.success ? parsed.data : [];
}

export async function acknowledgeOrder(orderNumber: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const current = (await readAcknowledged()).filter((n) => n !== orderNumber);
    await db.meta.put({ key: ACK_KEY, value: [...current, orderNumber].slice(-MAX_ACKNOWLEDGED_ORDERS) });
  });
}

/** undefined while IndexedDB is being read. */
export function useAcknowledgedOrders(): ReadonlySet<string> | undefined {
  return useLiveQuery(async () => new Set(await readAcknowledged()), []);
}
