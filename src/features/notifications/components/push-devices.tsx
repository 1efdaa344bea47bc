/**
 * The profile's "Notifications" block (issue 20): the account's devices that get order
 * notifications, this one marked, each with "Turn off"; and "Turn on for this device" where it can.
 *
 * Online only: turning off or on is a request to our server (and the push service); offline the
 * buttons wait for the connection and the list shows what was last read.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { notify } from '../../../lib/notify';
import { useOnline } from '../../../lib/use-online';
import { turnOffPush, turnOnPush } from '../../../entities/push-subscription/web-push';
import { pushDevicesQueryOptions, pushKeys } from '../api/push-api';
import { usePushState } from '../use-push-state';
import './notifications.css';

export function PushDevices() {
  const state = usePushState();
  const online = useOnline();
  const queryClient = useQueryClient();
  const devices = useQuery(pushDevicesQueryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: pushKeys.all });
  const turnOff = useMutation({
    mutationFn: (id: number) => turnOffPush('customer', id),
    onSuccess: refresh,
    onError: () => notify({ type: 'error', title: 'Not turned off', message: 'Please try again when you are online.' }),
  });
  const turnOn = useMutation({
    mutationFn: () => turnOnPush('customer'),
    onSuccess: async (result) => {
      if (result === 'denied')
        notify({ type: 'warning', title: 'Notifications blocked', message: "Allow them in the browser's site settings first." });
      state.refreshEndpoint();
      await refresh();
    },
    onError: () => notify({ type: 'error', title: 'Not turned on', message: 'Please try again.' }),
  });
  const list = devices.data ?? [];
  return (
    <section className="push-devices" aria-labelledby="push-devices-title">
      <h3 id="push-devices-title">Notifications</h3>
      <p className="push-devices__hint">Devices that get a notification when your order is confirmed and on its way.</p>
      {list.length === 0 ? <p>No device gets notifications yet.</p> : null}
      <ul className="push-devices__list">
        {list.map((device) => (
          <li key={device.id} className="push-devices__item">
            <span>
              {device.deviceLabel}
              {device.endpoint === state.endpoint ? <strong> (this device)</strong> : null}
            </span>
            <button
              type="button"
              className="button button--outline"
              disabled={!online || turnOff.isPending}
              aria-label={`Turn off notifications on ${device.deviceLabel}${device.endpoint === state.endpoint ? ' (this device)' : ''}`}
              onClick={() => turnOff.mutate(device.id)}
            >
              Turn off
            </button>
          </li>
        ))}
      </ul>
      {state.supported && !state.on && state.permission !== 'denied' && state.endpoint !== undefined ? (
        <button type="button" className="button" disabled={!online || turnOn.isPending} onClick={() => turnOn.mutate()}>
          Turn on for this device
        </button>
      ) : null}
    </section>
  );
}
