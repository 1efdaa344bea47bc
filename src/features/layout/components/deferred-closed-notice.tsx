/**
 * The closed-restaurant notice, loaded when the browser is first idle after the first paint: its
 * code (the status query, its schema, the opening-hours reading) stays out of the first screen's
 * bundle and its request out of the first screen's work. It shows nothing until
 * the status answers anyway. Offline the chunk comes from the service worker's precache.
 */
import { lazy, Suspense } from 'react';

import { loadWhenOnline } from '../../../lib/chunk-reload';
import { useIdle } from '../../../lib/idle';

const ClosedNotice = lazy(() => loadWhenOnline(() => import('./closed-notice').then((m) => ({ default: m.ClosedNotice }))));

export function DeferredClosedNotice() {
  const idle = useIdle();
  return idle ? (
    <Suspense fallback={null}>
      <ClosedNotice />
    </Suspense>
  ) : null;
}
