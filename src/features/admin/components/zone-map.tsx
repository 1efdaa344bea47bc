/**
 * A delivery zone on the map (the restaurant-wide base point and each kitchen's pin): the coverage map
 * once the map style is known, a placeholder while it loads, and offline a note that the coordinates can
 * still be typed. The map's code (MapLibre) loads only when this is drawn. And the zone's radius slider.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';

import { useT } from '../../../lib/i18n';
import { mapConfigQueryOptions } from '../../../lib/map-config';
import { RADIUS_MAX_KM, RADIUS_MIN_KM, RADIUS_STEP_KM } from '../../../shared/schemas/locations';

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
  const t = useT();
  const mapConfig = useQuery(mapConfigQueryOptions());
  if (!mapConfig.data) {
    return (
      <p className="admin-map-placeholder" role="status">
        {mapConfig.isError ? t('admin.map.offline') : t('admin.map.loading')}
      </p>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="admin-map-placeholder" role="status">
          {t('admin.map.loading')}
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

/** A zone's radius slider: 1-25 km in 0.5 km steps, the value in its label and read out as km. */
export function RadiusSlider({
  id,
  label,
  radiusKm,
  disabled,
  describedBy,
  onChange,
}: {
  id: string;
  /** What the radius is of, before ": N km". */
  label: string;
  radiusKm: number;
  disabled?: boolean;
  describedBy: string | undefined;
  /** The slider's value as typed (the forms keep text). */
  onChange(value: string): void;
}) {
  const t = useT();
  return (
    <>
      <label htmlFor={id}>{t('admin.map.radius', { label, km: radiusKm })}</label>
      <input
        id={id}
        type="range"
        min={RADIUS_MIN_KM}
        max={RADIUS_MAX_KM}
        step={RADIUS_STEP_KM}
        value={radiusKm}
        disabled={disabled}
        aria-valuetext={t('admin.common.km', { km: radiusKm })}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}
