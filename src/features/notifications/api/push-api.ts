/** The customer's devices with notifications (GET /api/push/subscriptions): one query definition, its keys. */
import { queryOptions } from '@tanstack/react-query';

import { listPushSubscriptions } from '../../../entities/push-subscription/web-push';

export const pushKeys = {
  all: ['push-subscriptions'] as const,
  devices: () => [...pushKeys.all, 'customer'] as const,
};

export function pushDevicesQueryOptions() {
  return queryOptions({ queryKey: pushKeys.devices(), queryFn: () => listPushSubscriptions('customer'), staleTime: 30_000 });
}
