import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  addressValidationResultSchema,
  autocompleteResponseSchema,
  GEO_ERROR_TEXTS,
  reverseResultSchema,
} from '../../src/shared/schemas/address';
import { apiErrorSchema } from '../../src/shared/schemas/common';
import type { GoogleMapsStandIn } from '../../tests/mocks/google-maps';
import { startGoogleMapsStandIn } from '../../tests/mocks/google-maps';
import type { NominatimStandIn } from '../../tests/mocks/nominatim';
import { startNominatimStandIn } from '../../tests/mocks/nominatim';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { GEO_UPSTREAM_TIMEOUT_MS } from '../integrations/geo/port';
import { createGoogleGeo } from '../integrations/geo/google';
import { createNominatimGeo } from '../integrations/geo/nominatim';
import { createGeoFromEnv } from '../integrations/geo/select';
import { GEO_ERROR_MESSAGES, NOT_DELIVERABLE_MESSAGE, notDeliverableText, outOfZoneMessage, pausedKitchenMessage } from './geo';

/** Short timeouts for the "never answers" cases, except the one test that checks the real bound. */
const FAST_TIMEOUT_MS = 300;
const R5_BOUND_MS = 5000;

async function signedIn(env?: Record<string, string>): Promise<{ t: TestApp; user: TestUser }> {
  const t = await createTestApp({ env });
  return { t, user: await createUserWithSession(t) };
}

async function expectError(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  const body = apiErrorSchema.parse(await response.json());
  expect(body.error.message).toBe(message);
  // Every geocoder failure names its spec §8 toast title beside the description.
  const text = Object.values(GEO_ERROR_TEXTS).find((candidate) => candidate.message === message);
  expect(body.error.details).toEqual({ title: text?.title });
  return body;
}

describe('spec §8 Address error texts', () => {
  it('are verbatim, title with description', () => {
    expect(GEO_ERROR_TEXTS.search).toEqual({ title: 'Search Error', message: 'Failed to fetch address suggestions. Please try again.' });
    expect(GEO_ERROR_TEXTS.searchUnexpected.message).toBe('An unexpected error occurred during address search.');
    expect(GEO_ERROR_TEXTS.searchServerUnexpected.message).toBe('Unexpected error during search.');
    expect(GEO_ERROR_TEXTS.validate).toEqual({ title: 'Validation Error', message: 'Failed to validate address. Please try again.' });
    expect(GEO_ERROR_TEXTS.reverse).toEqual({ title: 'Reverse Geocoding Failed', message: 'No address found for this point.' });
    expect(GEO_ERROR_TEXTS.reverseUnexpected).toEqual({ title: 'Reverse Geocoding Error', message: 'Unexpected error' });
    expect(GEO_ERROR_MESSAGES).toEqual({
      search: GEO_ERROR_TEXTS.search.message,
      validate: GEO_ERROR_TEXTS.validate.message,
      reverse: GEO_ERROR_TEXTS.reverse.message,
    });
  });

  it("answers a bug during search with 500 and 'Unexpected error during search.'", async () => {
    const { t, user } = await signedIn();
    try {
      t.deps.geo.autocomplete = () => Promise.reject(new TypeError('boom'));
      const response = await t.request('/api/geo/autocomplete?query=doja', { headers: { cookie: user.cookie } });
      await expectError(response, 500, 'Unexpected error during search.');
    } finally {
      await t.close();
    }
  });
});

