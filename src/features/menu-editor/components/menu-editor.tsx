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
  ['dishes', 'Categories & dishes'],
  ['groups', 'Option groups'],
  ['bulk', 'Bulk prices'],
  ['csv', 'Import / export'],
  ['changes', 'Change log'],
] as const;
type View = (typeof VIEWS)[number][0];

export interface MenuEditorProps {
  /** Opens the Sold Out section (with Directus, sold out is still set here). */
  onOpenSoldOut(): void;
}

export function MenuEditor({ onOpenSoldOut }: MenuEditorProps) {
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
        <p>
          {catalogue.isPaused
            ? 'You are offline and the menu has not been loaded on this tablet yet. Connect to edit the menu.'
            : 'Failed to load the menu. Check your connection and try again.'}
        </p>
        <button type="button" className="button" onClick={() => void catalogue.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  return <Spinner label="Loading menu..." />;
}

function Editor({ catalogue, onOpenSoldOut }: { catalogue: EditorCatalogue; onOpenSoldOut(): void }) {
  const [view, setView] = useState<View>('dishes');
  const writes = useMenuWrites();

  if (catalogue.source === 'directus') return <ReadOnlyMenu catalogue={catalogue} onOpenSoldOut={onOpenSoldOut} />;

  return (
    <div className="menu-editor">
      <div className="me-views" role="group" aria-label="Menu editor views">
        {VIEWS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            className={`button ${id === view ? '' : 'button--outline'} me-views__item`}
            aria-pressed={id === view}
            onClick={() => setView(id)}
          >
            {label}
          </button>
        ))}
      </div>
      {writes.queued > 0 ? (
        <p className="admin-banner" role="status">
          {writes.queued === 1 ? '1 menu change is' : `${writes.queued} menu changes are`} queued: they will be sent when the tablet is back
          online.
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
            void writes.send(write, { savedMessage: `${write.label}: your version is saved` });
          }}
        />
      ) : null}
    </div>
  );
}
