/** Picks the Geo adapter from configuration (GEOCODER); a missing URL or key stops the start with its name. */
import type { Env } from '../../env';
import type { Geo } from './port';
import { createGazetteerGeo } from './gazetteer';
import { createGoogleGeo } from './google';
import { createNominatimGeo } from './nominatim';

export function createGeoFromEnv(env: Pick<Env, 'GEOCODER' | 'NOMINATIM_URL' | 'GOOGLE_MAPS_API_KEY' | 'GOOGLE_MAPS_API_URL'>): Geo {
  switch (env.GEOCODER) {
    case 'nominatim':
      if (!env.NOMINATIM_URL) throw new Error('Invalid configuration:\n  NOMINATIM_URL: required with GEOCODER=nominatim');
      return createNominatimGeo({ baseUrl: env.NOMINATIM_URL });
    case 'google':
      if (!env.GOOGLE_MAPS_API_KEY) throw new Error('Invalid configuration:\n  GOOGLE_MAPS_API_KEY: required with GEOCODER=google');
      return createGoogleGeo({ apiKey: env.GOOGLE_MAPS_API_KEY, baseUrl: env.GOOGLE_MAPS_API_URL });
    case 'gazetteer':
      return createGazetteerGeo();
  }
}