describe('geo routes with the embedded gazetteer', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    ({ t, user } = await signedIn());
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (path: string) => t.request(path, { headers: { cookie: user.cookie } });

  it('needs a signed-in customer', async () => {
    expect((await t.request('/api/geo/autocomplete?query=doja')).status).toBe(401);
  });

  it('suggests Ploiești streets in the spec shape', async () => {
    const response = await get(`/api/geo/autocomplete?query=${encodeURIComponent('Gheorghe Doja')}`);
    expect(response.status).toBe(200);
    const { predictions } = autocompleteResponseSchema.parse(await response.json());
    expect(predictions[0]).toMatchObject({
      place_id: 'gazetteer:strada-doja-gheorghe',
      description: 'Strada Doja Gheorghe, Ploiești, Romania',
      structured_formatting: { main_text: 'Strada Doja Gheorghe', secondary_text: 'Ploiești, Romania' },
      latitude: null,
    });
  });

  it("gives the routed kitchen's band fee in bani and, as the spec's deliveryFee, in lei", async () => {
    // ~2.8 km from Centru, ~4.8 km from Nord: Centru delivers it (issue 22: each kitchen's own bands).
    const before = await t.deps.store.db.selectFrom('locations').select(['id', 'delivery_fees']).execute();
    await t.deps.store.db
      .updateTable('locations')
      .set({
        delivery_fees: JSON.stringify({
          bands: [
            { upToKm: 2, feeBani: 0 },
            { upToKm: 10, feeBani: 750 },
          ],
          freeAboveBani: null,
        }),
      })
      .execute();
    try {
      const response = await t.request('/api/geo/validate-address', {
        method: 'POST',
        headers: { cookie: user.cookie },
        json: { place_id: 'gazetteer:strada-doja-gheorghe:12', formatted_address: 'x', latitude: 44.92, longitude: 26.06 },
      });
      expect(addressValidationResultSchema.parse(await response.json())).toMatchObject({
        deliveryFeeBani: 750,
        deliveryFee: '7.50',
        distance: 2.8,
        deliveryLocationName: 'Casa Grătarului Centru',
        notDeliverableMessage: null,
      });
    } finally {
      for (const row of before) {
        await t.deps.store.db.updateTable('locations').set({ delivery_fees: row.delivery_fees }).where('id', '=', row.id).execute();
      }
    }
  });

  it('needs 3 trimmed characters', async () => {
    for (const query of ['', 'do', '  do  ']) {
      const response = await get(`/api/geo/autocomplete?query=${encodeURIComponent(query)}`);
      expect(response.status).toBe(400);
    }
    expect((await get('/api/geo/autocomplete')).status).toBe(400);
  });

  it('validates a street: valid without a pin, deliverable once the pin is set', async () => {
    const post = (json: unknown) => t.request('/api/geo/validate-address', { method: 'POST', headers: { cookie: user.cookie }, json });
    const withoutPin = addressValidationResultSchema.parse(
      await (await post({ place_id: 'gazetteer:strada-doja-gheorghe:12', formatted_address: 'Strada Doja Gheorghe 12' })).json(),
    );
    expect(withoutPin).toMatchObject({
      isValid: true,
      isDeliverable: false,
      latitude: null,
      deliveryZone: null,
      method: 'Street gazetteer',
    });
    expect(withoutPin.place).toMatchObject({ streetAddress: 'Strada Doja Gheorghe 12', postalCode: '100151' });

    const pinned = addressValidationResultSchema.parse(
      await (
        await post({ place_id: 'gazetteer:strada-doja-gheorghe:12', formatted_address: 'x', latitude: 44.9418, longitude: 26.0336 })
      ).json(),
    );
    expect(pinned).toMatchObject({
      isValid: true,
      isDeliverable: true,
      // From the kitchen that would deliver it (issue 22): Centru, 0.75 km away, in its free first band.
      deliveryZone: '0.7 km Center',
      distance: 0.7,
      estimatedTime: '30-45 minutes',
      latitude: 44.9418,
      longitude: 26.0336,
      deliveryFeeBani: 0,
      deliveryFee: '0.00',
      deliveryLocationName: 'Casa Grătarului Centru',
      notDeliverableMessage: null,
    });

    const far = addressValidationResultSchema.parse(
      await (
        await post({ place_id: 'gazetteer:strada-doja-gheorghe:12', formatted_address: 'x', latitude: 44.6, longitude: 26.05 })
      ).json(),
    );
    // Outside every kitchen's zone: the spec's text naming the nearest kitchen and how far it is.
    expect(far).toMatchObject({
      isValid: true,
      isDeliverable: false,
      deliveryZone: null,
      distance: 37.3,
      notDeliverableMessage:
        'This address is outside our delivery zone. Please choose a different location. The nearest kitchen, Casa Grătarului Centru, is 37.3 km away.',
    });

    // A Romanian device (the `lang` cookie of the language switch) reads it in Romanian, the distance written the Romanian way.
    const farInRomanian = addressValidationResultSchema.parse(
      await (
        await t.request('/api/geo/validate-address', {
          method: 'POST',
          headers: { cookie: `${user.cookie}; lang=ro` },
          json: { place_id: 'gazetteer:strada-doja-gheorghe:12', formatted_address: 'x', latitude: 44.6, longitude: 26.05 },
        })
      ).json(),
    );
    expect(farInRomanian.notDeliverableMessage).toBe(
      'Adresa e în afara zonei noastre de livrare. Alege altă locație. Cea mai apropiată bucătărie, Casa Grătarului Centru, e la 37,3 km.',
    );

    const unknown = addressValidationResultSchema.parse(
      await (await post({ place_id: 'gazetteer:strada-nu-exista', formatted_address: 'x' })).json(),
    );
    expect(unknown).toMatchObject({ isValid: false, isDeliverable: false, place: null });
  });

  it('refuses invalid validation bodies with 400', async () => {
    for (const json of [
      {},
      { place_id: '', formatted_address: 'x' },
      { place_id: 'a', formatted_address: 'b', latitude: 'NaN' },
      { place_id: 'a', formatted_address: 'b', latitude: 91 },
    ]) {
      const response = await t.request('/api/geo/validate-address', { method: 'POST', headers: { cookie: user.cookie }, json });
      expect(response.status).toBe(400);
    }
  });

  it('reverse: Ploiești inside the city, nothing outside, 400 for missing or NaN coordinates', async () => {
    const inside = reverseResultSchema.parse(await (await get('/api/geo/reverse?lat=44.9367&lng=26.0129')).json());
    expect(inside).toMatchObject({ found: true, locality: 'Ploiești', route: null, insideCity: true });
    const outside = reverseResultSchema.parse(await (await get('/api/geo/reverse?lat=44.6&lng=26.05')).json());
    expect(outside).toMatchObject({ found: false, insideCity: false });
    for (const query of ['lat=NaN&lng=26', 'lat=44.9', 'lng=26', 'lat=abc&lng=26', 'lat=95&lng=26', 'lat=&lng=', 'lat=Infinity&lng=1']) {
      expect((await get(`/api/geo/reverse?${query}`)).status).toBe(400);
    }
  });
});

