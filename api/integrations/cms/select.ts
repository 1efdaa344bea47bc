/** Picks the Cms adapter from CMS; CMS=directus without DIRECTUS_URL or DIRECTUS_TOKEN stops the start with its name. */
import type { Env } from '../../env';
import type { Cms } from './port';
import { createDirectusCms } from './directus';
import type { CmsAddressSink } from './directus-addresses';
import { createDirectusAddressSink } from './directus-addresses';
import type { CmsOrderSink } from './directus-orders';
import { createDirectusOrderSink } from './directus-orders';

/** The Directus adapter, its order and address sinks for CMS=directus (its accounts: api/integrations/identity/select.ts); null for the embedded default (bootstrap builds that over the store). */
export function createRemoteCmsFromEnv(
  env: Env,
  fetchImpl?: typeof fetch,
): { cms: Cms; orders: CmsOrderSink; addresses: CmsAddressSink } | null {
  if (env.CMS !== 'directus') return null;
  const missing = [!env.DIRECTUS_URL && 'DIRECTUS_URL', !env.DIRECTUS_TOKEN && 'DIRECTUS_TOKEN'].filter(Boolean);
  if (missing.length > 0) throw new Error(`Invalid configuration:\n  CMS=directus needs ${missing.join(' and ')}`);
  const connection = { url: env.DIRECTUS_URL!, token: env.DIRECTUS_TOKEN!, fetch: fetchImpl };
  return {
    cms: createDirectusCms({ ...connection, timeoutMs: env.DIRECTUS_TIMEOUT_MS }),
    orders: createDirectusOrderSink(connection),
    addresses: createDirectusAddressSink({ ...connection, timeoutMs: env.DIRECTUS_TIMEOUT_MS }),
  };
}
