/**
 * The inbox's unhandled count beside 'Inbox' in the manager's navigation (issue 18). It shares the
 * list's query, so marking an entry (use-mark-handled.ts) or a live 'inbox-changed' moves it at once.
 * Nothing is drawn at zero; screen readers hear "Inbox, 2 unhandled".
 */
import { useQuery } from '@tanstack/react-query';
import './inbox.css';

import { useT, useWords } from '../../../lib/i18n';

import { inboxQueryOptions } from '../api/inbox-api';
import { useInboxLive } from '../hooks/use-inbox-live';

export function InboxBadge() {
  useWords('manager');
  const t = useT();
  useInboxLive();
  const { data } = useQuery(inboxQueryOptions());
  const count = data?.unhandled ?? 0;
  if (count === 0) return null;
  return (
    <span className="inbox-badge" data-testid="inbox-badge">
      <span className="visually-hidden">, </span>
      {count}
      <span className="visually-hidden"> {t('inbox.badge.unhandled')}</span>
    </span>
  );
}
