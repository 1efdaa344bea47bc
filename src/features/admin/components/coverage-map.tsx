/**
 * The Location section's map (spec §2 Admin settings, §9 map constants): MapLibre through
 * react-map-gl, reached only through React.lazy so neither is in the initial bundle. The base
 * point is a draggable marker, a click moves it, the delivery radius is a translucent circle, and
 * the zoom buttons are clamped to 1..21.
 *
 * CSP: the worker is a same-origin module file (setWorkerUrl with Vite's ?url asset); the style is
 * our own /api/map/style.json (GET /api/map/config), the CSS a bundled file.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import './coverage-map.css';

import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MapLayerMouseEvent, MapRef, MarkerDragEvent } from 'react-map-gl/maplibre';
import { Layer, Map as MapView, Marker, Source } from 'react-map-gl/maplibre';

import { useT } from '../../../lib/i18n';
import { clampZoom, MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '../../../shared/schemas/address';
import { circlePolygon } from '../coverage-circle';

maplibregl.setWorkerUrl(workerUrl);

export interface CoverageMapProps {
  styleUrl: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  onPick(point: { latitude: number; longitude: number }): void;
}

function supportsWebGl2(): boolean {
  try {
    return !!document.createElement('canvas').getContext('webgl2');
  } catch {
    return false;
  }
}

export default function CoverageMap({ styleUrl, latitude, longitude, radiusKm, onPick }: CoverageMapProps) {
  const t = useT();
  const mapRef = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(() => !supportsWebGl2());
  const [zoom, setZoom] = useState(MAP_DEFAULT_ZOOM);
  const circle = useMemo(() => circlePolygon({ latitude, longitude }, radiusKm), [latitude, longitude, radiusKm]);

  useEffect(() => {
    mapRef.current?.easeTo({ center: [longitude, latitude] });
  }, [latitude, longitude]);

  const zoomBy = (delta: number) => {
    const next = clampZoom(zoom + delta);
    setZoom(next);
    mapRef.current?.zoomTo(next);
  };

  const zoomButtons = (
    <div className="coverage-map__zoom">
      <button
        type="button"
        className="icon-button"
        aria-label={t('admin.map.zoomIn')}
        disabled={zoom >= MAP_MAX_ZOOM}
        onClick={() => zoomBy(1)}
      >
        +
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('admin.map.zoomOut')}
        disabled={zoom <= MAP_MIN_ZOOM}
        onClick={() => zoomBy(-1)}
      >
        −
      </button>
    </div>
  );

  if (failed) {
    return (
      <div className="coverage-map coverage-map--failed" role="note">
        {t('admin.map.unsupported')}
      </div>
    );
  }

  return (
    <div className="coverage-map">
      {ready ? null : (
        <p className="coverage-map__loading" role="status">
          {t('admin.map.loading')}
        </p>
      )}
      <MapView
        ref={mapRef}
        mapLib={maplibregl}
        mapStyle={new URL(styleUrl, window.location.origin).toString()}
        initialViewState={{ longitude, latitude, zoom: MAP_DEFAULT_ZOOM }}
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
        <Source id="coverage" type="geojson" data={circle}>
          <Layer id="coverage-fill" type="fill" paint={{ 'fill-color': '#1d6fd6', 'fill-opacity': 0.15 }} />
          <Layer id="coverage-line" type="line" paint={{ 'line-color': '#1d6fd6', 'line-width': 2 }} />
        </Source>
        <Marker
          longitude={longitude}
          latitude={latitude}
          draggable
          color="#7a2e12"
          onDragEnd={(event: MarkerDragEvent) => onPick({ latitude: event.lngLat.lat, longitude: event.lngLat.lng })}
        />
      </MapView>
      {zoomButtons}
    </div>
  );
}
