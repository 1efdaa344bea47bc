/**
 * Builds the Push adapter (web-push with the VAPID pair of ./vapid.ts, read once and then kept in
 * memory) and the rule for which endpoints a subscription may name.
 */
import type { Kysely } from 'kysely';

import type { Clock } from '../../../src/shared/clock';
import type { Env } from '../../env';
import type { Database } from '../../store/schema';
import type { Push } from './port';
import type { VapidKeys } from './vapid';
import { loadVapidKeys } from './vapid';
import { createWebPush } from './web-push';

export function createPushFromEnv(env: Env, db: Kysely<Database>, clock: Clock, fetchImpl?: typeof fetch): Push {
  let keys: Promise<VapidKeys> | null = null;
  const load = () => {
    keys ??= loadVapidKeys(env, db, clock).catch((error: unknown) => {
      // A failed read (store briefly down) is tried again on the next call, not remembered.
      keys = null;
      throw error;
    });
    return keys;
  };
  return createWebPush({ keys: load, fetch: fetchImpl });
}

/**
 * The browsers' push services (Chrome/Edge/Android: FCM and WNS, Firefox: Mozilla autopush, Safari
 * and iOS: Apple). The server posts to whatever endpoint a subscription names, so only these hosts
 * (https) are accepted: a subscription cannot aim the server's requests at anything else
 * (docs/decisions/0106-web-push-through-the-outbox.md).
 */
const PUSH_SERVICE_HOST_SUFFIXES = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

export function isAcceptedPushEndpoint(endpoint: string, env: Pick<Env, 'PUSH_TEST_ENDPOINT_ORIGIN'>): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (env.PUSH_TEST_ENDPOINT_ORIGIN && url.origin === new URL(env.PUSH_TEST_ENDPOINT_ORIGIN).origin) return true;
  if (url.protocol !== 'https:' || (url.port && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}
