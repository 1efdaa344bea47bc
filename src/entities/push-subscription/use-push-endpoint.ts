/**
 * The endpoint of this browser's push subscription (undefined while it is being read, null when
 * there is none), read again on `refresh()` after subscribing or unsubscribing. Shared by the
 * customer's notification offer and the board's "Notify this tablet".
 */
import { useEffect, useState } from 'react';

import { currentPushSubscription } from './web-push';

export function usePushEndpoint(supported: boolean): { endpoint: string | null | undefined; refresh(): void } {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [reads, setReads] = useState(0);
  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentPushSubscription().then(
      (subscription) => live && setEndpoint(subscription?.endpoint ?? null),
      () => live && setEndpoint(null),
    );
    return () => {
      live = false;
    };
  }, [supported, reads]);
  return { endpoint, refresh: () => setReads((n) => n + 1) };
}
