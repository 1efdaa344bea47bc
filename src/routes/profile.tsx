import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';

import { ProtectedPage } from '../components/protected-page';
import { currentUserQueryOptions, useCurrentUser } from '../entities/session/api/get-current-user';
import { AccountInfo } from '../features/account/components/account-info';
import { SecuritySection } from '../features/account-security/components/security-section';
import { ProfileTabs } from '../features/account/components/profile-tabs';
import { PROFILE_TABS } from '../features/account/profile-tab-names';
import { AddressBook } from '../features/addresses/components/address-book';
import { PushDevices } from '../features/notifications/components/push-devices';
import { useT } from '../lib/i18n';

const profileSearchSchema = z.object({
  /** The open tab; absent means 'Account Info'. */
  tab: z.catch(z.optional(z.enum(PROFILE_TABS)), undefined),
});

export const Route = createFileRoute('/profile')({
  validateSearch: (search) => profileSearchSchema.parse(search),
  loader: ({ context }) => {
    // Prefetch never throws: offline the wrapper shows what it can.
    void context.queryClient.prefetchQuery(currentUserQueryOptions());
  },
  component: ProfileRoute,
});

function ProfileRoute() {
  return (
    <ProtectedPage>
      <ProfileScreen />
    </ProtectedPage>
  );
}

function ProfileScreen() {
  const t = useT();
  const { data: user } = useCurrentUser();
  const { tab = 'account' } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!user) return null;
  return (
    <section className="profile-page">
      <h1>{t('common.footer.profile')}</h1>
      <ProfileTabs
        tab={tab}
        onTab={(next) => void navigate({ search: next === 'account' ? {} : { tab: next }, replace: true })}
        panels={{
          account: (
            <>
              <AccountInfo user={user} />
              <PushDevices />
              <SecuritySection />
            </>
          ),
          addresses: <AddressBook />,
        }}
      />
    </section>
  );
}
