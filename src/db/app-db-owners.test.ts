/**
 * Schema version 2 (issue 21, defect 7): outbox entries queued by the version-1 app get an owner.
 * A database is written as version 1 left it, then opened by today's AppDb (Dexie runs the upgrade).
 */
import 'fake-indexeddb/auto';

import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';

import { manualClock } from '../shared/clock';
import { createOutbox } from '../sync/outbox';
import type { OutboxRow } from './app-db';
import { AppDb, CURRENT_PROFILE_ROW_ID, OWNER_UNKNOWN_CODE } from './app-db';

const opened: Dexie[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) {
    database.close();
    await database.delete();
  }
});

function versionOneEntry(id: string, userId: number | null, status: OutboxRow['status'] = 'pending'): OutboxRow {
  return {
    id,
    userId,
    kind: 'address.create',
    label: 'New address',
    request: { method: 'POST', path: '/api/addresses', body: {} },
    status,
    attempts: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    nextAttemptAt: '2026-11-20T10:00:00.000Z',
    lastError: null,
    lastErrorCode: null,
    lastErrorDetails: null,
  };
}

/** Writes what the version-1 app left behind, with version 1's schema exactly. */
async function versionOneDatabase(name: string, rows: { outbox: OutboxRow[]; profileUserId?: number }): Promise<void> {
  const old = new Dexie(name);
  old.version(1).stores({
    menuSnapshot: 'key',
    restaurant: 'key',
    cartLines: 'id, menuItemId, addedAt',
    orders: 'id, userId, updatedAt',
    addresses: 'id, userId, updatedAt',
    profile: 'id, userId',
    outbox: 'id, status, createdAt, userId',
    meta: 'key',
  });
  await old.table('outbox').bulkPut(rows.outbox);
  if (rows.profileUserId !== undefined) {
    await old.table('profile').put({ id: CURRENT_PROFILE_ROW_ID, userId: rows.profileUserId, data: {}, updatedAt: '' });
  }
  old.close();
}

describe('outbox owners, upgrading from version 1', () => {
  it('entries without an owner become the signed-in person’s; entries with one keep it', async () => {
    await versionOneDatabase('owners-known', {
      outbox: [versionOneEntry('no-owner', null), versionOneEntry('anas', 11), versionOneEntry('in-flight', null, 'sending')],
      profileUserId: 11,
    });
    const db = new AppDb('owners-known');
    opened.push(db);
    const rows = await db.outbox.orderBy('id').toArray();
    expect(rows.map((row) => [row.id, row.userId, row.status])).toEqual([
      ['anas', 11, 'pending'],
      ['in-flight', 11, 'sending'],
      ['no-owner', 11, 'pending'],
    ]);
    expect(await db.outboxSetAside.count()).toBe(0);
  });

  it('with nobody known, an entry without an owner is never sent by itself: it waits for a person to take it', async () => {
    await versionOneDatabase('owners-unknown', { outbox: [versionOneEntry('orphan', null), versionOneEntry('bogdans', 22)] });
    const db = new AppDb('owners-unknown');
    opened.push(db);
    expect(await db.outbox.get('orphan')).toMatchObject({ userId: null, status: 'needs-attention', lastErrorCode: OWNER_UNKNOWN_CODE });
    expect(await db.outbox.get('bogdans')).toMatchObject({ userId: 22, status: 'pending' });

    const sent: string[] = [];
    const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
    const outbox = createOutbox({
      db,
      clock,
      lock: (task) => task(),
      transport: async (entry) => {
        sent.push(`${entry.id}:${entry.userId}`);
        return { kind: 'acknowledged', status: 201, body: {} };
      },
    });
    await db.profile.put({ id: CURRENT_PROFILE_ROW_ID, userId: 33, data: {}, updatedAt: '' });
    await outbox.drain();
    expect(sent).toEqual([]);
    // The signed-in person chooses Retry in the sync panel: it is sent as theirs.
    await outbox.retry('orphan');
    await outbox.drain();
    expect(sent).toEqual(['orphan:33']);
    expect(await db.outboxSetAside.get('bogdans')).toMatchObject({ userId: 22 });
  });
});
