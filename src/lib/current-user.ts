/**
 * Who is signed in, for every feature that needs to know (cart hint, checkout, header). The account
 * feature owns signing in and out; this is the shared read.
 *
 * Offline: the last answer of /api/auth/me is kept in IndexedDB (the profile table, row 'current';
 * removed at logout with the rest of the person's data), so a signed-in person who reloads without
 * a connection still sees their pages, not 'Access restricted'. Only a network failure falls back
 * to it; a server that says "nobody" is believed, and the copy is dropped.
 *
 * Keeping the copy is also how this device learns who signed in (issue 21, defect 7): when it is
 * someone else than before, the previous person's orders, addresses and profile leave IndexedDB and
 * their queued writes are set aside for them; when it is the owner of set-aside writes, those are
 * queued again and sent (src/sync/outbox-ownership.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { CurrentUser } from '../shared/schemas/user';
import { currentUserSchema, meResponseSchema } from '../shared/schemas/user';
import { apiFetch, NetworkError } from './api-fetch';

export const currentUserKeys = { me: ['current-user'] as const };

// The same row as CURRENT_PROFILE_ROW_ID in src/db/app-db.ts (not imported: Dexie stays out of the first paint).
const CURRENT_USER_ROW_ID = 'current';
/** IndexedDB code loads only when this runs, so Dexie stays out of the first paint. */
const loadDb = () => import('../db/db').then((module) => module.db);

/**
 * Keeps (or, for null, forgets) the signed-in person's copy on this device. A person's copy claims
 * the device for them (see above): another person's data goes, their own set-aside writes come back
 * and, with a pause for sign-in ended, are sent now. Forgetting leaves queued writes where they are:
 * nothing is sent with nobody signed in, and the owner is asked to sign in again.
 */
export async function rememberCurrentUser(user: CurrentUser | null): Promise<void> {
  const db = await loadDb();
  if (!user) {
    await db.profile.delete(CURRENT_USER_ROW_ID);
    return;
  }
  const [{ claimDeviceFor }, { systemClock }] = await Promise.all([import('../sync/outbox-ownership'), import('../shared/clock')]);
  const now = systemClock.now();
  const claim = await claimDeviceFor(db, user.id, now, { data: user, updatedAt: now.toISOString() });
  if (claim.pending === 0 && claim.restored === 0) return;
  if (claim.restored > 0) {
    const { notify } = await import('./notify');
    notify({
      type: 'info',
      title: 'Your saved changes are back',
      message: `${claim.restored === 1 ? 'A change' : `${claim.restored} changes`} you made earlier on this device ${claim.restored === 1 ? 'is' : 'are'} queued again and sent when possible.`,
    });
  }
  const { drainNow } = await import('../sync/outbox-runtime');
  void drainNow();
}

/** The last signed-in person seen on this device, or null. */
export async function lastKnownCurrentUser(): Promise<CurrentUser | null> {
  const row = await (await loadDb()).profile.get(CURRENT_USER_ROW_ID);
  const parsed = currentUserSchema.safeParse(row?.data);
  return parsed.success ? parsed.data : null;
}

/**
 * Whose copy a fresh server answer belongs to. A page's first reads race /api/auth/me, whose copy
 * is written in the background, so when no copy exists yet this asks the server (online: the caller
 * has just had an answer) and keeps what it says.
 */
export async function signedInUserForDeviceCopy(): Promise<CurrentUser | null> {
  const saved = await lastKnownCurrentUser();
  if (saved) return saved;
  const { user } = await apiFetch('/api/auth/me', meResponseSchema);
  await rememberCurrentUser(user);
  return user;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKeys.me,
    queryFn: async () => {
      try {
        const { user } = await apiFetch('/api/auth/me', meResponseSchema);
        // Best effort: a failing IndexedDB (private mode, quota) must not sign anyone out.
        void rememberCurrentUser(user).catch(() => undefined);
        return user;
      } catch (error) {
        if (error instanceof NetworkError) {
          const saved = await lastKnownCurrentUser().catch(() => null);
          if (saved) return saved;
        }
        throw error;
      }
    },
    retry: false,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
