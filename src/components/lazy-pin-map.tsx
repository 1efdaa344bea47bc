/**
 * The pin map behind React.lazy and Suspense, so importing this file costs a few bytes and MapLibre
 * is fetched only when a map is actually shown.
 */
import { lazy, Suspense } from 'react';

import { useT } from '../lib/i18n';
import type { PinMapProps } from './pin-map';

const PinMap = lazy(() => import('./pin-map'));

export function LazyPinMap(props: PinMapProps) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p className="pin-map-placeholder" role="status">
          {t('common.map.loading')}
        </p>
      }
    >
      <PinMap {...props} />
    </Suspense>
  );
}
