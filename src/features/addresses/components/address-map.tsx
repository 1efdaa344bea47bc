/**
 * The address panel's map (spec §2, §9): MapLibre through react-map-gl, loaded lazily (this module
 * is only reached through React.lazy, so MapLibre is never in the initial bundle). A draggable
 * marker, a translucent blue circle at the chosen point, zoom buttons clamped to 1..21.
 *
 * CSP: the worker is a same-origin module file (setWorkerUrl with Vite's ?url asset), the style is
 * our own /api/map/style.json unless MAP_STYLE_URL says otherwise, and the CSS is a bundled file.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import './address-map.css';

import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import type { MapLayerMouseEvent, MapRef, MarkerDragEvent } from 'react-map-gl/maplibre';
import { Layer, Map as MapView, Marker, Source } from 'react-map-gl/maplibre';

import { useT } from '../../../lib/i18n';
import type { LatLng } from '../../../shared/domain/zones';
import { clampZoom, MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '../../../shared/schemas/address';

/** The worker's same-origin file: fetched ahead by offline-map.ts so the service worker keeps it. */
export const MAP_WORKER_URL = workerUrl;

/**
 * MapLibre in its own chunk (the one lazy chunk the bundle budget lets past 60 KiB), with its worker
 * pointed at our same-origin module file before any map exists.
 */
const mapLib = import('maplibre-gl').then((maplibre) => {
  maplibre.setWorkerUrl(workerUrl);
  return maplibre;
});

export interface AddressMapProps {
  styleUrl: string;
  /** Where the view is centred; moving it pans the map. */
  center: LatLng;
  /** The marker: the confirmed pin, or the proposed spot to drag. */
  marker: LatLng;
  pinConfirmed: boolean;
  onPick(point: LatLng): void;
}

/** MapLibre 5+ draws with WebGL2; without it the panel keeps the coordinate fields. */
function supportsWebGl2(): boolean {
  try {
    return !!document.createElement('canvas').getContext('webgl2');
  } catch {
    return false;
  }
}

export default function AddressMap({ styleUrl, center, marker, pinConfirmed, onPick }: AddressMapProps) {
  const t = useT();
  const mapRef = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(() => !supportsWebGl2());
  const [zoom, setZoom] = useState(MAP_DEFAULT_ZOOM);

  useEffect(() => {
    mapRef.current?.easeTo({ center: [center.longitude, center.latitude] });
  }, [center.latitude, center.longitude]);

  const zoomBy = (delta: number) => {
    const next = clampZoom(zoom + delta);
    setZoom(next);
    mapRef.current?.zoomTo(next);
  };

  if (failed) {
    return (
      <div className="address-map address-map--failed" role="note">
        {t('addresses.map.unsupported')}
      </div>
    );
  }

  const absoluteStyle = new URL(styleUrl, window.location.origin).toString();
  const point = {
    type: 'Feature' as const,
    properties: {},
    geometry: { type: 'Point' as const, coordinates: [marker.longitude, marker.latitude] },
  };

  return (
    <div className="address-map">
      {ready ? null : (
        <p className="address-map__loading" role="status">
          {t('addresses.map.loading')}
        </p>
      )}
      <MapView
        ref={mapRef}
        mapLib={mapLib}
        mapStyle={absoluteStyle}
        initialViewState={{ longitude: center.longitude, latitude: center.latitude, zoom: MAP_DEFAULT_ZOOM }}
        minZoom={MAP_MIN_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
        cursor="crosshair"
        onLoad={() => setReady(true)}
        onError={() => setFailed(true)}
        onZoomEnd={(event) => setZoom(clampZoom(event.viewState.zoom))}
        onClick={(event: MapLayerMouseEvent) => onPick({ latitude: event.lngLat.lat, longitude: event.lngLat.lng })}
      >
        <Source id="chosen-point" type="geojson" data={point}>
          <Layer
            id="chosen-point-circle"
            type="circle"
            paint={{
              'circle-radius': 36,
              'circle-color': '#1d6fd6',
              'circle-opacity': pinConfirmed ? 0.22 : 0.1,
              'circle-stroke-color': '#1d6fd6',
              'circle-stroke-width': 1,
              'circle-stroke-opacity': 0.5,
            }}
          />
        </Source>
        <Marker
          // Re-created when confirmed: MapLibre markers take their colour only at creation.
          key={pinConfirmed ? 'confirmed' : 'proposed'}
          longitude={marker.longitude}
          latitude={marker.latitude}
          draggable
          color={pinConfirmed ? '#7a2e12' : '#6b5548'}
          onDragEnd={(event: MarkerDragEvent) => onPick({ latitude: event.lngLat.lat, longitude: event.lngLat.lng })}
        />
      </MapView>
      <div className="address-map__zoom">
        <button
          type="button"
          className="icon-button"
          aria-label={t('addresses.map.zoomIn')}
          disabled={zoom >= MAP_MAX_ZOOM}
          onClick={() => zoomBy(1)}
        >
          +
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('addresses.map.zoomOut')}
          disabled={zoom <= MAP_MIN_ZOOM}
          onClick={() => zoomBy(-1)}
        >
          −
        </button>
      </div>
    </div>
  );
}
