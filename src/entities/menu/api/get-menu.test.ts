import 'fake-indexeddb/auto';

import { QueryCache, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '../../../db/db';
import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';
import { keepQueryAnswer } from '../../../lib/keep-query-answers';
import { menuItem, menuOf } from '../../../../tests/setup/menu-fixtures';
import type { MenuReading } from './get-menu';
import { menuKeys, menuQueryOptions } from './get-menu';

const menu = menuOf([menuItem({ name: 'Mici' })], 'v1');

const NOW = new Date('2026-11-22T12:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // The app's one connection (the repository's) stays open: the rows go, not the database.
  await db.menuSnapshot.clear();
});

const online = () => vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(menu), { status: 200 })));
const offline = () => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
const read = () => (menuQueryOptions().queryFn as () => Promise<MenuReading>)();

/** A query client with the app's keeper (src/boot/start-app.tsx), asking again on every fetch. */
function appQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onSuccess: keepQueryAnswer }),
    defaultOptions: { queries: { retry: false, staleTime: 0 } },
  });
}

describe('the menu query', () => {
  it('is the one key every screen reads and the live updates invalidate', () => {
    expect(menuQueryOptions().queryKey).toEqual(menuKeys.all);
    expect(menuKeys.all).toEqual(['menu']);
  });

  it('answers the server’s menu with the time of the reading, and stores nothing itself', async () => {
    online();
    expect(await read()).toEqual({ ...menu, fetchedAt: NOW.toISOString() });
    // Keeping the answer is the query cache's (through meta.keep, below), not the query function's.
    expect(await db.menuSnapshot.get('current')).toBeUndefined();
  });

  it('with the app’s query cache, keeps each fresh menu, and serves it stale when the network or the server fails', async () => {
    const queryClient = appQueryClient();
    online();
    await queryClient.fetchQuery(menuQueryOptions());
    await vi.waitFor(async () => expect((await db.menuSnapshot.get('current'))?.version).toBe('v1'));
    const row = await db.menuSnapshot.get('current');
    expect(row).toEqual({ key: 'current', menu, version: 'v1', fetchedAt: NOW.toISOString(), lastFailedRefreshAt: null });

    vi.setSystemTime(NOW.getTime() + 120_000);
    offline();
    const stale = await queryClient.fetchQuery(menuQueryOptions());
    expect(stale).toMatchObject({ staleSince: '2026-11-22T12:02:00.000Z', fetchedAt: '2026-11-22T12:00:00.000Z' });
    expect(stale.items[0]?.name).toBe('Mici');
    // The failed refresh is recorded beside the snapshot; the snapshot itself is not rewritten.
    await vi.waitFor(async () => expect((await db.menuSnapshot.get('current'))?.lastFailedRefreshAt).toBe('2026-11-22T12:02:00.000Z'));
    expect((await db.menuSnapshot.get('current'))?.fetchedAt).toBe(NOW.toISOString());

    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 503, statusText: 'Service Unavailable' })));
    const serverDown = await queryClient.fetchQuery(menuQueryOptions());
    expect(serverDown.staleSince).toEqual(expect.any(String));
    expect(serverDown.fetchedAt).toBe(NOW.toISOString());
  });

  it('fails clearly when there is neither network nor snapshot', async () => {
    offline();
    await expect(read()).rejects.toThrow(NetworkError);
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 503 })));
    await expect(read()).rejects.toThrow(ApiRequestError);
  });

  it('an answer that does not parse is not hidden by the snapshot', async () => {
    await db.menuSnapshot.put({ key: 'current', menu, version: 'v1', fetchedAt: '2026-11-22T11:00:00.000Z', lastFailedRefreshAt: null });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ version: 1 }), { status: 200 })));
    await expect(read()).rejects.not.toBeInstanceOf(NetworkError);
  });

  it('does not wait for a request the browser knows cannot leave (navigator.onLine false)', async () => {
    await db.menuSnapshot.put({ key: 'current', menu, version: 'v1', fetchedAt: '2026-11-22T11:00:00.000Z', lastFailedRefreshAt: null });
    vi.stubGlobal('navigator', { onLine: false });
    const fetchImpl = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchImpl);
    const stale = await read();
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(stale.staleSince).toBe(NOW.toISOString());
  });
});
