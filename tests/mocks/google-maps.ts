/**
 * A local stand-in for the Google Maps Platform web services the Google adapter uses: Place
 * Autocomplete (/maps/api/place/autocomplete/json) and Geocoding (/maps/api/geocode/json), with
 * their documented answers: HTTP 200 with `status` OK, ZERO_RESULTS, OVER_QUERY_LIMIT,
 * REQUEST_DENIED (wrong or missing key, with error_message), INVALID_REQUEST; plus an HTTP 500 and
 * a server that never answers. Listens on 127.0.0.1 at a random port.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GoogleMapsMode = 'ok' | 'zero-results' | 'over-query-limit' | 'request-denied' | 'http-500' | 'hang';

export interface GoogleMapsStandIn {
  url: string;
  apiKey: string;
  requests: URL[];
  setMode(mode: GoogleMapsMode): void;
  close(): Promise<void>;
}

export const GOOGLE_STAND_IN_KEY = 'AIza-stand-in-key-0000000000000000000';

interface Fixture {
  place_id: string;
  route: string;
  street_number?: string;
  postal_code: string;
  locality: string;
  lat: number;
  lng: number;
}

export const GOOGLE_FIXTURES: Fixture[] = [
  {
    place_id: 'ChIJdoja0000000000000001',
    route: 'Strada Gheorghe Doja',
    postal_code: '100151',
    locality: 'Ploiești',
    lat: 44.9418,
    lng: 26.0336,
  },
  {
    place_id: 'ChIJcaragiu000000000010',
    route: 'Strada Toma Caragiu',
    street_number: '10',
    postal_code: '100042',
    locality: 'Ploiești',
    lat: 44.9399,
    lng: 26.027,
  },
  {
    place_id: 'ChIJbucuresti0000000001',
    route: 'Strada Gheorghe Doja',
    postal_code: '030167',
    locality: 'București',
    lat: 44.43,
    lng: 26.1,
  },
];

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function formatted(f: Fixture): string {
  return `${f.route}${f.street_number ? ` ${f.street_number}` : ''}, ${f.locality} ${f.postal_code}, România`;
}

function geocodeResult(f: Fixture) {
  return {
    address_components: [
      ...(f.street_number ? [{ long_name: f.street_number, short_name: f.street_number, types: ['street_number'] }] : []),
      { long_name: f.route, short_name: f.route.replace('Strada', 'Str.'), types: ['route'] },
      { long_name: f.locality, short_name: f.locality, types: ['locality', 'political'] },
      {
        long_name: f.locality === 'Ploiești' ? 'Prahova' : 'București',
        short_name: 'PH',
        types: ['administrative_area_level_1', 'political'],
      },
      { long_name: 'România', short_name: 'RO', types: ['country', 'political'] },
      { long_name: f.postal_code, short_name: f.postal_code, types: ['postal_code'] },
    ],
    formatted_address: formatted(f),
    geometry: { location: { lat: f.lat, lng: f.lng }, location_type: f.street_number ? 'ROOFTOP' : 'GEOMETRIC_CENTER' },
    place_id: f.place_id,
    types: f.street_number ? ['street_address'] : ['route'],
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

export async function startGoogleMapsStandIn(): Promise<GoogleMapsStandIn> {
  let mode: GoogleMapsMode = 'ok';
  const requests: URL[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    if (mode === 'hang') return;
    if (mode === 'http-500') {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html><body>Server Error</body></html>');
      return;
    }
    const params = url.searchParams;
    const listKey = url.pathname.includes('autocomplete') ? 'predictions' : 'results';
    if (mode === 'request-denied' || params.get('key') !== GOOGLE_STAND_IN_KEY) {
      return send(res, 200, { [listKey]: [], status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid. ' });
    }
    if (mode === 'over-query-limit') {
      return send(res, 200, {
        [listKey]: [],
        status: 'OVER_QUERY_LIMIT',
        error_message: 'You have exceeded your rate-limit for this API.',
      });
    }
    if (mode === 'zero-results') return send(res, 200, { [listKey]: [], status: 'ZERO_RESULTS' });

    switch (url.pathname) {
      case '/maps/api/place/autocomplete/json': {
        const input = params.get('input');
        if (!input) return send(res, 200, { predictions: [], status: 'INVALID_REQUEST' });
        const words = fold(input)
          .split(/[^a-z0-9]+/)
          .filter((w) => w.length > 1);
        const hits = GOOGLE_FIXTURES.filter((f) => words.every((w) => fold(formatted(f)).includes(w)));
        if (hits.length === 0) return send(res, 200, { predictions: [], status: 'ZERO_RESULTS' });
        return send(res, 200, {
          predictions: hits.map((f) => ({
            description: formatted(f),
            matched_substrings: [{ length: input.length, offset: 0 }],
            place_id: f.place_id,
            reference: f.place_id,
            structured_formatting: {
              main_text: `${f.route}${f.street_number ? ` ${f.street_number}` : ''}`,
              main_text_matched_substrings: [{ length: input.length, offset: 0 }],
              secondary_text: `${f.locality}, România`,
            },
            terms: [{ offset: 0, value: f.route }],
            types: ['route', 'geocode'],
          })),
          status: 'OK',
        });
      }
      case '/maps/api/geocode/json': {
        const placeId = params.get('place_id');
        const latlng = params.get('latlng');
        if (placeId) {
          const hit = GOOGLE_FIXTURES.find((f) => f.place_id === placeId);
          if (!hit) return send(res, 200, { results: [], status: 'NOT_FOUND' });
          return send(res, 200, { results: [geocodeResult(hit)], status: 'OK' });
        }
        if (latlng) {
          const [lat, lng] = latlng.split(',').map(Number);
          if (!Number.isFinite(lat) || !Number.isFinite(lng)) return send(res, 200, { results: [], status: 'INVALID_REQUEST' });
          const near = GOOGLE_FIXTURES.filter((f) => Math.hypot(f.lat - lat!, f.lng - lng!) < 0.005);
          if (near.length === 0) return send(res, 200, { results: [], status: 'ZERO_RESULTS' });
          return send(res, 200, { results: near.map(geocodeResult), status: 'OK' });
        }
        return send(res, 200, {
          results: [],
          status: 'INVALID_REQUEST',
          error_message: 'Invalid request. Missing the address, components, latlng or place_id parameter.',
        });
      }
      default:
        return send(res, 404, { error: 'not found' });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: GOOGLE_STAND_IN_KEY,
    requests,
    setMode(next) {
      mode = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
