/**
 * The Inbox section of the manager area (issue 18): the contact page's messages and the orders'
 * feedback, newest first. Each entry says who wrote, when (Bucharest, 24 h), what about, the rating
 * and the order for feedback, and offers "Mark handled" / "Mark unhandled" and "Reply by e-mail" (a
 * mailto: link, inbox-format.ts). Offline the last loaded list stays on screen and marks are queued
 * (use-mark-handled.ts); with nothing loaded it says so.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import './inbox.css';

import { Spinner } from '../../../components/skeleton';
import { useT, useWords } from '../../../lib/i18n';
import { useOnline } from '../../../lib/use-online';
import { inboxQueryOptions } from '../api/inbox-api';
import { useInboxLive } from '../hooks/use-inbox-live';
import { useMarkHandled } from '../hooks/use-mark-handled';
import { InboxItem } from './inbox-item';

export function InboxSection() {
  useWords('manager');
  const t = useT();
  useInboxLive();
  const filterId = useId();
  const online = useOnline();
  const inbox = useQuery(inboxQueryOptions());
  const markHandled = useMarkHandled();
  const [unhandledOnly, setUnhandledOnly] = useState(false);

  if (!inbox.data) {
    if (inbox.isError || inbox.isPaused)
      return (
        <div className="admin-card" role="alert">
          <p>{t('inbox.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void inbox.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      );
    return <Spinner label={t('inbox.loading')} />;
  }

  const { entries, unhandled } = inbox.data;
  const shown = unhandledOnly ? entries.filter((entry) => entry.handledAt === null) : entries;
  return (
    <div className="inbox">
      <div className="inbox__toolbar admin-card">
        <p className="inbox__summary" role="status">
          {unhandled === 0 ? t('inbox.allHandled') : t('inbox.unhandledCount', { count: unhandled })}
        </p>
        <label className="admin-inline" htmlFor={filterId}>
          <input id={filterId} type="checkbox" checked={unhandledOnly} onChange={(event) => setUnhandledOnly(event.target.checked)} />
          {t('inbox.unhandledOnly')}
        </label>
      </div>
      {online ? null : (
        <p className="admin-banner" role="status">
          {t('inbox.offline')}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="admin-card admin-muted">{entries.length === 0 ? t('inbox.empty') : t('inbox.noUnhandled')}</p>
      ) : (
        <ol className="inbox__list" aria-label={t('inbox.messages')}>
          {shown.map((entry) => (
            <li key={`${entry.kind}:${entry.id}`}>
              <InboxItem
                entry={entry}
                onMark={(handled) => void markHandled(entry, handled)}
                orderLink={
                  entry.orderNumber ? (
                    // The board is the manager's order view (push notifications for the board open it too).
                    <Link to="/admin" search={{ section: 'orders' }}>
                      {t('inbox.orderLink', { orderNumber: entry.orderNumber })}
                    </Link>
                  ) : null
                }
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
