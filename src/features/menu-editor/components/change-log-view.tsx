/**
 * The menu's change log (issue 18): who changed what and when (Bucharest time, 24 h), each field
 * before → after, newest first, 50 at a time. Read-only; needs the network.
 */
import { useInfiniteQuery } from '@tanstack/react-query';

import { Spinner } from '../../../components/skeleton';
import type { ChangeLogEntry } from '../../../shared/schemas/menu-editor';
import { changeLogQueryOptions } from '../api/catalogue-api';
import { formatBucharestDateTime } from '../../../shared/bucharest-date-time';

const ACTION_LABELS: Record<ChangeLogEntry['action'], string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  duplicate: 'duplicated',
  reorder: 'reordered',
  'bulk-price': 'changed prices of',
  import: 'imported into',
};

const ENTITY_LABELS: Record<ChangeLogEntry['entity'], string> = {
  category: 'category',
  dish: 'dish',
  group: 'option group',
  photo: 'photo',
  menu: 'menu',
};

export function ChangeLogView() {
  const log = useInfiniteQuery(changeLogQueryOptions());
  if (log.isPending) return <Spinner label="Loading the change log..." />;
  if (log.isError) {
    return (
      <div className="admin-card" role="alert">
        <p>Failed to load the change log. Check your connection and try again.</p>
        <button type="button" className="button" onClick={() => void log.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const entries = log.data.pages.flatMap((page) => page.entries);
  return (
    <section className="admin-card" aria-labelledby="me-log-title">
      <h2 id="me-log-title" className="me-pane__title">
        Change log
      </h2>
      {entries.length === 0 ? <p className="admin-muted">No changes yet.</p> : null}
      <ol className="me-log" aria-label="Menu changes">
        {entries.map((entry) => (
          <li key={entry.id} className="me-log__entry">
            <p className="me-log__head">
              <time dateTime={entry.at}>{formatBucharestDateTime(entry.at)}</time> · <strong>{entry.actor}</strong>{' '}
              {ACTION_LABELS[entry.action]} {ENTITY_LABELS[entry.entity]} “{entry.entityName}”
            </p>
            {entry.changes.length > 0 ? (
              <ul className="me-changes">
                {entry.changes.map((change, index) => (
                  <li key={index}>
                    {change.field}: {change.before ?? '—'} → {change.after ?? '—'}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {log.hasNextPage ? (
        <button type="button" className="button button--outline" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading...' : 'Show older changes'}
        </button>
      ) : null}
    </section>
  );
}
