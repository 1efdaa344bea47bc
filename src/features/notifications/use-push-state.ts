/**
 * This device's notification state for the customer: can it, has the person said no (to us or to
 * the browser), and is it on (the browser's subscription is one of the account's devices).
 */
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { usePushEndpoint } from '../../entities/push-subscription/use-push-endpoint';
import { notificationPermission, pushSupported } from '../../entities/push-subscription/web-push';
import { pushDevicesQueryOptions } from './api/push-api';
import { pushOfferDismissed } from './push-offer-repo';

export interface PushState {
  supported: boolean;
  permission: NotificationPermission;
  /** The endpoint of this browser's subscription, once known (null: none). */
  endpoint: string | null | undefined;
  /** This device is one of the account's subscribed devices. */
  on: boolean;
  dismissed: boolean | undefined;
  refreshEndpoint(): void;
}

export function usePushState(): PushState {
  const supported = pushSupported();
  const { endpoint, refresh } = usePushEndpoint(supported);
  const devices = useQuery({ ...pushDevicesQueryOptions(), enabled: supported });
  const dismissed = useLiveQuery(pushOfferDismissed, []);
  const on = Boolean(endpoint && devices.data?.some((device) => device.endpoint === endpoint));
  return { supported, permission: notificationPermission(), endpoint, on, dismissed, refreshEndpoint: refresh };
}
