import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';

import { PasswordSettings } from '../features/account-security/components/security-section';
import { AdminScreen } from '../features/admin/components/admin-screen';
import { ADMIN_SECTIONS } from '../features/admin/sections';
import { SentMailList } from '../features/notifications/components/sent-mail-list';
import { currentUserQueryOptions } from '../lib/current-user';

const adminSearchSchema = z.object({
  /** The open section; absent means General. */
  section: z.enum(ADMIN_SECTIONS).optional().catch(undefined),
});

export const Route = createFileRoute('/admin')({
  validateSearch: (search) => adminSearchSchema.parse(search),
  loader: ({ context }) => {
    // Prefetch never throws: offline the screen paints from IndexedDB.
    void context.queryClient.prefetchQuery(currentUserQueryOptions());
  },
  component: AdminRoute,
});

function AdminRoute() {
  const { section = 'general' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminScreen
      accountSettings={
        <>
          <PasswordSettings />
          <SentMailList />
        </>
      }
      section={section}
      onSection={(next) => void navigate({ search: next === 'general' ? {} : { section: next }, replace: true })}
    />
  );
}
