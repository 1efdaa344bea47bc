/**
 * The menu's change log (issue 18): who changed what and when (Bucharest time, 24 h), each field
 * before → after, newest first, 50 at a time. Read-only; needs the network.
 */
import { useInfiniteQuery } from '@tanstack/react-query';

import { Spinner } from '../../../components/skeleton';
import { useLocale, useT } from '../../../lib/i18n';
import type { ChangeLogEntry } from '../../../shared/schemas/menu-editor';
import { changeLogQueryOptions } from '../api/catalogue-api';
import { formatBucharestDateTime } from '../../../shared/bucharest-date-time';

/** The log's actions as the catalogue's `select` keys (ICU keys are plain words: no hyphen). */
const ACTION_KEYS: Record<ChangeLogEntry['action'], string> = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  duplicate: 'duplicate',
  reorder: 'reorder',
  'bulk-price': 'bulkPrice',
  import: 'import',
};

export function ChangeLogView() {
  const t = useT();
  const locale = useLocale();
  const log = useInfiniteQuery(changeLogQueryOptions());
  if (log.isPending) return <Spinner label={t('menu-editor.log.loading')} />;
  if (log.isError) {
    return (
      <div className="admin-card" role="alert">
        <p>{t('menu-editor.log.failed')}</p>
        <button type="button" className="button" onClick={() => void log.refetch()}>
          {t('menu-editor.retry')}
        </button>
      </div>
    );
  }
  const entries = log.data.pages.flatMap((page) => page.entries);
  return (
    <section className="admin-card" aria-labelledby="me-log-title">
      <h2 id="me-log-title" className="me-pane__title">
        {t('menu-editor.log.title')}
      </h2>
      {entries.length === 0 ? <p className="admin-muted">{t('menu-editor.log.empty')}</p> : null}
      <ol className="me-log" aria-label={t('menu-editor.log.list')}>
        {entries.map((entry) => (
          <li key={entry.id} className="me-log__entry">
            <p className="me-log__head">
              <time dateTime={entry.at}>{formatBucharestDateTime(entry.at, locale)}</time> · <strong>{entry.actor}</strong>{' '}
              {t('menu-editor.log.did', { action: ACTION_KEYS[entry.action], entity: entry.entity, name: entry.entityName })}
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
          {log.isFetchingNextPage ? t('menu-editor.log.loadingMore') : t('menu-editor.log.more')}
        </button>
      ) : null}
    </section>
  );
}
