/**
 * Sign-out keeps QUALITY S6 (the person's orders, addresses and profile leave this device) without
 * dropping what they queued (issue 21, defect 7): queued entries are set aside under their owner,
 * and with unsent changes of the person signing out, the warning opens instead of signing out.
 */
import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it, vi } from 'vitest';

import type { OutboxRow } from '../../db/app-db';
import { CURRENT_PROFILE_ROW_ID } from '../../db/app-db';
import { db } from '../../db/db';
import { beginSignOut, clearPersonalData, signOutDialogAtom } from './sign-out';
import { appStore } from '../../lib/store';

const ANA = 11;

function entry(id: string, userId: number | null, status: OutboxRow['status'] = 'pending'): OutboxRow {
  return {
    id,
    userId,
    kind: 'order.create',
    label: 'Cash order · 45,00 lei',
    request: { method: 'POST', path: '/api/orders', body: {} },
    status,
    attempts: 0,
    createdAt: '2026-11-22T12:00:00.000Z',
    nextAttemptAt: '2026-11-22T12:00:00.000Z',
    lastError: null,
    lastErrorCode: null,
    lastErrorDetails: null,
  };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  appStore.set(signOutDialogAtom, false);
  await Promise.all(db.tables.map((table) => table.clear()));
});

describe('signing out with queued changes', () => {
  it("removes the person's data but sets their queued entries aside, tagged with their owner", async () => {
    await db.profile.put({ id: CURRENT_PROFILE_ROW_ID, userId: ANA, data: {}, updatedAt: '' });
    await db.orders.put({ id: 'ORD-1', userId: ANA, data: {}, updatedAt: '' });
    await db.addresses.put({ id: `${ANA}:1`, userId: ANA, data: {}, updatedAt: '' });
    await db.outbox.bulkPut([entry('queued', ANA), entry('review', ANA, 'needs-review'), entry('in-flight', ANA, 'sending')]);
    await db.meta.put({ key: 'outbox.sign-in-needed', value: { userId: ANA, since: '' } });

    await clearPersonalData();

    expect([await db.orders.count(), await db.addresses.count(), await db.profile.count(), await db.outbox.count()]).toEqual([0, 0, 0, 0]);
    expect(await db.meta.get('outbox.sign-in-needed')).toBeUndefined();
    const kept = await db.outboxSetAside.orderBy('id').toArray();
    expect(kept.map((row) => [row.id, row.userId, row.status])).toEqual([
      ['in-flight', ANA, 'pending'],
      ['queued', ANA, 'pending'],
      ['review', ANA, 'needs-review'],
    ]);
  });

  it('with unsent changes of the person signing out, the warning opens and nothing is ended or removed yet', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchSpy);
    await db.profile.put({ id: CURRENT_PROFILE_ROW_ID, userId: ANA, data: {}, updatedAt: '' });
    await db.outbox.put(entry('review', ANA, 'needs-review'));

    await beginSignOut();

    expect(appStore.get(signOutDialogAtom)).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
    expect(await db.profile.count()).toBe(1);
  });

  it("without unsent changes of theirs it signs out at once (another person's entry is kept for them)", async () => {
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    const fetchSpy = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchSpy);
    await db.profile.put({ id: CURRENT_PROFILE_ROW_ID, userId: ANA, data: {}, updatedAt: '' });
    await db.outbox.put(entry('someone-elses', 99));

    await beginSignOut();

    expect(appStore.get(signOutDialogAtom)).toBe(false);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/auth/logout');
    expect(reload).toHaveBeenCalledOnce();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.outboxSetAside.get('someone-elses')).toMatchObject({ userId: 99 });
  });
});
