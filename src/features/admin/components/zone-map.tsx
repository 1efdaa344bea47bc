/**
 * A delivery zone on the map (the restaurant-wide base point and each kitchen's pin): the coverage map
 * once the map style is known, a placeholder while it loads, and offline a note that the coordinates can
 * still be typed. The map's code (MapLibre) loads only when this is drawn.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';

import { mapConfigQueryOptions } from '../../../lib/map-config';

const CoverageMap = lazy(() => import('./coverage-map'));

/** Six decimals (about 10 cm): what the forms store of a picked point. */
const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

export function ZoneMap({
  latitude,
  longitude,
  radiusKm,
  onPick,
}: {
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** The picked point, rounded as the forms store it. */
  onPick(point: { latitude: number; longitude: number }): void;
}) {
  const mapConfig = useQuery(mapConfigQueryOptions());
  if (!mapConfig.data) {
    return (
      <p className="admin-map-placeholder" role="status">
        {mapConfig.isError ? 'The map is not available offline. Type the coordinates below.' : 'Loading Map...'}
      </p>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="admin-map-placeholder" role="status">
          Loading Map...
        </p>
      }
    >
      <CoverageMap
        styleUrl={mapConfig.data.styleUrl}
        latitude={latitude}
        longitude={longitude}
        radiusKm={radiusKm}
        onPick={(point) => onPick({ latitude: roundCoordinate(point.latitude), longitude: roundCoordinate(point.longitude) })}
      />
    </Suspense>
  );
}
