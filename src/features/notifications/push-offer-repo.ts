/**
 * Whether this device's person said "Not now" to the notification offer (IndexedDB meta row), so the
 * order pages stop asking. Local only: it works offline and never reaches the server; signing in as
 * someone else on the device keeps it (the offer is about the device's notifications).
 */
import { db } from '../../db/db';

const DISMISSED_KEY = 'push-offer-dismissed-at';

export async function pushOfferDismissed(): Promise<boolean> {
  return Boolean((await db.meta.get(DISMISSED_KEY))?.value);
}

export async function dismissPushOffer(now: Date): Promise<void> {
  await db.meta.put({ key: DISMISSED_KEY, value: now.toISOString() });
}
