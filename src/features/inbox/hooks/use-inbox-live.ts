/**
 * Keeps the inbox fresh (issue 18): a new contact message, new order feedback or a mark made on
 * another tablet arrives as 'inbox-changed' on the manager's live stream, and every (re)connect of
 * that stream refetches, so a message sent while this tablet was offline still shows up.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { onAdminStreamSignal } from '../../../entities/admin-stream/admin-live-events';
import { inboxKeys } from '../api/inbox-api';

export function useInboxLive(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAdminStreamSignal((signal) => {
        if (signal.type === 'inbox-changed' || signal.type === 'stream-open')
          void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
      }),
    [queryClient],
  );
}
