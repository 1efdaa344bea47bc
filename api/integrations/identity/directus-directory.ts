/**
 * CMS=directus: the account directory over Directus users (directus-accounts.ts speaks its HTTP API).
 * Sign-up registers the customer in Directus and signs in there (Directus answers the same for a new
 * and a taken e-mail; the sign-in tells them apart); a sign-in brings the customer's Directus
 * addresses into our address book (api/integrations/cms/directus-addresses.ts); sign-out ends the
 * Directus session. It decides nothing about our accounts: linking is the accounts service's.
 */
import type { Clock } from '../../../src/shared/clock';
import type { Logger } from '../../lib/logger';
import type { Store } from '../../store/store';
import type { CmsAddressSink } from '../cms/directus-addresses';
import { DIRECTUS_IDENTITY_PROVIDER, importCmsAddresses } from '../cms/directus-addresses';
import type { AccountDirectory, DirectorySignIn } from './account-directory';
import { DirectoryEmailTakenError } from './account-directory';
import type { CmsAccounts, DirectusUser } from './directus-accounts';

export interface DirectusDirectoryOptions {
  accounts: CmsAccounts;
  /** Where a customer's Directus addresses are read at sign-in; null: they are not imported. */
  addresses: CmsAddressSink | null;
  store: Pick<Store, 'db' | 'dialect'>;
  clock: Clock;
  logger: Logger;
}

function toSignIn(user: DirectusUser, session: string): DirectorySignIn {
  return {
    account: {
      id: user.id,
      email: user.email,
      firstName: user.first_name ?? '',
      lastName: user.last_name ?? '',
      phone: user.phone ?? null,
      active: user.status === 'active',
    },
    session,
  };
}

export function createDirectusAccountDirectory(options: DirectusDirectoryOptions): AccountDirectory {
  const { accounts, logger } = options;

  async function endSession(session: string): Promise<void> {
    // Best effort: our session has ended whatever Directus says.
    await accounts.logout(session).catch((error: unknown) => logger.warn('directus logout failed', { error: String(error) }));
  }

  return {
    name: 'directus',
    provider: DIRECTUS_IDENTITY_PROVIDER,

    async register(input) {
      await accounts.register(input);
      const signedIn = await accounts.login(input.email, input.password);
      // Our new password does not open it: someone registered this e-mail in Directus before.
      if (!signedIn) throw new DirectoryEmailTakenError(input.email);
      if (input.phone) {
        // The customers' role may update its own phone (docs/directus.md); without it the phone stays ours only.
        await accounts
          .updateMe(signedIn.session, { phone: input.phone })
          .catch((error: unknown) => logger.warn('directus phone not saved', { error: String(error) }));
      }
      return toSignIn({ ...signedIn.user, phone: input.phone ?? signedIn.user.phone ?? null }, signedIn.session);
    },

    async signIn(email, password) {
      const signedIn = await accounts.login(email, password);
      return signedIn ? toSignIn(signedIn.user, signedIn.session) : null;
    },

    async afterSignIn(signIn, userId) {
      if (!options.addresses) return;
      // A failure must not cost the sign-in: the next sign-in imports again (upserted by Directus id).
      await importCmsAddresses(options.store.db, options.store.dialect, options.addresses, {
        userId,
        directusUserId: signIn.account.id,
        now: options.clock.now(),
      }).then(
        (result) => logger.info('directus addresses imported', result),
        (error: unknown) => logger.warn('directus addresses not imported', { error: String(error) }),
      );
    },

    endSession,
  };
}
