/**
 * "Mark handled" / "Mark unhandled" (issue 18). The write goes through the app's outbox
 * (docs/decisions/0123-inbox-mark-handled-through-the-outbox.md): the list and the badge change at
 * once (the query cache is updated before the write is queued), and the entry is sent now or, offline,
 * when the tablet is back online. It sets a value rather than flipping it, so a replay or a second
 * tablet's mark changes nothing twice. On the server's acknowledgement the inbox is refetched (the
 * server's time replaces the device's). If the server refuses it (the message no longer exists) the
 * manager is told, the list is reloaded and the entry is dropped: there is nothing to retry.
 */
import { useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useRef } from 'react';

import { db } from '../../../db/db';
import { useCurrentUser } from '../../../entities/session/api/get-current-user';
import { lastKnownCurrentUser } from '../../../entities/session/session-repo';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorHandler } from '../../../lib/use-error-handler';
import { systemClock } from '../../../shared/clock';
import type { Inbox, InboxEntry } from '../../../shared/schemas/menu-editor';
import { enqueueWrite, onOutboxAcknowledged, outbox } from '../../../sync/outbox-runtime';
import { handledPath, inboxKeys, withHandled } from '../api/inbox-api';

export const INBOX_HANDLED_KIND = 'admin.inbox.handled';

export function useMarkHandled() {
  const t = useT();
  const { describeError, describeRefusal } = useErrorHandler();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const watching = useRef(new Set<() => void>());

  useEffect(() => {
    const stopAck = onOutboxAcknowledged(INBOX_HANDLED_KIND, () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }));
    const subscriptions = watching.current;
    return () => {
      stopAck();
      for (const stop of subscriptions) stop();
      subscriptions.clear();
    };
  }, [queryClient]);

  return useCallback(
    async (entry: Pick<InboxEntry, 'kind' | 'id' | 'subject'>, handled: boolean) => {
      const reload = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
      await queryClient.cancelQueries({ queryKey: inboxKeys.list() });
      queryClient.setQueryData<Inbox>(inboxKeys.list(), (current) =>
        current ? withHandled(current, entry, handled, systemClock.now().toISOString()) : current,
      );
      try {
        // Offline the current-user read falls back to this device's copy; the outbox needs an owner.
        const userId = user?.id ?? (await lastKnownCurrentUser())?.id ?? null;
        const id = await enqueueWrite({
          kind: INBOX_HANDLED_KIND,
          label: t(handled ? 'inbox.outbox.markHandled' : 'inbox.outbox.markUnhandled', { subject: entry.subject }),
          request: { method: 'POST', path: handledPath(entry), body: { handled } },
          userId,
        });
        let settled = false;
        let subscription: { unsubscribe(): void } | null = null;
        const stop = () => {
          settled = true;
          subscription?.unsubscribe();
          watching.current.delete(stop);
        };
        watching.current.add(stop);
        subscription = liveQuery(() => db.outbox.get(id)).subscribe((row) => {
          if (settled || (row && row.status !== 'needs-attention' && row.status !== 'needs-review')) return;
          stop();
          if (!row) return; // acknowledged: onOutboxAcknowledged refetches
          notify({ type: 'error', title: t('inbox.error'), message: describeRefusal(row) || t('inbox.error.update') });
          void outbox.discard(row.id);
          reload();
        });
        if (settled) subscription.unsubscribe();
      } catch (error) {
        notify({
          type: 'error',
          title: t('inbox.error'),
          message: error instanceof Error ? describeError(error).message : t('inbox.error.update'),
        });
        reload();
      }
    },
    [queryClient, user?.id, t, describeError, describeRefusal],
  );
}
