/**
 * Picks the account directory from CMS: Directus users with CMS=directus, else the local directory.
 * The one place that knows which; the accounts service runs the same code path for both.
 */
import type { Clock } from '../../../src/shared/clock';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import type { Store } from '../../store/store';
import type { CmsAddressSink } from '../cms/directus-addresses';
import type { AccountDirectory } from './account-directory';
import { createDirectusAccounts } from './directus-accounts';
import { createDirectusAccountDirectory } from './directus-directory';
import { createLocalAccountDirectory } from './local-directory';

export function createAccountDirectoryFromEnv(
  env: Env,
  deps: { store: Pick<Store, 'db' | 'dialect'>; clock: Clock; logger: Logger; cmsAddresses: CmsAddressSink | null; fetch?: typeof fetch },
): AccountDirectory {
  // DIRECTUS_URL is checked with the rest of CMS=directus (api/integrations/cms/select.ts) before this runs.
  if (env.CMS !== 'directus' || !env.DIRECTUS_URL) return createLocalAccountDirectory();
  return createDirectusAccountDirectory({
    accounts: createDirectusAccounts({ url: env.DIRECTUS_URL, timeoutMs: env.DIRECTUS_TIMEOUT_MS, fetch: deps.fetch }),
    addresses: deps.cmsAddresses,
    store: deps.store,
    clock: deps.clock,
    logger: deps.logger,
  });
}