describe('Nominatim adapter against its stand-in', () => {
  let standIn: NominatimStandIn;
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    standIn = await startNominatimStandIn();
    ({ t, user } = await signedIn({ GEOCODER: 'nominatim', NOMINATIM_URL: standIn.url }));
  });
  afterEach(() => standIn.setMode('ok'));
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  const get = (path: string) => t.request(path, { headers: { cookie: user.cookie } });

  it('suggests only Ploiești places, with their coordinates, asking in Romanian for Romania', async () => {
    const { predictions } = autocompleteResponseSchema.parse(await (await get('/api/geo/autocomplete?query=gheorghe%20doja')).json());
    expect(predictions).toEqual([
      {
        place_id: 'nominatim:W24500001',
        description: 'Strada Gheorghe Doja, Ploiești, Prahova, 100151, România',
        structured_formatting: { main_text: 'Strada Gheorghe Doja', secondary_text: 'Ploiești, Prahova, 100151, România' },
        latitude: 44.9418,
        longitude: 26.0336,
      },
    ]);
    const sent = standIn.requests.at(-1)!;
    expect(sent.pathname).toBe('/search');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      city: 'Ploiești',
      countrycodes: 'ro',
      'accept-language': 'ro',
      format: 'jsonv2',
    });
  });

  it("validates a place id through /lookup and uses the geocoder's point when there is no pin", async () => {
    const response = await t.request('/api/geo/validate-address', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: { place_id: 'nominatim:W24500001', formatted_address: 'Strada Gheorghe Doja' },
    });
    const result = addressValidationResultSchema.parse(await response.json());
    expect(result).toMatchObject({
      isValid: true,
      isDeliverable: true,
      deliveryZone: '0.7 km Center',
      deliveryLocationName: 'Casa Grătarului Centru',
      latitude: 44.9418,
      method: 'Nominatim',
    });
    expect(result.place).toMatchObject({ postalCode: '100151', city: 'Ploiești' });
  });

  it('validates a gazetteer place id (found on a device while offline) through the embedded gazetteer, asking Nominatim nothing', async () => {
    const before = standIn.requests.length;
    const response = await t.request('/api/geo/validate-address', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: {
        place_id: 'gazetteer:strada-doja-gheorghe:12',
        formatted_address: 'Strada Doja Gheorghe 12',
        latitude: 44.9418,
        longitude: 26.0336,
      },
    });
    const result = addressValidationResultSchema.parse(await response.json());
    expect(result).toMatchObject({ isValid: true, isDeliverable: true, method: 'Street gazetteer' });
    expect(result.place).toMatchObject({ streetAddress: 'Strada Doja Gheorghe 12', postalCode: '100151' });
    expect(standIn.requests.length).toBe(before);
  });

  it('reverse: a street near a known place, "Unable to geocode" as found=false', async () => {
    const near = reverseResultSchema.parse(await (await get('/api/geo/reverse?lat=44.93995&lng=26.02705')).json());
    expect(near).toMatchObject({ found: true, route: 'Strada Toma Caragiu', streetNumber: '10', postalCode: '100042', insideCity: true });
    const none = reverseResultSchema.parse(await (await get('/api/geo/reverse?lat=44.6&lng=26.05')).json());
    expect(none.found).toBe(false);
  });

  it('empty answers are empty lists, not errors', async () => {
    standIn.setMode('empty');
    expect(autocompleteResponseSchema.parse(await (await get('/api/geo/autocomplete?query=doja')).json()).predictions).toEqual([]);
  });

  it("maps HTTP 429 to 503 with the spec's 'Search Error' text", async () => {
    standIn.setMode('rate-limited');
    const body = await expectError(await get('/api/geo/autocomplete?query=doja'), 503, GEO_ERROR_MESSAGES.search);
    expect(body.error.code).toBe('geocoder_rate_limited');
  });

  it("maps HTTP 500 to 503 with the spec's 'Validation Error' text", async () => {
    standIn.setMode('server-error');
    const response = await t.request('/api/geo/validate-address', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: { place_id: 'nominatim:W24500001', formatted_address: 'x' },
    });
    await expectError(response, 503, GEO_ERROR_MESSAGES.validate);
  });

  it('maps a malformed body to 502 on reverse', async () => {
    standIn.setMode('malformed');
    await expectError(await get('/api/geo/reverse?lat=44.94&lng=26.03'), 502, GEO_ERROR_MESSAGES.reverse);
  });

  it('gives up on a server that never answers, within the 5 s bound', async () => {
    standIn.setMode('hang');
    const started = performance.now();
    await expectError(await get('/api/geo/autocomplete?query=doja'), 503, GEO_ERROR_MESSAGES.search);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(GEO_UPSTREAM_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(R5_BOUND_MS);
  });
});

