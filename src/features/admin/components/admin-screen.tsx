/**
 * /admin (issue 7, spec §2 Admin settings): the guard, the loading and error states, and the
 * settings editor. The screen paints from IndexedDB (the last loaded settings) before the network
 * answers, so a tablet that loaded it once opens it offline; the server re-checks the admin role on
 * every /api/admin call, so the offline view is read-from-cache only, and saves are queued.
 */
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import './admin.css';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';

import { Spinner } from '../../../components/skeleton';
import { useCurrentUser } from '../../../entities/session/api/get-current-user';
import { NetworkError } from '../../../lib/api-fetch';
import { useT, useWords } from '../../../lib/i18n';
import { adminSettingsQueryOptions } from '../api/admin-api';
import { adminPageTitle, useDocumentTitle } from '../hooks/use-document-title';
import { useManagedKitchen } from '../hooks/use-managed-kitchen';
import { useNewOrderAlerts } from '../hooks/use-new-order-alerts';
import type { AdminSection } from '../sections';
import { ALL_KITCHENS_SECTIONS } from '../sections';
import { useCachedSettings } from '../settings-repo';
import { SettingsEditor } from './settings-editor';
import { StaffSection } from './staff-section';

export interface AdminScreenProps {
  section: AdminSection;
  onSection(section: AdminSection): void;
  /** The manager's own account settings (the password form), composed by the route. */
  accountSettings?: ReactNode;
  /** Sections drawn by other features (issue 18: the inbox), composed by the route: features never import each other. */
  sectionPanels?: Partial<Record<AdminSection, ReactNode>>;
  /** A badge beside a section's name in both navigations (the inbox's unhandled count), composed by the route. */
  sectionBadges?: Partial<Record<AdminSection, ReactNode>>;
}

/**
 * The manager area: its words are a catalogue part of their own, fetched with its screens (a customer
 * never loads them); until they arrive the area shows an empty, busy page (nothing to word yet).
 */
export function AdminScreen(props: AdminScreenProps) {
  return (
    <Suspense fallback={<section className="admin-state" aria-busy="true" />}>
      <ManagerArea {...props} />
    </Suspense>
  );
}

function ManagerArea({ section, onSection, accountSettings, sectionPanels, sectionBadges }: AdminScreenProps) {
  useWords('manager');
  const t = useT();
  useDocumentTitle(adminPageTitle(section, t));
  const { data: user, isPending, isPaused, error } = useCurrentUser();
  const cached = useCachedSettings();
  // Offline (the query pauses, or no answer at all) on a tablet whose admin loaded the settings
  // before: show the cache. The server still checks the role on every /api/admin call.
  const offlineAdmin = !user && cached !== null && cached !== undefined && (isPaused || error instanceof NetworkError);
  if ((isPending && !offlineAdmin) || cached === undefined) return <LoadingSettings />;
  const isAdmin = user?.role === 'admin';
  if (!isAdmin && !offlineAdmin) return <AdminRestricted />;
  return (
    <AdminSettings
      userId={user?.id ?? cached!.userId}
      section={section}
      onSection={onSection}
      accountSettings={accountSettings}
      sectionPanels={sectionPanels}
      sectionBadges={sectionBadges}
    />
  );
}

function AdminSettings({
  userId,
  section,
  onSection,
  accountSettings,
  sectionPanels,
  sectionBadges,
}: AdminScreenProps & { userId: number }) {
  const t = useT();
  const query = useQuery(adminSettingsQueryOptions(userId));
  const cached = useCachedSettings();
  // The live feed, the new-order sound and the blinking title run whatever section is open.
  const { alerting, late } = useNewOrderAlerts(adminPageTitle(section, t));
  // Issue 22: until it is known which kitchens this manager runs (offline, loading) the Staff section
  // stays out of the navigation; opened by its address, it shows the server's refusal.
  const allKitchens = useManagedKitchen() === null;
  const data = query.data ?? cached?.data;
  if (!data) {
    // Offline the query pauses instead of failing: with nothing cached that is a load error too.
    if (query.isError || query.isPaused) return <SettingsLoadError />;
    return <LoadingSettings />;
  }
  return (
    <>
      {alerting.size > 0 && section !== 'orders' ? (
        <p className={`admin-new-orders${late.size > 0 ? ' admin-new-orders--late' : ''}`} role="status">
          {t('admin.screen.newOrders', { count: alerting.size })}
          {late.size > 0 ? t('admin.screen.notAcceptedInTime', { count: late.size }) : ''}{' '}
          <button type="button" className="button" onClick={() => onSection('orders')}>
            {t('admin.screen.showOrders')}
          </button>
        </p>
      ) : null}
      <SettingsEditor
        // Loaded settings overwrite the form (spec §4): a new server version remounts the editor.
        key={`${data.settings.version}:${data.settings.updatedAt}`}
        data={data}
        userId={userId}
        offline={!query.data && (query.isError || query.isPaused)}
        section={section}
        onSection={onSection}
        onReload={() => void query.refetch()}
        accountSettings={accountSettings}
        sectionPanels={{ ...sectionPanels, staff: <StaffSection locations={data.locations} userId={userId} /> }}
        sectionBadges={sectionBadges}
        hiddenSections={allKitchens ? [] : ALL_KITCHENS_SECTIONS}
      />
    </>
  );
}

function LoadingSettings() {
  const t = useT();
  return (
    <section className="admin-state" aria-busy="true">
      <Spinner label={t('admin.screen.loading')} />
    </section>
  );
}

function SettingsLoadError() {
  const t = useT();
  return (
    <section className="admin-state" role="alert">
      <h1 className="admin-state__title">{t('admin.screen.loadError.title')}</h1>
      <p>{t('admin.screen.loadError.body')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('admin.common.retry')}
      </button>
    </section>
  );
}

/** The padlock drawn above the restriction: a picture, not a word. */
const PADLOCK = '🔒';

export function AdminRestricted() {
  const t = useT();
  return (
    <section className="admin-state" aria-labelledby="admin-restricted-title">
      <span className="admin-state__icon" aria-hidden="true">
        {PADLOCK}
      </span>
      <h1 id="admin-restricted-title" className="admin-state__title">
        {t('admin.screen.restricted.title')}
      </h1>
      <p>{t('admin.screen.restricted.body')}</p>
      <Link to="/" className="button">
        {t('admin.screen.restricted.home')}
      </Link>
    </section>
  );
}
