/**
 * The signed-in person's copy on this device (IndexedDB, the profile table, row 'current'): the last
 * answer of /api/auth/me. Removed at logout with the rest of the person's data (src/entities/session/sign-out.ts).
 *
 * Keeping the copy is also how this device learns who signed in (issue 21, defect 7): when it is
 * someone else than before, the previous person's orders, addresses and profile leave IndexedDB and
 * their queued writes are set aside for them; when it is the owner of set-aside writes, those are
 * queued again and sent (src/sync/outbox-ownership.ts). Local writes only: offline is not a case.
 */
import { CURRENT_PROFILE_ROW_ID } from '../../db/app-db';
import { db } from '../../db/db';
import { apiFetch, NetworkError } from '../../lib/api-fetch';
import type { CurrentUser } from '../../shared/schemas/user';
import { currentUserSchema, meResponseSchema } from '../../shared/schemas/user';

/** The people this repository read from the device: a copy is not a server's answer (see keepCurrentUser). */
const deviceCopies = new WeakSet<CurrentUser>();

/** The last signed-in person seen on this device, or null (none, or a row that no longer parses). */
export async function lastKnownCurrentUser(): Promise<CurrentUser | null> {
  const parsed = currentUserSchema.safeParse((await db.profile.get(CURRENT_PROFILE_ROW_ID))?.data);
  if (!parsed.success) return null;
  deviceCopies.add(parsed.data);
  return parsed.data;
}

/**
 * The current-user query's answer when its request failed with `error`: for want of a network, the
 * device's copy; otherwise, or with no copy (or one that cannot be read), the error stands.
 */
export async function lastKnownCurrentUserOr(error: unknown): Promise<CurrentUser> {
  const saved = error instanceof NetworkError ? await lastKnownCurrentUser().catch(() => null) : null;
  if (!saved) throw error;
  return saved;
}

/**
 * Keeps (or, for null, forgets) the signed-in person's copy on this device. A person's copy claims
 * the device for them (see above): another person's data goes, their own set-aside writes come back
 * and, with a pause for sign-in ended, are sent now. Forgetting leaves queued writes where they are:
 * nothing is sent with nobody signed in, and the owner is asked to sign in again.
 */
export async function rememberCurrentUser(user: CurrentUser | null): Promise<void> {
  if (!user) {
    await db.profile.delete(CURRENT_PROFILE_ROW_ID);
    return;
  }
  const [{ claimDeviceFor }, { systemClock }] = await Promise.all([import('../../sync/outbox-ownership'), import('../../shared/clock')]);
  const now = systemClock.now();
  const claim = await claimDeviceFor(db, user.id, now, { data: user, updatedAt: now.toISOString() });
  if (claim.pending === 0 && claim.restored === 0) return;
  if (claim.restored > 0) {
    const { notify } = await import('../../lib/notify');
    notify({
      type: 'info',
      title: 'Your saved changes are back',
      message: `${claim.restored === 1 ? 'A change' : `${claim.restored} changes`} you made earlier on this device ${claim.restored === 1 ? 'is' : 'are'} queued again and sent when possible.`,
    });
  }
  const { drainNow } = await import('../../sync/outbox-runtime');
  void drainNow();
}

/**
 * The current-user query's keeper: a server's answer is remembered (claiming the device, or
 * forgetting the copy for "nobody"); the device's own copy, answered offline, is passed over: it is
 * no proof of a live session and must not end a pause for sign-in. Best effort: a failing IndexedDB
 * (private mode, quota) signs nobody out.
 */
export async function keepCurrentUser(user: CurrentUser | null): Promise<void> {
  if (user && deviceCopies.has(user)) return;
  await rememberCurrentUser(user);
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