describe('Google adapter against its stand-in', () => {
  let standIn: GoogleMapsStandIn;
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    standIn = await startGoogleMapsStandIn();
    ({ t, user } = await signedIn({ GEOCODER: 'google', GOOGLE_MAPS_API_KEY: standIn.apiKey, GOOGLE_MAPS_API_URL: standIn.url }));
  });
  afterEach(() => standIn.setMode('ok'));
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  const get = (path: string) => t.request(path, { headers: { cookie: user.cookie } });

  it('suggests Ploiești places only, in Romanian, restricted to Romania, key on the server', async () => {
    const response = await get('/api/geo/autocomplete?query=gheorghe%20doja');
    const { predictions } = autocompleteResponseSchema.parse(await response.json());
    expect(predictions.map((p) => p.place_id)).toEqual(['ChIJdoja0000000000000001']);
    expect(predictions[0]?.structured_formatting).toEqual({ main_text: 'Strada Gheorghe Doja', secondary_text: 'Ploiești, România' });
    const sent = standIn.requests.at(-1)!;
    expect(sent.pathname).toBe('/maps/api/place/autocomplete/json');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ language: 'ro', components: 'country:ro', key: standIn.apiKey });
  });

  it('validates through the Geocoding API by place_id; the customer pin wins over the geocoder point', async () => {
    const response = await t.request('/api/geo/validate-address', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: { place_id: 'ChIJcaragiu000000000010', formatted_address: 'Strada Toma Caragiu 10', latitude: 44.95, longitude: 26.02 },
    });
    const result = addressValidationResultSchema.parse(await response.json());
    expect(result).toMatchObject({ isValid: true, isDeliverable: true, latitude: 44.95, longitude: 26.02, method: 'Google Maps' });
    expect(result.place).toMatchObject({ streetAddress: 'Strada Toma Caragiu 10', postalCode: '100042' });
    const sent = standIn.requests.at(-1)!;
    expect(sent.pathname).toBe('/maps/api/geocode/json');
    expect(sent.searchParams.get('place_id')).toBe('ChIJcaragiu000000000010');
  });

  it('reverse geocodes with country:RO; ZERO_RESULTS is found=false', async () => {
    const near = reverseResultSchema.parse(await (await get('/api/geo/reverse?lat=44.94&lng=26.0271')).json());
    expect(near).toMatchObject({ found: true, route: 'Strada Toma Caragiu', streetNumber: '10', locality: 'Ploiești', insideCity: true });
    expect(standIn.requests.at(-1)?.searchParams.get('components')).toBe('country:RO');
    const none = reverseResultSchema.parse(await (await get('/api/geo/reverse?lat=44.6&lng=26.05')).json());
    expect(none.found).toBe(false);
    standIn.setMode('zero-results');
    expect(autocompleteResponseSchema.parse(await (await get('/api/geo/autocomplete?query=doja')).json()).predictions).toEqual([]);
  });

  it("OVER_QUERY_LIMIT -> 503 'Search Error'; REQUEST_DENIED -> 502 'Validation Error'; HTTP 500 -> 503 on reverse", async () => {
    standIn.setMode('over-query-limit');
    await expectError(await get('/api/geo/autocomplete?query=doja'), 503, GEO_ERROR_MESSAGES.search);
    standIn.setMode('request-denied');
    const denied = await t.request('/api/geo/validate-address', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: { place_id: 'ChIJdoja0000000000000001', formatted_address: 'x' },
    });
    const body = await expectError(denied, 502, GEO_ERROR_MESSAGES.validate);
    // The answer names the failure, never the key.
    expect(JSON.stringify(body)).not.toContain(standIn.apiKey);
    standIn.setMode('http-500');
    await expectError(await get('/api/geo/reverse?lat=44.94&lng=26.03'), 503, GEO_ERROR_MESSAGES.reverse);
  });

  it('a wrong key is REQUEST_DENIED by the service and a 502 here', async () => {
    const geo = createGoogleGeo({ apiKey: 'wrong', baseUrl: standIn.url });
    await expect(geo.autocomplete('doja')).rejects.toMatchObject({ kind: 'denied' });
  });

  it('times out a hanging service', async () => {
    standIn.setMode('hang');
    const geo = createGoogleGeo({ apiKey: standIn.apiKey, baseUrl: standIn.url, timeoutMs: FAST_TIMEOUT_MS });
    await expect(geo.reverse(44.94, 26.03)).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('adapter selection', () => {
  it('needs NOMINATIM_URL or GOOGLE_MAPS_API_KEY with their GEOCODER', () => {
    expect(() => createGeoFromEnv({ GEOCODER: 'nominatim', GOOGLE_MAPS_API_URL: 'https://maps.googleapis.com' })).toThrow(/NOMINATIM_URL/);
    expect(() => createGeoFromEnv({ GEOCODER: 'google', GOOGLE_MAPS_API_URL: 'https://maps.googleapis.com' })).toThrow(
      /GOOGLE_MAPS_API_KEY/,
    );
    expect(createGeoFromEnv({ GEOCODER: 'gazetteer', GOOGLE_MAPS_API_URL: 'https://maps.googleapis.com' }).name).toBe('gazetteer');
  });

  it('an unreachable Nominatim is "unavailable"', async () => {
    const geo = createNominatimGeo({ baseUrl: 'http://127.0.0.1:9/', timeoutMs: FAST_TIMEOUT_MS });
    await expect(geo.autocomplete('doja')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('the "not deliverable" sentence of the address check', () => {
  const decision = (refusal: 'out_of_zone' | 'paused' | 'no_kitchens', distanceKm: number) => ({
    isDeliverable: false,
    distanceKm,
    zoneName: null,
    band: null,
    estimatedTime: null,
    deliveryFeeBani: 0,
    kitchen: refusal === 'no_kitchens' ? null : { id: 1, name: 'Casa Grătarului Centru' },
    message: null,
    refusal,
  });

  it("is in English exactly the spec's text the API said before, at any distance", () => {
    for (const km of [0.4, 12, 37.3, 105.6]) {
      expect(notDeliverableText(decision('out_of_zone', km), 'en')).toBe(outOfZoneMessage('Casa Grătarului Centru', km));
      expect(notDeliverableText(decision('paused', km), 'en')).toBe(pausedKitchenMessage('Casa Grătarului Centru', km));
    }
    expect(notDeliverableText(decision('no_kitchens', 0), 'en')).toBe(NOT_DELIVERABLE_MESSAGE);
  });

  it('is in Romanian with the distance written the Romanian way, and absent for a deliverable address', () => {
    expect(notDeliverableText(decision('paused', 12), 'ro')).toBe(
      'Adresa e în afara zonei noastre de livrare. Alege altă locație. Casa Grătarului Centru (la 12,0 km) livrează aici, dar acum nu primește comenzi.',
    );
    expect(notDeliverableText({ ...decision('out_of_zone', 1), isDeliverable: true, refusal: null }, 'ro')).toBeNull();
  });
});
