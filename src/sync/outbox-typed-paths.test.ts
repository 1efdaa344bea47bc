/**
 * Entries queued before the typed client (docs/decisions/0159-typed-api-client.md) hold their path
 * as a string written by hand; entries queued now hold the path made from the typed route. The
 * stored shape is the same, so after an upgrade both are sent, to the same route, each under its key.
 */
import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it } from 'vitest';

import { AppDb } from '../db/app-db';
import type { OutboxRow } from '../db/app-db';
import { api, apiPath } from '../lib/api-client';
import { manualClock } from '../shared/clock';
import { createOutbox, fetchTransport } from './outbox';

const db = new AppDb('outbox-typed-paths');
afterEach(async () => {
  await db.outbox.clear();
});

describe('outbox entries across the typed-client upgrade', () => {
  it('sends an entry stored by the previous build and one queued from the typed route alike', async () => {
    const clock = manualClock(new Date('2026-11-29T08:00:00Z'));
    const body = { firstName: 'Ana', lastName: 'Pop', phone: '' };
    // As the previous build wrote it into IndexedDB: the path spelled by hand.
    const stored: OutboxRow = {
      id: 'stored-before-upgrade',
      userId: 1,
      kind: 'profile.update',
      label: 'Profile changes',
      request: { method: 'PATCH', path: '/api/profile', body },
      status: 'pending',
      attempts: 0,
      createdAt: '2026-11-28T20:00:00.000Z',
      nextAttemptAt: '2026-11-28T20:00:00.000Z',
      lastError: null,
      lastErrorCode: null,
      lastErrorDetails: null,
    };
    await db.outbox.put(stored);
    const sent: Array<{ method: string | undefined; url: string; key: string | null; body: unknown }> = [];
    const transport = fetchTransport((url, init = {}) => {
      sent.push({
        method: init.method,
        url: String(url),
        key: new Headers(init.headers).get('idempotency-key'),
        body: JSON.parse(String(init.body)),
      });
      return Promise.resolve(Response.json({ user: {} }));
    });
    const outbox = createOutbox({ db, clock, transport, lock: (task) => task(), sessionOwner: async () => 1 });
    const queued = await outbox.enqueue({
      kind: 'profile.update',
      label: 'Profile changes',
      request: { method: 'PATCH', path: apiPath(api.profile.$path()), body },
      userId: 1,
    });
    await outbox.drain();
    expect(sent).toEqual([
      { method: 'PATCH', url: '/api/profile', key: 'stored-before-upgrade', body },
      { method: 'PATCH', url: '/api/profile', key: queued, body },
    ]);
    expect(await db.outbox.count()).toBe(0);
  });
});
