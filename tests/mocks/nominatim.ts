/**
 * A local stand-in for a Nominatim server (v1 API, format=jsonv2): /search, /lookup and /reverse
 * answering the documented shapes from a few real Ploiești places, plus its documented failures:
 * an empty array (nothing found), {"error": "Unable to geocode"} on reverse, HTTP 429 (usage policy
 * rate limit), HTTP 500, a malformed body, and a server that never answers (timeouts).
 * Listens on 127.0.0.1 at a random port; unknown paths answer 404 so unexpected calls fail tests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type NominatimMode = 'ok' | 'empty' | 'rate-limited' | 'server-error' | 'malformed' | 'hang';

export interface NominatimStandIn {
  url: string;
  requests: URL[];
  setMode(mode: NominatimMode): void;
  close(): Promise<void>;
}

const LICENCE = 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright';

interface Fixture {
  place_id: number;
  osm_type: 'node' | 'way' | 'relation';
  osm_id: number;
  lat: string;
  lon: string;
  road: string;
  house_number?: string;
  postcode: string;
  city: string;
}

/** Approximate real positions (stand-in data, not a source of truth). */
export const NOMINATIM_FIXTURES: Fixture[] = [
  {
    place_id: 1001,
    osm_type: 'way',
    osm_id: 24500001,
    lat: '44.9418',
    lon: '26.0336',
    road: 'Strada Gheorghe Doja',
    postcode: '100151',
    city: 'Ploiești',
  },
  {
    place_id: 1002,
    osm_type: 'way',
    osm_id: 24500002,
    lat: '44.9445',
    lon: '26.0165',
    road: 'Bulevardul Republicii',
    postcode: '100002',
    city: 'Ploiești',
  },
  {
    place_id: 1003,
    osm_type: 'node',
    osm_id: 990001,
    lat: '44.9399',
    lon: '26.0270',
    road: 'Strada Toma Caragiu',
    house_number: '10',
    postcode: '100042',
    city: 'Ploiești',
  },
  // Same street name in another city: the adapter must drop it.
  {
    place_id: 2001,
    osm_type: 'way',
    osm_id: 31000001,
    lat: '44.4300',
    lon: '26.1000',
    road: 'Strada Gheorghe Doja',
    postcode: '030167',
    city: 'București',
  },
];

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function toJsonV2(f: Fixture) {
  const lat = Number(f.lat);
  const lon = Number(f.lon);
  const line = f.house_number ? `${f.house_number}, ${f.road}` : f.road;
  return {
    place_id: f.place_id,
    licence: LICENCE,
    osm_type: f.osm_type,
    osm_id: f.osm_id,
    lat: f.lat,
    lon: f.lon,
    category: f.house_number ? 'building' : 'highway',
    type: f.house_number ? 'house' : 'residential',
    place_rank: f.house_number ? 30 : 26,
    importance: 0.1,
    addresstype: f.house_number ? 'building' : 'road',
    name: f.house_number ? '' : f.road,
    display_name: `${line}, ${f.city}, ${f.city === 'Ploiești' ? 'Prahova, ' : ''}${f.postcode}, România`,
    address: {
      ...(f.house_number ? { house_number: f.house_number } : {}),
      road: f.road,
      city: f.city,
      county: f.city === 'Ploiești' ? 'Prahova' : 'București',
      postcode: f.postcode,
      country: 'România',
      country_code: 'ro',
    },
    boundingbox: [String(lat - 0.001), String(lat + 0.001), String(lon - 0.001), String(lon + 0.001)],
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export async function startNominatimStandIn(): Promise<NominatimStandIn> {
  let mode: NominatimMode = 'ok';
  const requests: URL[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    if (mode === 'hang') return; // never answers: the adapter's timeout must fire
    if (mode === 'rate-limited') {
      res.writeHead(429, { 'content-type': 'text/html', 'retry-after': '1' });
      res.end('<html><body>Too Many Requests</body></html>');
      return;
    }
    if (mode === 'server-error') {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html><body>Internal Server Error</body></html>');
      return;
    }
    if (mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"place_id": ');
      return;
    }
    const params = url.searchParams;
    switch (url.pathname) {
      case '/search': {
        if (mode === 'empty') return send(res, 200, []);
        const query = fold(params.get('street') ?? params.get('q') ?? '');
        const words = query.split(/[^a-z0-9]+/).filter((w) => w.length > 1);
        const hits = NOMINATIM_FIXTURES.filter((f) => words.every((w) => fold(`${f.road} ${f.house_number ?? ''}`).includes(w)));
        return send(res, 200, hits.slice(0, Number(params.get('limit') ?? 10)).map(toJsonV2));
      }
      case '/lookup': {
        if (mode === 'empty') return send(res, 200, []);
        const ids = (params.get('osm_ids') ?? '').split(',');
        const hits = NOMINATIM_FIXTURES.filter((f) => ids.includes(`${f.osm_type[0]!.toUpperCase()}${f.osm_id}`));
        return send(res, 200, hits.map(toJsonV2));
      }
      case '/reverse': {
        const lat = Number(params.get('lat'));
        const lon = Number(params.get('lon'));
        if (!Number.isFinite(lat) || !Number.isFinite(lon))
          return send(res, 400, { error: { code: 400, message: 'Parameter lat/lon missing.' } });
        const nearest = NOMINATIM_FIXTURES.map((f) => ({ f, d: Math.hypot(Number(f.lat) - lat, Number(f.lon) - lon) })).sort(
          (a, b) => a.d - b.d,
        )[0];
        // ~500 m: nothing known further away (open fields, or the stand-in's small world).
        if (mode === 'empty' || !nearest || nearest.d > 0.005) return send(res, 200, { error: 'Unable to geocode' });
        return send(res, 200, toJsonV2(nearest.f));
      }
      default:
        return send(res, 404, { error: 'not found' });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
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
