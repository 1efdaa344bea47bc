/**
 * Sign-out, shared by every place that offers it (header account menu, footer): end the session on
 * the server, remove the person's private data from this device (a shared phone: orders, addresses,
 * profile and the manager's cached settings; the menu snapshot, restaurant info and cart stay),
 * then reload so no in-memory state survives.
 *
 * Queued writes are never dropped (issue 21, defect 7): when the person has some that are not sent
 * (waiting, or needing their review), beginSignOut() opens a warning first (src/components/
 * sign-out-dialog.tsx) offering to send them now; whatever is still queued at sign-out leaves the
 * outbox for the set-aside table, tagged with its owner, and comes back when they sign in here again.
 *
 * Offline: the server cannot be told, so the session cookie (HttpOnly, out of our reach) stays and
 * the page does not reload; the private data is still removed and queued writes set aside (privacy
 * on a shared phone comes first) and the person is told to sign out again once online.
 */
import { atom } from 'jotai';
import { z } from 'zod/mini';

import type { OutboxRow } from '../../db/app-db';
import { api, call } from '../../lib/api-client';
import { NetworkError } from '../../lib/api-fetch';
import { notify } from '../../lib/notify';
import { appStore } from '../../lib/store';

/** Personal entries of the `meta` table: the manager's cached settings, placed queued orders, a sign-in pause. */
const PERSONAL_META_KEYS = ['admin.settings', 'outbox.sign-in-needed'];
const PERSONAL_META_PREFIXES = ['order.placed:'];

/** The unsent-changes warning shown before signing out: open or not. */
export const signOutDialogAtom = atom(false);

/**
 * Empties the personal tables in one transaction (orders, addresses, profile with the last known
 * signed-in person, and the personal meta entries) and sets every owned outbox entry aside under
 * its owner; the menu snapshot, restaurant info and cart stay. IndexedDB code loads only when this
 * runs.
 */
export async function clearPersonalData(): Promise<void> {
  const [{ db }, { setAsideOwnedEntries }] = await Promise.all([import('../../db/db'), import('../../sync/outbox-ownership')]);
  await db.transaction('rw', [db.orders, db.addresses, db.profile, db.outbox, db.outboxSetAside, db.meta], async () => {
    await Promise.all([db.orders.clear(), db.addresses.clear(), db.profile.clear()]);
    await setAsideOwnedEntries(db);
    await db.meta.bulkDelete(PERSONAL_META_KEYS);
    await db.meta.filter((row) => PERSONAL_META_PREFIXES.some((prefix) => row.key.startsWith(prefix))).delete();
  });
}

/**
 * The signed-in person's entries still in the outbox (not sent yet, or waiting for their review),
 * oldest first: what the sign-out warning lists.
 */
export async function unsentEntriesOfSignedInPerson(): Promise<OutboxRow[]> {
  const [{ db }, { queuedEntriesOf, signedInOwner }] = await Promise.all([import('../../db/db'), import('../../sync/outbox-ownership')]);
  const owner = await signedInOwner(db);
  return owner === null ? [] : queuedEntriesOf(db, owner);
}

/**
 * What the Sign Out buttons call: with unsent changes of this person, the warning opens (it signs
 * out from there); without, sign-out goes ahead at once.
 */
export async function beginSignOut(): Promise<void> {
  const unsent = await unsentEntriesOfSignedInPerson().catch(() => []);
  if (unsent.length > 0) {
    appStore.set(signOutDialogAtom, true);
    return;
  }
  await signOut();
}

export async function signOut(): Promise<void> {
  let serverError: unknown = null;
  try {
    await call(api.auth.logout.$post(), z.undefined());
  } catch (error) {
    serverError = error;
  }
  await clearPersonalData();
  if (serverError) {
    notify({
      type: 'error',
      title: 'Sign Out Failed',
      message:
        serverError instanceof NetworkError
          ? 'You appear to be offline. Connect to the internet and sign out again.'
          : 'We could not end your session. Please try again.',
    });
    return;
  }
  window.location.reload();
}
