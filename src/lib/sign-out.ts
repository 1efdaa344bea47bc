/**
 * Sign-out, shared by every place that offers it (header account menu, footer): end the session on
 * the server, remove the person's private data from this device (QUALITY S6: orders, addresses,
 * profile, the outbox of queued writes and the manager's cached settings; the menu snapshot,
 * restaurant info and cart stay), then
 * reload so no in-memory state survives.
 *
 * Offline: the server cannot be told, so the session cookie (HttpOnly, out of our reach) stays and
 * the page does not reload; the private data is still removed (privacy on a shared phone comes
 * first) and the person is told to sign out again once online.
 */
import { z } from 'zod';

import { apiFetch, NetworkError } from './api-fetch';
import { notify } from './notify';

/** Personal entries of the `meta` table: the manager's cached settings, placed queued orders. */
const PERSONAL_META_KEYS = ['admin.settings'];
const PERSONAL_META_PREFIXES = ['order.placed:'];

/**
 * Empties the personal tables in one transaction (orders, addresses, profile with the last known
 * signed-in person, the outbox, and the personal meta entries); the menu snapshot, restaurant info
 * and cart stay. IndexedDB code loads only when this runs.
 */
export async function clearPersonalData(): Promise<void> {
  const { db } = await import('../db/db');
  await db.transaction('rw', [db.orders, db.addresses, db.profile, db.outbox, db.meta], async () => {
    await Promise.all([db.orders.clear(), db.addresses.clear(), db.profile.clear(), db.outbox.clear()]);
    await db.meta.bulkDelete(PERSONAL_META_KEYS);
    await db.meta.filter((row) => PERSONAL_META_PREFIXES.some((prefix) => row.key.startsWith(prefix))).delete();
  });
}

export async function signOut(): Promise<void> {
  let serverError: unknown = null;
  try {
    await apiFetch('/api/auth/logout', z.undefined(), { method: 'POST' });
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
