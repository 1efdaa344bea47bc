/**
 * Whose queued writes are on this device (issue 21, defect 7). Every outbox entry carries its owner
 * (the signed-in person when it was made) and is sent only under that person's session:
 *
 * - the session's owner, as far as this device knows, is the person of the last /api/auth/me
 *   answer (the profile row 'current'); nobody known, nothing is sent. The server checks the same
 *   thing on every send (the X-Outbox-Owner header), so a stale guess can never send a write under
 *   someone else's session: the server refuses it and it is set aside.
 * - a person signing in claims the device: another person's orders, addresses, profile and
 *   personal meta leave IndexedDB, another person's entries move to `outboxSetAside` (never sent,
 *   never shown), and this person's set-aside entries come back and are sent.
 * - a 401 while sending means the session ended: draining pauses (the meta flag below) until the
 *   owner signs in again; the entry stays queued.
 * - signing out moves the person's entries aside (kept, owner-tagged) instead of deleting them.
 *
 * Shared by the pages and the service worker: Dexie only, no zod, no React.
 */
import type { AppDb, OutboxRow } from '../db/app-db';
import { CURRENT_PROFILE_ROW_ID } from '../db/app-db';
import { isPlacedMetaKey } from './order-acknowledgement';

export { OUTBOX_OWNER_HEADER, SESSION_USER_CHANGED_CODE } from '../shared/outbox-owner';
/** Meta row set when a send got 401: the owner's session ended, nothing is sent until they sign in. */
export const SIGN_IN_NEEDED_META_KEY = 'outbox.sign-in-needed';
/** The manager's cached settings (src/features/admin/settings-repo.ts): personal to that manager. */
const ADMIN_SETTINGS_META_KEY = 'admin.settings';

export interface SignInNeeded {
  userId: number;
  since: string;
}

/** The person signed in on this device as far as it knows (the last /api/auth/me answer), or null. */
export async function signedInOwner(db: AppDb): Promise<number | null> {
  const row = await db.profile.get(CURRENT_PROFILE_ROW_ID);
  return typeof row?.userId === 'number' ? row.userId : null;
}

export async function signInNeeded(db: AppDb): Promise<SignInNeeded | null> {
  const row = await db.meta.get(SIGN_IN_NEEDED_META_KEY);
  const value = row?.value as Partial<SignInNeeded> | undefined;
  return typeof value?.userId === 'number' && typeof value.since === 'string' ? { userId: value.userId, since: value.since } : null;
}

export async function markSignInNeeded(db: AppDb, userId: number, now: Date): Promise<void> {
  await db.meta.put({ key: SIGN_IN_NEEDED_META_KEY, value: { userId, since: now.toISOString() } satisfies SignInNeeded });
}

/**
 * Who may send now: the signed-in person, unless their session is known to have ended (a 401 since
 * their last sign-in). null: nothing is sent.
 */
export async function sendingOwner(db: AppDb): Promise<number | null> {
  const [owner, paused] = await Promise.all([signedInOwner(db), signInNeeded(db)]);
  return paused ? null : owner;
}

/** An entry set aside keeps its status; one caught mid-send is pending again (its key makes a resend harmless). */
function asideCopy(entry: OutboxRow): OutboxRow {
  return entry.status === 'sending' ? { ...entry, status: 'pending' } : entry;
}

/** Moves entries from the outbox to the set-aside table (same transaction as the caller's, if any). */
export async function setAside(db: AppDb, entries: readonly OutboxRow[]): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction('rw', db.outbox, db.outboxSetAside, async () => {
    await db.outboxSetAside.bulkPut(entries.map(asideCopy));
    await db.outbox.bulkDelete(entries.map((entry) => entry.id));
  });
}

export interface DeviceClaim {
  /** Entries of other people moved out of the outbox. */
  setAside: number;
  /** This person's entries that were set aside and are queued again. */
  restored: number;
  /** Another person's orders, addresses or profile (and with them their personal meta) were removed. */
  removedOtherPersonData: boolean;
  /** Sending was paused for a sign-in (a 401) and may go on now. */
  resumed: boolean;
  /** This person's entries waiting to be sent now (a drain is due when there are any). */
  pending: number;
}

