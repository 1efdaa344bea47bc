/**
 * The manager's menu editor (issue 18), the 'Menu' section of /admin: categories and dishes, option
 * groups, bulk prices, CSV export and import, and the change log. Loaded as its own chunk when the
 * section opens (the route composes it with React.lazy), so neither the storefront nor the other
 * admin sections carry it.
 *
 * Offline: the last loaded catalogue stays on screen and every change is queued in the outbox
 * (use-menu-writes.ts); previews, imports and photo uploads need the connection and say so.
 * With CMS=directus the menu is Directus's: a read-only view, sold out stays in its own section.
 */
import './menu-editor.css';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { Spinner } from '../../../components/skeleton';
import type { MessageId } from '../../../lib/i18n';
import { useWords, useT } from '../../../lib/i18n';
import { onAdminStreamSignal } from '../../../entities/admin-stream/admin-live-events';
import type { EditorCatalogue } from '../../../shared/schemas/menu-editor';
import { catalogueKeys, catalogueQueryOptions } from '../api/catalogue-api';
import { useMenuWrites } from '../hooks/use-menu-writes';
import { BulkPriceView } from './bulk-price-view';
import { ChangeLogView } from './change-log-view';
import { ConflictDialog } from './conflict-dialog';
import { CsvView } from './csv-view';
import { DishesView } from './dishes-view';
import { GroupsView } from './groups-view';
import { ReadOnlyMenu } from './read-only-menu';

const VIEWS = [
  ['dishes', 'menu-editor.views.dishes'],
  ['groups', 'menu-editor.views.groups'],
  ['bulk', 'menu-editor.views.bulk'],
  ['csv', 'menu-editor.views.csv'],
  ['changes', 'menu-editor.views.changes'],
] as const satisfies readonly (readonly [string, MessageId])[];
type View = (typeof VIEWS)[number][0];

export interface MenuEditorProps {
  /** Opens the Sold Out section (with Directus, sold out is still set here). */
  onOpenSoldOut(): void;
}

export function MenuEditor({ onOpenSoldOut }: MenuEditorProps) {
  // The editor's words are the manager area's part of the catalogue: the section's Suspense waits for them.
  useWords('manager');
  const t = useT();
  const catalogue = useQuery(catalogueQueryOptions());
  const queryClient = useQueryClient();
  // Another tablet's change (the admin area's live stream), or a reconnect that may have missed one:
  // read the catalogue again. Open dialogs keep the row they opened with (a conflict, not an overwrite).
  useEffect(
    () =>
      onAdminStreamSignal((signal) => {
        if (signal.type === 'menu-changed' || signal.type === 'stream-open')
          void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      }),
    [queryClient],
  );
  if (catalogue.data) return <Editor catalogue={catalogue.data} onOpenSoldOut={onOpenSoldOut} />;
  if (catalogue.isError || catalogue.isPaused) {
    return (
      <div className="admin-card" role="alert">
        <p>{catalogue.isPaused ? t('menu-editor.load.offline') : t('menu-editor.load.failed')}</p>
        <button type="button" className="button" onClick={() => void catalogue.refetch()}>
          {t('menu-editor.retry')}
        </button>
      </div>
    );
  }
  return <Spinner label={t('menu-editor.load.loading')} />;
}

function Editor({ catalogue, onOpenSoldOut }: { catalogue: EditorCatalogue; onOpenSoldOut(): void }) {
  const t = useT();
  const [view, setView] = useState<View>('dishes');
  const writes = useMenuWrites();

  if (catalogue.source === 'directus') return <ReadOnlyMenu catalogue={catalogue} onOpenSoldOut={onOpenSoldOut} />;

  return (
    <div className="menu-editor">
      <div className="me-views" role="group" aria-label={t('menu-editor.views.label')}>
        {VIEWS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            className={`button ${id === view ? '' : 'button--outline'} me-views__item`}
            aria-pressed={id === view}
            onClick={() => setView(id)}
          >
            {t(label)}
          </button>
        ))}
      </div>
      {writes.queued > 0 ? (
        <p className="admin-banner" role="status">
          {t('menu-editor.queued', { count: writes.queued })}
        </p>
      ) : null}
      {view === 'dishes' ? <DishesView catalogue={catalogue} writes={writes} /> : null}
      {view === 'groups' ? <GroupsView catalogue={catalogue} writes={writes} /> : null}
      {view === 'bulk' ? <BulkPriceView catalogue={catalogue} writes={writes} /> : null}
      {view === 'csv' ? <CsvView /> : null}
      {view === 'changes' ? <ChangeLogView /> : null}
      {writes.conflict ? (
        <ConflictDialog
          conflict={writes.conflict}
          onClose={writes.closeConflict}
          onApplyMine={(write) => {
            writes.closeConflict();
            void writes.send(write, { savedMessage: t('menu-editor.toast.appliedAgain', { label: write.label }) });
          }}
        />
      ) : null}
    </div>
  );
}
