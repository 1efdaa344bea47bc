/**
 * Map styles for the PWA's MapLibre maps.
 *
 *   GET /api/map/config      which style to load: MAP_STYLE_URL when set, else our offline style
 *   GET /api/map/style.json  the embedded offline style: no tiles and no glyphs (so no network at
 *                            all), a background, the Ploiești city limit (ANCPI via geo-spatial.org,
 *                            credited in the source's attribution), the restaurant's locations as
 *                            points and each kitchen's delivery circle from its own zone.
 */
import { Hono } from 'hono';

import { circleRing } from '../../src/shared/domain/zones';
import type { MapConfig } from '../../src/shared/schemas/address';
import type { Location, RestaurantSettings } from '../../src/shared/schemas/restaurant';
import type { AppDeps, AppEnv } from '../deps';
import type { Basemap } from '../integrations/geo/gazetteer';
import { loadBasemap } from '../integrations/geo/gazetteer';

export const EMBEDDED_STYLE_PATH = '/api/map/style.json';
export const CITY_ATTRIBUTION = 'City limit: ANCPI UAT limits via geo-spatial.org';

export function buildOfflineStyle(basemap: Basemap, settings: RestaurantSettings, locations: Location[]) {
  const boundary = basemap.features.filter((f) => f.properties.kind === 'city_boundary');
  const base = { latitude: settings.deliveryBaseLat, longitude: settings.deliveryBaseLng };
  return {
    version: 8,
    name: 'Casa Grătarului offline',
    center: [base.longitude, base.latitude],
    zoom: 12,
    sources: {
      city: {
        type: 'geojson',
        attribution: CITY_ATTRIBUTION,
        data: { type: 'FeatureCollection', features: boundary },
      },
      // Issue 22: each kitchen's own delivery zone around its pin, not one restaurant-wide circle
      // (docs/decisions/0148-address-zones-are-the-kitchens-zones.md).
      delivery: {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: locations.map((location) => ({
            type: 'Feature',
            properties: { name: location.name, radiusKm: location.zone.radiusKm },
            geometry: { type: 'Polygon', coordinates: [circleRing(location, location.zone.radiusKm)] },
          })),
        },
      },
      restaurants: {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: locations.map((location) => ({
            type: 'Feature',
            properties: { name: location.name, address: location.address },
            geometry: { type: 'Point', coordinates: [location.longitude, location.latitude] },
          })),
        },
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f4efe6' } },
      { id: 'delivery-fill', type: 'fill', source: 'delivery', paint: { 'fill-color': '#e0701b', 'fill-opacity': 0.08 } },
      {
        id: 'delivery-line',
        type: 'line',
        source: 'delivery',
        paint: { 'line-color': '#e0701b', 'line-width': 2, 'line-dasharray': [2, 2] },
      },
      { id: 'city-fill', type: 'fill', source: 'city', paint: { 'fill-color': '#d9cbb5', 'fill-opacity': 0.45 } },
      { id: 'city-line', type: 'line', source: 'city', paint: { 'line-color': '#7a2e12', 'line-width': 1.5 } },
      {
        id: 'restaurants',
        type: 'circle',
        source: 'restaurants',
        paint: { 'circle-radius': 7, 'circle-color': '#7a2e12', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
      },
    ],
  };
}

export function mapRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/config', (c) => {
      const body: MapConfig = deps.env.MAP_STYLE_URL
        ? { styleUrl: deps.env.MAP_STYLE_URL, embeddedStyle: false }
        : { styleUrl: EMBEDDED_STYLE_PATH, embeddedStyle: true };
      c.header('Cache-Control', 'no-cache');
      return c.json(body);
    })
    .get('/style.json', async (c) => {
      const [settings, locations] = await Promise.all([deps.cms.loadSettings(), deps.cms.loadLocations()]);
      // Revalidate every time: the delivery circles follow each kitchen's radius.
      c.header('Cache-Control', 'no-cache');
      return c.json(buildOfflineStyle(loadBasemap(), settings, locations));
    });
}
