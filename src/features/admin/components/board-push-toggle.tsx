/**
 * "Notify this tablet" on the board (issue 20): the tablet gets a Web Push for every new order and
 * for one left waiting past its accept deadline, so it rings with the board in the background or
 * the screen off. The browser asks for the permission only when this is ticked.
 *
 * Online only: ticking or unticking is a request to our server (and the push service); offline the
 * box is disabled and says why; nothing is queued.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { notify } from '../../../lib/notify';
import { useOnline } from '../../../lib/use-online';
import { usePushEndpoint } from '../../../entities/push-subscription/use-push-endpoint';
import {
  listPushSubscriptions,
  notificationPermission,
  pushSupported,
  turnOffPush,
  turnOnPush,
} from '../../../entities/push-subscription/web-push';

const boardPushKeys = { all: ['push-subscriptions', 'board'] as const };

export function BoardPushToggle() {
  const supported = pushSupported();
  const online = useOnline();
  const queryClient = useQueryClient();
  const { endpoint, refresh } = usePushEndpoint(supported);
  const tablets = useQuery({
    queryKey: boardPushKeys.all,
    queryFn: () => listPushSubscriptions('board'),
    enabled: supported,
    staleTime: 30_000,
  });
  const mine = endpoint ? tablets.data?.find((tablet) => tablet.endpoint === endpoint) : undefined;
  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      if (!on) {
        if (mine) await turnOffPush('board', mine.id);
        return 'off' as const;
      }
      return turnOnPush('board');
    },
    onSuccess: async (result) => {
      if (result === 'denied')
        notify({
          type: 'warning',
          title: 'Notifications blocked',
          message: "Allow notifications for this site in the browser's settings.",
        });
      refresh();
      await queryClient.invalidateQueries({ queryKey: boardPushKeys.all });
    },
    onError: () => notify({ type: 'error', title: 'Tablet notifications', message: 'That did not work. Please try again.' }),
  });
  if (!supported) return null;
  const blocked = notificationPermission() === 'denied';
  return (
    <label className="admin-inline" title={blocked ? "Notifications are blocked in this browser's site settings" : undefined}>
      <input
        type="checkbox"
        checked={Boolean(mine)}
        disabled={!online || blocked || toggle.isPending || endpoint === undefined}
        onChange={(event) => toggle.mutate(event.target.checked)}
      />
      Notify this tablet
      {!online ? ' (needs a connection)' : ''}
    </label>
  );
}
