/**
 * A read-only map of one point (spec §2 Order details: "delivery info with a map"): MapLibre
 * through react-map-gl with the same setup as the address panel's map (our offline style from
 * GET /api/map/config, the worker a same-origin module file), a fixed marker and zoom buttons
 * clamped to 1..21. Shared so any feature can show a pin without importing another feature.
 *
 * Only ever reached through React.lazy (see lazy-pin-map.tsx): MapLibre stays out of the initial
 * bundle and is not precached (docs/decisions/0028-map-library-not-precached.md); offline without it cached, the caller keeps
 * the coordinates text.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import './pin-map.css';

import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { Map as MapView, Marker } from 'react-map-gl/maplibre';

import { useT } from '../lib/i18n';
import { clampZoom, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '../shared/schemas/address';

/** A closer view than the city-wide default: one drop-off point. */
export const PIN_MAP_ZOOM = 15;

const mapLib = import('maplibre-gl').then((maplibre) => {
  maplibre.setWorkerUrl(workerUrl);
  return maplibre;
});

export interface PinMapProps {
  styleUrl: string;
  latitude: number;
  longitude: number;
  /** Names the map for assistive technology, e.g. 'Drop-off point'. */
  label: string;
}

/** MapLibre 5+ draws with WebGL2; without it the caller's coordinates text is what remains. */
function supportsWebGl2(): boolean {
  try {
    return !!document.createElement('canvas').getContext('webgl2');
  } catch {
    return false;
  }
}

export default function PinMap({ styleUrl, latitude, longitude, label }: PinMapProps) {
  const t = useT();
  const mapRef = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(() => !supportsWebGl2());
  const [zoom, setZoom] = useState(PIN_MAP_ZOOM);

  if (failed) return null;

  const zoomBy = (delta: number) => {
    const next = clampZoom(zoom + delta);
    setZoom(next);
    mapRef.current?.zoomTo(next);
  };

  return (
    <figure className="pin-map" aria-label={label}>
      {ready ? null : (
        <p className="pin-map__loading" role="status">
          {t('common.map.loading')}
        </p>
      )}
      <MapView
        ref={mapRef}
        mapLib={mapLib}
        mapStyle={new URL(styleUrl, window.location.origin).toString()}
        initialViewState={{ longitude, latitude, zoom: PIN_MAP_ZOOM }}
        minZoom={MAP_MIN_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
        onLoad={() => setReady(true)}
        onError={() => setFailed(true)}
        onZoomEnd={(event) => setZoom(clampZoom(event.viewState.zoom))}
      >
        <Marker longitude={longitude} latitude={latitude} draggable={false} color="#7a2e12" />
      </MapView>
      <div className="pin-map__zoom">
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.map.zoomIn')}
          disabled={zoom >= MAP_MAX_ZOOM}
          onClick={() => zoomBy(1)}
        >
          +
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.map.zoomOut')}
          disabled={zoom <= MAP_MIN_ZOOM}
          onClick={() => zoomBy(-1)}
        >
          −
        </button>
      </div>
    </figure>
  );
}
