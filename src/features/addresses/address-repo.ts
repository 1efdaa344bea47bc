/**
 * The device's copy of the signed-in person's address book (Dexie `addresses`, PersonalRow), so
 * the list still reads offline. Replaced wholesale by each successful fetch; removed at sign-out
 * with the rest of the personal data (QUALITY S6). Writes are never made from here: address
 * changes need the network until the outbox takes them.
 */
import type { AppDb } from '../../db/app-db';
import { db as appDb } from '../../db/db';
import type { Address } from '../../shared/schemas/address';
import { addressSchema } from '../../shared/schemas/address';

export async function saveAddressSnapshot(customerId: number, addresses: readonly Address[], database: AppDb = appDb): Promise<void> {
  await database.transaction('rw', database.addresses, async () => {
    // One person's book per device: anything else here is stale (another account, deleted rows).
    await database.addresses.clear();
    await database.addresses.bulkPut(
      addresses.map((address) => ({ id: `${customerId}:${address.id}`, userId: customerId, data: address, updatedAt: address.updatedAt })),
    );
  });
}

/** The saved copy, newest updated first; null when there is none or it is not one person's. */
export async function readAddressSnapshot(database: AppDb = appDb): Promise<Address[] | null> {
  const rows = await database.addresses.orderBy('updatedAt').reverse().toArray();
  if (rows.length === 0 || new Set(rows.map((row) => row.userId)).size !== 1) return null;
  const addresses: Address[] = [];
  for (const row of rows) {
    const parsed = addressSchema.safeParse(row.data);
    if (!parsed.success) return null;
    addresses.push(parsed.data);
  }
  return addresses;
}
