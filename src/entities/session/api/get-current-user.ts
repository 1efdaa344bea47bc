/**
 * Who is signed in, for every feature that needs to know (header, cart, checkout, orders, inbox,
 * admin): the session noun's one server read, GET /api/auth/me, under currentUserKeys.me
 * (docs/decisions/0158-shared-nouns-in-src-entities.md). The account feature owns signing in and out.
 *
 * Offline: a request that fails for want of a network answers the last answer kept on this device
 * (../session-repo.ts), so a signed-in person who reloads without a connection still sees their
 * pages, not 'Access restricted'. A server that says "nobody" is believed. The query function only
 * reads: the query cache hands each answer to this query's keeper (`meta.keep`,
 * src/lib/keep-query-answers.ts), which keeps the copy and claims the device for its person.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-fetch';
import type { CurrentUser } from '../../../shared/schemas/user';
import { meResponseSchema } from '../../../shared/schemas/user';

export const currentUserKeys = { me: ['current-user'] as const };

/** The repository, loaded when first needed (offline, or with an answer to keep): Dexie stays out of the first paint. */
const loadRepo = () => import('../session-repo');

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKeys.me,
    queryFn: async (): Promise<CurrentUser | null> => {
      try {
        return (await apiFetch('/api/auth/me', meResponseSchema)).user;
      } catch (error) {
        // Offline, the device's copy answers; any other failure stands. The repository decides.
        return (await loadRepo()).lastKnownCurrentUserOr(error);
      }
    },
    retry: false,
    // A server answer claims the device for its person (or, for nobody, forgets the copy); the copy
    // answered offline is passed over, since it is no proof of a live session.
    meta: { keep: (user: CurrentUser | null) => loadRepo().then((repo) => repo.keepCurrentUser(user)) },
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
