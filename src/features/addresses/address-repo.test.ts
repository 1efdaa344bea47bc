import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it } from 'vitest';

import { savedAddress } from '../../../tests/fixtures/saved-address';

import { AppDb } from '../../db/app-db';
import type { Address } from '../../shared/schemas/address';
import { applyAddressChange, applyQueuedAddressChange, readAddressSnapshot, saveAddressSnapshot } from './address-repo';

function address(id: number, updatedAt: string): Address {
  return savedAddress({ id, lastValidatedAt: updatedAt, createdAt: updatedAt, updatedAt });
}

let counter = 0;
const dbs: AppDb[] = [];
function freshDb() {
  counter += 1;
  const db = new AppDb(`address-repo-${counter}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

describe('address snapshot', () => {
  it('keeps the last list, newest updated first, replacing the previous one', async () => {
    const db = freshDb();
    expect(await readAddressSnapshot(db)).toBeNull();
    await saveAddressSnapshot(7, [address(1, '2026-11-22T10:00:00.000Z'), address(2, '2026-11-22T11:00:00.000Z')], db);
    expect((await readAddressSnapshot(db))?.map((a) => a.id)).toEqual([2, 1]);
    await saveAddressSnapshot(7, [address(3, '2026-11-22T12:00:00.000Z')], db);
    expect((await readAddressSnapshot(db))?.map((a) => a.id)).toEqual([3]);
  });

  it('answers nothing for rows of several people or rows that no longer parse', async () => {
    const db = freshDb();
    await db.addresses.bulkPut([
      { id: '1:1', userId: 1, data: address(1, '2026-11-22T10:00:00.000Z'), updatedAt: '2026-11-22T10:00:00.000Z' },
      { id: '2:2', userId: 2, data: address(2, '2026-11-22T10:00:00.000Z'), updatedAt: '2026-11-22T10:00:00.000Z' },
    ]);
    expect(await readAddressSnapshot(db)).toBeNull();
    await db.addresses.clear();
    await db.addresses.put({ id: '1:1', userId: 1, data: { nonsense: true }, updatedAt: 'x' });
    expect(await readAddressSnapshot(db)).toBeNull();
  });

  it('still reads a copy written before addresses had a house number (issue 27)', async () => {
    const db = freshDb();
    const { houseNumber: _number, noHouseNumber: _none, ...older } = address(1, '2026-11-22T10:00:00.000Z');
    await db.addresses.put({ id: '7:1', userId: 7, data: older, updatedAt: older.updatedAt });
    const [read] = (await readAddressSnapshot(db)) ?? [];
    expect(read).toMatchObject({ id: 1, streetAddress: 'Strada Doja Gheorghe 12', houseNumber: null, noHouseNumber: false });
  });
});

describe('offline changes applied to the device copy (optimistic, before the outbox sends them)', () => {
  const book = () => [{ ...address(1, '2026-11-22T10:00:00.000Z'), isDefault: true }, address(2, '2026-11-22T11:00:00.000Z')];

  it('a new default clears every other default; unsetting touches only that address', () => {
    const next = applyAddressChange(book(), { type: 'default', id: 2, isDefault: true });
    expect(next.map((a) => [a.id, a.isDefault])).toEqual([
      [1, false],
      [2, true],
    ]);
    const unset = applyAddressChange(book(), { type: 'default', id: 1, isDefault: false });
    expect(unset.map((a) => [a.id, a.isDefault])).toEqual([
      [1, false],
      [2, false],
    ]);
  });

  it('a delete drops the row; an edit changes only the fields that need no geocoder', () => {
    expect(applyAddressChange(book(), { type: 'delete', id: 1 }).map((a) => a.id)).toEqual([2]);
    const edited = applyAddressChange(book(), { type: 'edit', id: 2, fields: { bloc: 'C9', deliveryInstructions: 'Ring twice' } });
    expect(edited[1]).toMatchObject({ id: 2, bloc: 'C9', deliveryInstructions: 'Ring twice', placeId: book()[1]?.placeId });
    expect(edited[0]).toEqual(book()[0]);
  });

  it('writes the change into the saved copy so the book reads it offline', async () => {
    const db = freshDb();
    expect(await applyQueuedAddressChange({ type: 'delete', id: 1 }, db)).toBeNull();
    await saveAddressSnapshot(7, book(), db);
    await applyQueuedAddressChange({ type: 'default', id: 2, isDefault: true }, db);
    await applyQueuedAddressChange({ type: 'delete', id: 1 }, db);
    const saved = await readAddressSnapshot(db);
    expect(saved?.map((a) => [a.id, a.isDefault])).toEqual([[2, true]]);
    expect((await db.addresses.toArray()).map((row) => row.userId)).toEqual([7]);
  });
});
