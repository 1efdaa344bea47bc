/**
 * Sign-out, shared by every place that offers it (header account menu, footer): end the session on
 * the server, remove the person's private data from this device (QUALITY S6: orders, addresses,
 * profile and the outbox of queued writes; the menu snapshot, restaurant info and cart stay), then
 * reload so no in-memory state survives.
 *
 * Offline: the server cannot be told, so the session cookie (HttpOnly, out of our reach) stays and
 * the page does not reload; the private data is still removed (privacy on a shared phone comes
 * first) and the person is told to sign out again once online.
 */
import { z } from 'zod';

import { apiFetch, NetworkError } from './api-fetch';
import { notify } from './notify';

/** Empties the personal tables in one transaction. IndexedDB code loads only when this runs. */
export async function clearPersonalData(): Promise<void> {
  const { db } = await import('../db/db');
  await db.transaction('rw', [db.orders, db.addresses, db.profile, db.outbox], async () => {
    await Promise.all([db.orders.clear(), db.addresses.clear(), db.profile.clear(), db.outbox.clear()]);
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
