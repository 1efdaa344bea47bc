import 'fake-indexeddb/auto';

import { QueryCache, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CURRENT_PROFILE_ROW_ID } from '../../../db/app-db';
import { db } from '../../../db/db';
import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';
import { keepQueryAnswer } from '../../../lib/keep-query-answers';
import type { CurrentUser } from '../../../shared/schemas/user';
import { SIGN_IN_NEEDED_META_KEY } from '../../../sync/outbox-ownership';
import { currentUserKeys, currentUserQueryOptions } from './get-current-user';
import { signedInCustomer } from '../../../../tests/fixtures/current-user';

const ANA = signedInCustomer();
const PAUSE = { key: SIGN_IN_NEEDED_META_KEY, value: { userId: ANA.id, since: '2026-11-22T12:00:00.000Z' } };

afterEach(async () => {
  vi.unstubAllGlobals();
  await Promise.all([db.profile.clear(), db.meta.clear()]);
});

const keepCopyOf = (user: CurrentUser) =>
  db.profile.put({ id: CURRENT_PROFILE_ROW_ID, userId: user.id, data: user, updatedAt: '2026-11-22T12:00:00.000Z' });
const serverSays = (user: CurrentUser | null) =>
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ user }), { headers: { 'content-type': 'application/json' } }));
const noNetwork = () => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
const read = () => (currentUserQueryOptions().queryFn as () => Promise<CurrentUser | null>)();
/** A client like the app's (src/boot/start-app.tsx): answers reach the query's keeper. */
const appClient = () =>
  new QueryClient({ queryCache: new QueryCache({ onSuccess: keepQueryAnswer }), defaultOptions: { queries: { retry: false } } });
const fetchMe = (queryClient: QueryClient) => queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });

describe('the current-user query', () => {
  it('answers what the server says, and stores nothing itself', async () => {
    serverSays(ANA);
    expect(await read()).toEqual(ANA);
    expect(await db.profile.get(CURRENT_PROFILE_ROW_ID)).toBeUndefined();
  });

  it('believes a server that says nobody is signed in, even with a copy on the device', async () => {
    await keepCopyOf(ANA);
    serverSays(null);
    expect(await read()).toBeNull();
  });

  it('offline, answers the device’s copy; with none, the network failure stands', async () => {
    noNetwork();
    await expect(read()).rejects.toBeInstanceOf(NetworkError);
    await keepCopyOf(ANA);
    expect(await read()).toEqual(ANA);
  });

  it('a server error is not hidden by the copy', async () => {
    await keepCopyOf(ANA);
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ error: { status: 503, code: 'down', message: 'Down' } }), { status: 503 }),
    );
    await expect(read()).rejects.toBeInstanceOf(ApiRequestError);
  });
});

describe('keeping the session’s answers on the device (the app’s query cache)', () => {
  it('a person’s answer is kept and claims the device: a pause for sign-in ends', async () => {
    await db.meta.put(PAUSE);
    serverSays(ANA);
    await fetchMe(appClient());
    await vi.waitFor(async () => expect((await db.profile.get(CURRENT_PROFILE_ROW_ID))?.data).toEqual(ANA));
    await vi.waitFor(async () => expect(await db.meta.get(SIGN_IN_NEEDED_META_KEY)).toBeUndefined());
  });

  it('"nobody" forgets the copy', async () => {
    await keepCopyOf(ANA);
    serverSays(null);
    await fetchMe(appClient());
    await vi.waitFor(async () => expect(await db.profile.get(CURRENT_PROFILE_ROW_ID)).toBeUndefined());
  });

  it('the copy answered offline is no live session: the pause for sign-in stays, and a later server answer still claims', async () => {
    await keepCopyOf(ANA);
    await db.meta.put(PAUSE);
    noNetwork();
    const queryClient = appClient();
    expect(await fetchMe(queryClient)).toEqual(ANA);
    // The keeper's work for the offline answer (a repository load, then nothing) is done well within this.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.meta.get(SIGN_IN_NEEDED_META_KEY)).toEqual(PAUSE);
    // The same person from the server, equal to the copy the cache holds, is the live session it is.
    serverSays(ANA);
    await fetchMe(queryClient);
    await vi.waitFor(async () => expect(await db.meta.get(SIGN_IN_NEEDED_META_KEY)).toBeUndefined());
    expect(queryClient.getQueryData(currentUserKeys.me)).toEqual(ANA);
  });
});
