/**
 * "Notify this tablet" on the board (issue 20): the tablet gets a Web Push for every new order and
 * for one left waiting past its accept deadline, so it rings with the board in the background or
 * the screen off. The browser asks for the permission only when this is ticked.
 *
 * Online only: ticking or unticking is a request to our server (and the push service); offline the
 * box is disabled and says why; nothing is queued.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useT } from '../../../lib/i18n';
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
  const t = useT();
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
          title: t('admin.push.blocked.title'),
          message: t('admin.push.blocked.message'),
        });
      refresh();
      await queryClient.invalidateQueries({ queryKey: boardPushKeys.all });
    },
    onError: () => notify({ type: 'error', title: t('admin.push.failed.title'), message: t('admin.push.failed.message') }),
  });
  if (!supported) return null;
  const blocked = notificationPermission() === 'denied';
  return (
    <label className="admin-inline" title={blocked ? t('admin.push.blockedHint') : undefined}>
      <input
        type="checkbox"
        checked={Boolean(mine)}
        disabled={!online || blocked || toggle.isPending || endpoint === undefined}
        onChange={(event) => toggle.mutate(event.target.checked)}
      />
      {online ? t('admin.push.label') : t('admin.push.labelOffline')}
    </label>
  );
}
