/**
 * The profile's "Notifications" block (issue 20): the account's devices that get order
 * notifications, this one marked, each with "Turn off"; and "Turn on for this device" where it can.
 *
 * Online only: turning off or on is a request to our server (and the push service); offline the
 * buttons wait for the connection and the list shows what was last read.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useT, useWords } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useOnline } from '../../../lib/use-online';
import { turnOffPush, turnOnPush } from '../../../entities/push-subscription/web-push';
import { pushDevicesQueryOptions, pushKeys } from '../api/push-api';
import { usePushState } from '../use-push-state';
import './notifications.css';

export function PushDevices() {
  useWords('pages');
  const t = useT();
  const state = usePushState();
  const online = useOnline();
  const queryClient = useQueryClient();
  const devices = useQuery(pushDevicesQueryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: pushKeys.all });
  const turnOff = useMutation({
    mutationFn: (id: number) => turnOffPush('customer', id),
    onSuccess: refresh,
    onError: () =>
      notify({ type: 'error', title: t('notifications.devices.offFailed'), message: t('notifications.devices.offFailedHint') }),
  });
  const turnOn = useMutation({
    mutationFn: () => turnOnPush('customer'),
    onSuccess: async (result) => {
      if (result === 'denied')
        notify({ type: 'warning', title: t('notifications.devices.blocked'), message: t('notifications.devices.blockedHint') });
      state.refreshEndpoint();
      await refresh();
    },
    onError: () => notify({ type: 'error', title: t('notifications.devices.onFailed'), message: t('notifications.devices.onFailedHint') }),
  });
  const list = devices.data ?? [];
  return (
    <section className="push-devices" aria-labelledby="push-devices-title">
      <h3 id="push-devices-title">{t('notifications.devices.title')}</h3>
      <p className="push-devices__hint">{t('notifications.devices.hint')}</p>
      {list.length === 0 ? <p>{t('notifications.devices.none')}</p> : null}
      <ul className="push-devices__list">
        {list.map((device) => (
          <li key={device.id} className="push-devices__item">
            <span>
              {device.deviceLabel}
              {device.endpoint === state.endpoint ? <strong> {t('notifications.devices.thisDevice')}</strong> : null}
            </span>
            <button
              type="button"
              className="button button--outline"
              disabled={!online || turnOff.isPending}
              aria-label={
                device.endpoint === state.endpoint
                  ? t('notifications.devices.turnOffThisLabel', { device: device.deviceLabel })
                  : t('notifications.devices.turnOffLabel', { device: device.deviceLabel })
              }
              onClick={() => turnOff.mutate(device.id)}
            >
              {t('notifications.devices.turnOff')}
            </button>
          </li>
        ))}
      </ul>
      {state.supported && !state.on && state.permission !== 'denied' && state.endpoint !== undefined ? (
        <button type="button" className="button" disabled={!online || turnOn.isPending} onClick={() => turnOn.mutate()}>
          {t('notifications.devices.turnOn')}
        </button>
      ) : null}
    </section>
  );
}
