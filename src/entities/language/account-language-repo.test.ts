/**
 * A signed-in person's choice goes to their account through the outbox: queued in IndexedDB even
 * with no network (then sent later, under its id as Idempotency-Key), and read back as the account's
 * newest language until it is sent.
 */
import 'fake-indexeddb/auto';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CURRENT_PROFILE_ROW_ID } from '../../db/app-db';
import { db } from '../../db/db';
import { outboxRowFixture } from '../../../tests/fixtures/outbox-row';
import { signedInCustomer } from '../../../tests/fixtures/current-user';
import { drainNow } from '../../sync/outbox-runtime';
import { ACCOUNT_LANGUAGE_KIND, queueAccountLanguage, unsentAccountLanguage } from './account-language-repo';

const ANA = signedInCustomer({ language: 'en' });
const t = (id: string) => `t:${id}`;

// The outbox's transport takes the global fetch when its module loads: the network is stubbed
// before that, and each test says how it answers.
const network = vi.hoisted(() => {
  const state = {
    sent: [] as Array<{ url: string; method: string | undefined; key: string | null; body: unknown }>,
    answer: (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')),
  };
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    state.sent.push({
      url,
      method: init.method,
      key: new Headers(init.headers).get('idempotency-key'),
      body: JSON.parse(String(init.body)),
    });
    return state.answer();
  });
  // No service worker here: the outbox's Background Sync request finds none.
  vi.stubGlobal('navigator', {});
  return state;
});
const sent = network.sent;

beforeEach(async () => {
  await db.profile.put({ id: CURRENT_PROFILE_ROW_ID, userId: ANA.id, data: ANA, updatedAt: '2026-11-29T10:00:00.000Z' });
});

afterEach(async () => {
  // The runtime's pass in flight ends first (one drainer at a time: the next test's would be skipped).
  await drainNow();
  sent.length = 0;
  await Promise.all([db.outbox.clear(), db.profile.clear()]);
});

describe("the account's language through the outbox", () => {
  it('offline, is queued as PUT /api/profile/language and stays queued, the account’s newest language', async () => {
    network.answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await queueAccountLanguage(ANA.id, 'ro', t as never);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: ACCOUNT_LANGUAGE_KIND,
      userId: ANA.id,
      label: 't:common.language.saved',
      request: { method: 'PUT', path: '/api/profile/language', body: { language: 'ro' } },
    });
    await vi.waitFor(async () => expect((await db.outbox.get(entry!.id))?.status).toBe('pending'));
    expect(sent[0]).toEqual({ url: '/api/profile/language', method: 'PUT', key: entry!.id, body: { language: 'ro' } });
    expect(await unsentAccountLanguage(db, ANA.id)).toBe('ro');
  });

  it('online, is sent at once and leaves the outbox once the server has it', async () => {
    network.answer = async () => Response.json({ user: { ...ANA, language: 'ro' } });
    await queueAccountLanguage(ANA.id, 'ro', t as never);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PUT', url: '/api/profile/language', body: { language: 'ro' } },
    ]);
    expect(await unsentAccountLanguage(db, ANA.id)).toBeNull();
  });

  it("reads the newest unsent choice of this person only; a refused one is not the account's", async () => {
    const queued = (id: string, language: string, createdAt: string, status = 'pending' as const, userId = ANA.id) => ({
      ...outboxRowFixture(ACCOUNT_LANGUAGE_KIND),
      id,
      userId,
      status,
      createdAt,
      request: { method: 'PUT' as const, path: '/api/profile/language', body: { language } },
    });
    await db.outbox.bulkPut([
      queued('a', 'ro', '2026-11-29T10:00:00.000Z'),
      queued('b', 'en', '2026-11-29T10:05:00.000Z'),
      queued('c', 'ro', '2026-11-29T10:09:00.000Z', 'pending', 99),
    ]);
    expect(await unsentAccountLanguage(db, ANA.id)).toBe('en');
    await db.outbox.update('b', { status: 'needs-attention' });
    expect(await unsentAccountLanguage(db, ANA.id)).toBe('ro');
    await db.outbox.bulkPut([{ ...outboxRowFixture('profile.update'), id: 'd', userId: ANA.id }]);
    await db.outbox.delete('a');
    expect(await unsentAccountLanguage(db, ANA.id)).toBeNull();
  });
});
