/**
 * The device's copy of the signed-in person's address book (Dexie `addresses`, PersonalRow), so
 * the list still reads offline. Replaced wholesale by each successful fetch; removed at sign-out
 * with the rest of the personal data (a shared phone keeps nobody else's). Offline, an edit, delete or default change is
 * queued in the outbox and applied here at once (applyQueuedAddressChange), so the book shows it
 * before the server has it; the next successful fetch replaces the copy with the server's.
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

/** A change made while offline, queued in the outbox and shown at once on the device copy. */
export type QueuedAddressChange =
  | { type: 'delete'; id: number }
  | { type: 'default'; id: number; isDefault: boolean }
  | { type: 'edit'; id: number; fields: Partial<Pick<Address, OfflineEditableField>> };

/** What can be edited offline: nothing that needs the geocoder (the place and pin stay as they are). */
export const OFFLINE_EDITABLE_FIELDS = [
  'label',
  // The house number needs no geocoder on the device: the server re-keys the same place with it on sync.
  'houseNumber',
  'noHouseNumber',
  'customLabel',
  'apartment',
  'bloc',
  'scara',
  'etaj',
  'apartament',
  'interfon',
  'deliveryInstructions',
  'isDefault',
] as const;
export type OfflineEditableField = (typeof OFFLINE_EDITABLE_FIELDS)[number];

/**
 * The list as the server will have it once `change` is applied (offline, the optimistic view):
 * a delete drops the row; a new default clears every other default (spec §4); an edit touches only
 * the fields that need no geocoder.
 */
export function applyAddressChange(addresses: readonly Address[], change: QueuedAddressChange): Address[] {
  if (change.type === 'delete') return addresses.filter((address) => address.id !== change.id);
  const makesDefault = change.type === 'default' ? change.isDefault : change.fields.isDefault === true;
  return addresses.map((address) => {
    if (address.id !== change.id) return makesDefault && address.isDefault ? { ...address, isDefault: false } : address;
    return change.type === 'default' ? { ...address, isDefault: change.isDefault } : { ...address, ...change.fields };
  });
}

/** Applies a queued change to the device copy; answers the new list (null when there is no copy). */
export async function applyQueuedAddressChange(change: QueuedAddressChange, database: AppDb = appDb): Promise<Address[] | null> {
  return database.transaction('rw', database.addresses, async () => {
    const rows = await database.addresses.toArray();
    const first = rows[0];
    if (!first) return null;
    const current = await readAddressSnapshot(database);
    if (!current) return null;
    const next = applyAddressChange(current, change);
    const customerId = first.userId;
    await database.addresses.clear();
    await database.addresses.bulkPut(
      next.map((address) => ({ id: `${customerId}:${address.id}`, userId: customerId, data: address, updatedAt: address.updatedAt })),
    );
    return next;
  });
}
