import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { z } from 'zod/mini';

import { Spinner } from '../components/skeleton';
import { currentUserQueryOptions } from '../entities/session/api/get-current-user';
import { useT } from '../lib/i18n';
import { PasswordSettings } from '../features/account-security/components/security-section';
import { AdminScreen } from '../features/admin/components/admin-screen';
import { ADMIN_SECTIONS } from '../features/admin/sections';
import { InboxBadge } from '../features/inbox/components/inbox-badge';
import { InboxSection } from '../features/inbox/components/inbox-section';
import { SentMailList } from '../features/notifications/components/sent-mail-list';

const adminSearchSchema = z.object({
  /** The open section; absent means General. */
  section: z.catch(z.optional(z.enum(ADMIN_SECTIONS)), undefined),
});

/** The menu editor is its own chunk, fetched when its section opens (issue 18: the storefront's budget is full). */
const MenuEditor = lazy(() => import('../features/menu-editor/components/menu-editor').then((m) => ({ default: m.MenuEditor })));

export const Route = createFileRoute('/admin')({
  validateSearch: (search) => adminSearchSchema.parse(search),
  loader: ({ context }) => {
    // Prefetch never throws: offline the screen paints from IndexedDB.
    void context.queryClient.prefetchQuery(currentUserQueryOptions());
  },
  component: AdminRoute,
});

function AdminRoute() {
  const t = useT();
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
      sectionPanels={{
        menu: (
          <Suspense fallback={<Spinner label={t('common.admin.loadingMenu')} />}>
            <MenuEditor onOpenSoldOut={() => void navigate({ search: { section: 'sold-out' }, replace: true })} />
          </Suspense>
        ),
        // The inbox is its own feature (issue 18), composed here: features never import each other.
        inbox: <InboxSection />,
      }}
      sectionBadges={{ inbox: <InboxBadge /> }}
      section={section}
      onSection={(next) => void navigate({ search: next === 'general' ? {} : { section: next }, replace: true })}
    />
  );
}