/**
 * `userId` is signed in on this device (a fresh /api/auth/me answer): in one transaction, another
 * person's personal rows go, their entries are set aside, this person's set-aside entries come
 * back (due now), the sign-in-needed pause ends (a fresh answer means a live session), and the
 * profile row becomes `profileRow` when given. Cheap when nothing changes hands (the usual case).
 */
export async function claimDeviceFor(
  db: AppDb,
  userId: number,
  now: Date,
  profileRow?: { data: unknown; updatedAt: string },
): Promise<DeviceClaim> {
  const tables = [db.orders, db.addresses, db.profile, db.outbox, db.outboxSetAside, db.meta];
  return db.transaction('rw', tables, async () => {
    const someoneElse = (row: { userId: number | null }) => row.userId !== userId;
    const [orders, addresses, profiles] = await Promise.all([
      db.orders.filter(someoneElse).primaryKeys(),
      db.addresses.filter(someoneElse).primaryKeys(),
      db.profile.filter(someoneElse).primaryKeys(),
    ]);
    const removedOtherPersonData = orders.length + addresses.length + profiles.length > 0;
    if (removedOtherPersonData) {
      await Promise.all([db.orders.bulkDelete(orders), db.addresses.bulkDelete(addresses), db.profile.bulkDelete(profiles)]);
      // The device changed hands: the last person's personal meta goes too. Placed queued orders
      // carry no owner (they are the last person's); the manager's settings name theirs.
      const adminSettings = (await db.meta.get(ADMIN_SETTINGS_META_KEY))?.value as { userId?: unknown } | undefined;
      if (adminSettings !== undefined && adminSettings.userId !== userId) await db.meta.delete(ADMIN_SETTINGS_META_KEY);
      await db.meta.filter((row) => isPlacedMetaKey(row.key)).delete();
    }

    // Entries of an unknown owner (userId null) stay: they wait, visible, for a person to take them.
    const others = await db.outbox.filter((entry) => entry.userId !== null && entry.userId !== userId).toArray();
    await setAside(db, others);
    const mine = await db.outboxSetAside.where('userId').equals(userId).toArray();
    const nowIso = now.toISOString();
    await db.outbox.bulkPut(mine.map((entry) => (entry.status === 'pending' ? { ...entry, nextAttemptAt: nowIso } : entry)));
    await db.outboxSetAside.bulkDelete(mine.map((entry) => entry.id));

    const resumed = (await db.meta.get(SIGN_IN_NEEDED_META_KEY)) !== undefined;
    await db.meta.delete(SIGN_IN_NEEDED_META_KEY);
    if (profileRow) await db.profile.put({ id: CURRENT_PROFILE_ROW_ID, userId, ...profileRow });
    const pending = await db.outbox
      .where('userId')
      .equals(userId)
      .filter((entry) => entry.status === 'pending')
      .count();
    return { setAside: others.length, restored: mine.length, removedOtherPersonData, resumed, pending };
  });
}

/**
 * Signing out: every owned entry in the outbox is set aside under its owner (kept for when they sign
 * in here again, never sent meanwhile), in the caller's transaction when there is one.
 */
export async function setAsideOwnedEntries(db: AppDb): Promise<number> {
  const owned = await db.outbox.filter((entry) => entry.userId !== null).toArray();
  await setAside(db, owned);
  return owned.length;
}

/** The entries of `userId` still in the outbox (waiting, being sent, or waiting for them). */
export async function queuedEntriesOf(db: AppDb, userId: number): Promise<OutboxRow[]> {
  return db.outbox.where('userId').equals(userId).sortBy('createdAt');
}

/**
 * How many entries a drain could send now (the sending owner's pending or in-flight ones): the
 * next-drain timer and the service worker's "try again later" count only these, so entries waiting
 * for a sign-in never spin a drain loop.
 */
export async function sendableCount(db: AppDb): Promise<number> {
  const owner = await sendingOwner(db);
  if (owner === null) return 0;
  return db.outbox
    .where('userId')
    .equals(owner)
    .filter((entry) => entry.status === 'pending' || entry.status === 'sending')
    .count();
}
