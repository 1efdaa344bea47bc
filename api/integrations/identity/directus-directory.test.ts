/**
 * The Directus account directory over its HTTP client's stand-in, and its selection: CMS=directus
 * picks it (speaking to DIRECTUS_URL), anything else the local directory.
 */
import { describe, expect, it } from 'vitest';

import { parseEnv } from '../../env';
import { createLogger } from '../../lib/logger';
import type { Store } from '../../store/store';
import { systemClock } from '../../../src/shared/clock';
import { DirectoryEmailTakenError } from './account-directory';
import type { CmsAccounts } from './directus-accounts';
import { createDirectusAccountDirectory } from './directus-directory';
import { createAccountDirectoryFromEnv } from './select';

const logger = createLogger('silent');
// Neither test reaches the store: no address sink is given, so nothing is imported.
const noStore = {} as Pick<Store, 'db' | 'dialect'>;

function accountsAnswering(overrides: Partial<CmsAccounts>): CmsAccounts {
  return {
    login: () => Promise.resolve(null),
    register: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    updateMe: () => Promise.resolve(),
    ...overrides,
  };
}

describe('Directus account directory', () => {
  const directory = (accounts: CmsAccounts) =>
    createDirectusAccountDirectory({ accounts, addresses: null, store: noStore, clock: systemClock, logger });

  it('register: an e-mail whose new password does not open the Directus account is taken', async () => {
    await expect(
      directory(accountsAnswering({})).register({ email: 'a@b.ro', password: 'x', firstName: 'A', lastName: 'B', phone: null }),
    ).rejects.toBeInstanceOf(DirectoryEmailTakenError);
  });

  it('maps the Directus user (names may be null; only status "active" signs in) and keeps sign-out best effort', async () => {
    const dir = directory(
      accountsAnswering({
        login: () =>
          Promise.resolve({
            user: { id: 'd-1', email: 'a@b.ro', first_name: null, last_name: 'B', phone: null, status: 'suspended' },
            session: 's-1',
          }),
        logout: () => Promise.reject(new Error('Directus is down')),
      }),
    );
    expect(await dir.signIn('a@b.ro', 'x')).toEqual({
      account: { id: 'd-1', email: 'a@b.ro', firstName: '', lastName: 'B', phone: null, active: false },
      session: 's-1',
    });
    await expect(dir.endSession('s-1')).resolves.toBeUndefined();
    expect(dir.provider).toBe('directus');
  });
});

describe('account directory selection', () => {
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/unused' };

  it('CMS=directus: Directus users at DIRECTUS_URL', async () => {
    const asked: string[] = [];
    const fetchStandIn: typeof fetch = (input) => {
      asked.push(String(input));
      return Promise.resolve(new Response(null, { status: 401 }));
    };
    const env = parseEnv({ ...base, CMS: 'directus', DIRECTUS_URL: 'http://directus.test/', DIRECTUS_TOKEN: 't' });
    const dir = createAccountDirectoryFromEnv(env, { store: noStore, clock: systemClock, logger, cmsAddresses: null, fetch: fetchStandIn });
    expect(dir.name).toBe('directus');
    expect(await dir.signIn('a@b.ro', 'wrong')).toBeNull();
    expect(asked).toEqual(['http://directus.test/auth/login']);
  });

  it('the embedded CMS: the local directory, which asks nobody', async () => {
    const dir = createAccountDirectoryFromEnv(parseEnv(base), { store: noStore, clock: systemClock, logger, cmsAddresses: null });
    expect(dir.name).toBe('local');
    expect(await dir.register({ email: 'a@b.ro', password: 'x', firstName: 'A', lastName: 'B', phone: null })).toBeNull();
  });
});
