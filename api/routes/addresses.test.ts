import { randomUUID } from 'node:crypto';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Address } from '../../src/shared/schemas/address';
import { addressListResponseSchema, addressResponseSchema } from '../../src/shared/schemas/address';
import { apiErrorSchema } from '../../src/shared/schemas/common';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp, OPEN_HOURS_INSTANT } from '../../tests/setup/test-app';
import { firstLocationId, insertAddress, loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';
import { HOUSE_NUMBER_TEXTS, placeWithHouseNumber } from '../../src/shared/domain/house-number';
import type { Geo } from '../integrations/geo/port';
import { GeoUpstreamError } from '../integrations/geo/port';
import { NOT_DELIVERABLE_MESSAGE } from './addresses';
import { outOfZoneMessage, pausedKitchenMessage } from './geo';

/** ~0.75 km from the seeded Centru kitchen (44.9352, 26.0318), ~1.6 km from Nord (44.9537, 26.0224). */
const CENTRAL_PIN = { latitude: 44.9418, longitude: 26.0336 };
/** Where the kitchens go when a test wants every zone away from the pins (~27 km north of Ploiești). */
const FAR_NORTH = { latitude: 45.2, longitude: 26.02 };
/** ~40 km south, towards Bucharest. */
const FAR_PIN = { latitude: 44.6, longitude: 26.05 };

function addressBody(overrides: Record<string, unknown> = {}) {
  return {
    label: 'home',
    streetAddress: 'Strada Doja Gheorghe 12',
    city: 'Ploiești',
    postalCode: '100151',
    country: 'Romania',
    ...CENTRAL_PIN,
    formattedAddress: 'Strada Doja Gheorghe 12, 100151 Ploiești, Romania',
    placeId: 'gazetteer:strada-doja-gheorghe:12',
    houseNumber: '12',
    pinConfirmed: true,
    bloc: '34B',
    scara: 'A',
    etaj: '3',
    apartament: '14',
    interfon: '14',
    deliveryInstructions: 'Sunați la interfon',
    ...overrides,
  };
}

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t);
  bob = await createUserWithSession(t);
});
afterEach(async () => {
  await t.close();
});

async function create(user: TestUser, overrides: Record<string, unknown> = {}): Promise<Address> {
  const response = await t.request('/api/addresses', { method: 'POST', headers: { cookie: user.cookie }, json: addressBody(overrides) });
  expect(response.status).toBe(201);
  return addressResponseSchema.parse(await response.json()).address;
}

async function list(user: TestUser): Promise<Address[]> {
  const response = await t.request('/api/addresses', { headers: { cookie: user.cookie } });
  expect(response.status).toBe(200);
  return addressListResponseSchema.parse(await response.json()).addresses;
}

describe('address book CRUD', () => {
  it('refuses guests', async () => {
    expect((await t.request('/api/addresses')).status).toBe(401);
    expect((await t.request('/api/addresses', { method: 'POST', json: addressBody() })).status).toBe(401);
  });

  it('creates with the server-decided zone and lists newest updated first', async () => {
    const first = await create(alice);
    expect(first).toMatchObject({
      label: 'home',
      streetAddress: 'Strada Doja Gheorghe 12',
      bloc: '34B',
      scara: 'A',
      etaj: '3',
      apartament: '14',
      interfon: '14',
      pinConfirmed: true,
      isValidated: true,
      isDeliverable: true,
      validationMethod: 'Street gazetteer',
      // Issue 22: from the kitchen that would deliver it, the nearer Centru one.
      deliveryZoneName: '0.7 km Center',
      distanceKm: 0.7,
      estimatedDeliveryTime: '30-45 minutes',
      isDefault: false,
      lastValidatedAt: '2026-11-22T12:00:00.000Z',
    });
    t.clock.advanceMs(60_000);
    const second = await create(alice, { label: 'custom', customLabel: 'bunica', streetAddress: 'Strada Mărășești 5' });
    expect(second).toMatchObject({ label: 'custom', customLabel: 'bunica' });
    expect((await list(alice)).map((a) => a.id)).toEqual([second.id, first.id]);

    t.clock.advanceMs(60_000);
    const updated = await t.request(`/api/addresses/${first.id}`, {
      method: 'PUT',
      headers: { cookie: alice.cookie },
      json: addressBody({ label: 'work', apartment: 'Birou 2', bloc: null }),
    });
    expect(updated.status).toBe(200);
    expect(addressResponseSchema.parse(await updated.json()).address).toMatchObject({ label: 'work', apartment: 'Birou 2', bloc: null });
    expect((await list(alice)).map((a) => a.id)).toEqual([first.id, second.id]);

    const deleted = await t.request(`/api/addresses/${second.id}`, { method: 'DELETE', headers: { cookie: alice.cookie } });
    expect(deleted.status).toBe(204);
    expect((await list(alice)).map((a) => a.id)).toEqual([first.id]);
  });

  it("gives customer B a 404 for A's address on every route and changes nothing", async () => {
    const own = await create(alice);
    const as = { headers: { cookie: bob.cookie } };
    const attempts = [
      t.request(`/api/addresses/${own.id}`, { ...as, method: 'PUT', json: addressBody({ streetAddress: 'Hijacked' }) }),
      t.request(`/api/addresses/${own.id}`, { ...as, method: 'DELETE' }),
      t.request(`/api/addresses/${own.id}/default`, { ...as, method: 'POST' }),
      t.request(`/api/addresses/${own.id}/default`, { ...as, method: 'DELETE' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(apiErrorSchema.parse(await response.json()).error.code).toBe('not_found');
    }
    expect(await list(bob)).toEqual([]);
    const [still] = await list(alice);
    expect(still).toEqual(own);
  });

  it('answers 404 for ids that do not exist and 400 for ids that are not ids', async () => {
    const as = { headers: { cookie: alice.cookie } };
    expect((await t.request('/api/addresses/999999', { ...as, method: 'DELETE' })).status).toBe(404);
    expect((await t.request('/api/addresses/abc', { ...as, method: 'DELETE' })).status).toBe(400);
    expect((await t.request('/api/addresses/-1/default', { ...as, method: 'POST' })).status).toBe(400);
  });
});

describe('default address', () => {
  it('switches atomically: exactly one default at any time, and unset works', async () => {
    const a = await create(alice);
    const b = await create(alice);
    const c = await create(alice, { isDefault: true });
    const bobs = await create(bob, { isDefault: true });
    const as = { headers: { cookie: alice.cookie } };

    // Many concurrent switches: whatever the interleaving, one default remains.
    const targets = [a, b, c, a, b, c, b, a];
    const answers = await Promise.all(targets.map((x) => t.request(`/api/addresses/${x.id}/default`, { ...as, method: 'POST' })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const defaults = (await list(alice)).filter((x) => x.isDefault);
    expect(defaults).toHaveLength(1);

    const set = await t.request(`/api/addresses/${b.id}/default`, { ...as, method: 'POST' });
    expect(addressResponseSchema.parse(await set.json()).address.isDefault).toBe(true);
    expect((await list(alice)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([b.id]);
    // Bob's default is untouched by Alice's switches.
    expect((await list(bob))[0]).toMatchObject({ id: bobs.id, isDefault: true });

    const unset = await t.request(`/api/addresses/${b.id}/default`, { ...as, method: 'DELETE' });
    expect(unset.status).toBe(200);
    expect((await list(alice)).some((x) => x.isDefault)).toBe(false);
  });

  it('the store itself refuses two defaults for one customer', async () => {
    const a = await create(alice, { isDefault: true });
    const b = await create(alice);
    await expect(
      t.deps.store.db.updateTable('customer_addresses').set({ is_default: 1 }).where('id', '=', b.id).execute(),
    ).rejects.toThrow();
    expect((await list(alice)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([a.id]);
  });
});

describe('server-side zone decision', () => {
  it('refuses a pin 40 km away even when the client claims it is deliverable', async () => {
    const response = await t.request('/api/addresses', {
      method: 'POST',
      headers: { cookie: alice.cookie },
      json: addressBody({ ...FAR_PIN, isDeliverable: true, is_deliverable: 1, deliveryZoneName: '0.5 km Center', distanceKm: 0.5 }),
    });
    expect(response.status).toBe(422);
    const body = apiErrorSchema.parse(await response.json());
    // The spec's text, naming the nearest kitchen and its distance (issue 22).
    expect(body.error).toMatchObject({
      code: 'not_deliverable',
      message: outOfZoneMessage('Casa Grătarului Centru', 37.3),
      details: { nearestLocationName: 'Casa Grătarului Centru', distanceKm: 37.3 },
    });
    expect(body.error.message.startsWith(NOT_DELIVERABLE_MESSAGE)).toBe(true);
    expect(await list(alice)).toEqual([]);
  });

  it('accepts a central pin even when the client claims it is not deliverable', async () => {
    const address = await create(alice, {
      isDeliverable: false,
      deliveryZoneName: '99 km Nowhere',
      distanceKm: 99,
      estimatedDeliveryTime: 'never',
    });
    expect(address).toMatchObject({
      isDeliverable: true,
      deliveryZoneName: '0.7 km Center',
      distanceKm: 0.7,
      estimatedDeliveryTime: '30-45 minutes',
    });
  });

  it('re-decides on update: moving the pin out of the radius is refused and keeps the old row', async () => {
    const address = await create(alice);
    const moved = await t.request(`/api/addresses/${address.id}`, {
      method: 'PUT',
      headers: { cookie: alice.cookie },
      json: addressBody(FAR_PIN),
    });
    expect(moved.status).toBe(422);
    expect((await list(alice))[0]).toEqual(address);
  });

  it("follows the kitchens' own zones, not the restaurant-wide radius", async () => {
    // The restaurant-wide radius no longer decides anything (decision 0148).
    await t.deps.store.db.updateTable('restaurant_settings').set({ delivery_radius_km: 1 }).execute();
    expect((await t.request('/api/addresses', { method: 'POST', headers: { cookie: alice.cookie }, json: addressBody() })).status).toBe(
      201,
    );
    // Centru's zone shrunk to 1 km still holds the pin 0.75 km away; Nord's alone would not.
    await t.deps.store.db
      .updateTable('locations')
      .set({ delivery_zone: JSON.stringify({ kind: 'radius', radiusKm: 1 }) })
      .execute();
    expect((await create(alice)).deliveryZoneName).toBe('0.7 km Center');
    await t.deps.store.db.updateTable('locations').set(FAR_NORTH).execute();
    const response = await t.request('/api/addresses', { method: 'POST', headers: { cookie: alice.cookie }, json: addressBody() });
    expect(response.status).toBe(422);
    expect(apiErrorSchema.parse(await response.json()).error.message).toMatch(
      /The nearest kitchen, Casa Grătarului \w+, is 2\d\.\d km away\.$/,
    );
  });

  it('a pin only the second kitchen covers is saved with its distance; one only a switched-off kitchen covers is refused', async () => {
    const [nord, centru] = await t.deps.store.db.selectFrom('locations').select(['id', 'name']).orderBy('sort_order').execute();
    await t.deps.store.db
      .updateTable('locations')
      .set({ delivery_zone: JSON.stringify({ kind: 'radius', radiusKm: 3 }) })
      .where('id', '=', nord!.id)
      .execute();
    // ~3.5 km south of Centru, ~5.7 km from Nord: only Centru's 10 km zone holds it.
    const south = { latitude: 44.905, longitude: 26.045 };
    expect(await create(alice, south)).toMatchObject({ isDeliverable: true, deliveryZoneName: '3.5 km Near', distanceKm: 3.5 });
    await t.deps.store.db.updateTable('locations').set({ is_open: 0 }).where('id', '=', centru!.id).execute();
    const refused = await t.request('/api/addresses', { method: 'POST', headers: { cookie: alice.cookie }, json: addressBody(south) });
    expect(refused.status).toBe(422);
    expect(apiErrorSchema.parse(await refused.json()).error).toMatchObject({
      code: 'not_deliverable',
      message: pausedKitchenMessage(centru!.name, 3.5),
    });
  });
});

describe('the place comes from the geocoder, not the client', () => {
  it('overrides a tampered street, formatted address, city, country and postal code with the gazetteer entry', async () => {
    const address = await create(alice, {
      streetAddress: 'Strada Inventată 999',
      formattedAddress: 'Palatul Parlamentului, București',
      city: 'București',
      country: 'Bulgaria',
      postalCode: '999999',
      placeId: '  gazetteer:strada-doja-gheorghe:12  ',
      isValidated: false,
      validationMethod: 'Google Maps',
    });
    const place = await t.deps.geo.resolve('gazetteer:strada-doja-gheorghe:12');
    expect(place).not.toBeNull();
    expect(address).toMatchObject({
      placeId: 'gazetteer:strada-doja-gheorghe:12',
      streetAddress: 'Strada Doja Gheorghe 12',
      formattedAddress: place!.formattedAddress,
      city: 'Ploiești',
      country: 'Romania',
      postalCode: place!.postalCode,
      isValidated: true,
      validationMethod: 'Street gazetteer',
    });
    expect(address.postalCode).toMatch(/^\d{6}$/);
    expect(address.postalCode).not.toBe('999999');
  });

  it('keeps the typed postal code only when the geocoder cannot derive one (street without a house number)', async () => {
    const place = await t.deps.geo.resolve('gazetteer:strada-doja-gheorghe');
    const address = await create(alice, {
      placeId: 'gazetteer:strada-doja-gheorghe',
      houseNumber: null,
      noHouseNumber: true,
      postalCode: '100999',
    });
    expect(address.postalCode).toBe(place!.postalCode ?? '100999');
  });

  it.each([
    ['an unknown street', 'gazetteer:strada-care-nu-exista:3'],
    ['an invented prefix', 'google:ChIJ-made-up'],
    ['a malformed house number', 'gazetteer:strada-doja-gheorghe:12;drop'],
  ])('refuses %s with 422 and the Validation Error text, storing nothing', async (_name, placeId) => {
    const response = await t.request('/api/addresses', {
      method: 'POST',
      headers: { cookie: alice.cookie },
      json: addressBody({ placeId }),
    });
    expect(response.status).toBe(422);
    expect(apiErrorSchema.parse(await response.json()).error).toMatchObject({
      code: 'address_not_validated',
      message: 'Failed to validate address. Please try again.',
    });
    expect(await list(alice)).toEqual([]);
  });

  it('refuses an update to an unknown place and keeps the old row', async () => {
    const address = await create(alice);
    const response = await t.request(`/api/addresses/${address.id}`, {
      method: 'PUT',
      headers: { cookie: alice.cookie },
      json: addressBody({ placeId: 'gazetteer:strada-fantoma:1', streetAddress: 'Strada Fantomă 1' }),
    });
    expect(response.status).toBe(422);
    expect((await list(alice))[0]).toEqual(address);
  });

  it('answers 503 with the Validation Error text when the geocoder is down, storing nothing', async () => {
    t.deps.geo.resolve = () => Promise.reject(new GeoUpstreamError('unavailable', 'down'));
    const response = await t.request('/api/addresses', { method: 'POST', headers: { cookie: alice.cookie }, json: addressBody() });
    expect(response.status).toBe(503);
    expect(apiErrorSchema.parse(await response.json()).error.message).toBe('Failed to validate address. Please try again.');
    expect(await list(alice)).toEqual([]);
  });
});

describe('invalid bodies are 400, never 500', () => {
  const broken: [string, unknown][] = [
    ['no body fields', {}],
    ['missing place_id', { ...addressBody(), placeId: undefined }],
    ['NaN latitude', { ...addressBody(), latitude: 'NaN' }],
    ['latitude out of range', { ...addressBody(), latitude: 123 }],
    ['unknown label', { ...addressBody(), label: 'palace' }],
    ['custom label without a name', { ...addressBody(), label: 'custom', customLabel: '' }],
    ['postal code not 6 digits', { ...addressBody(), postalCode: '12' }],
    ['oversized street', { ...addressBody(), streetAddress: 'x'.repeat(5000) }],
    ['an array', [addressBody()]],
    ['a string', 'hello'],
  ];
  for (const [name, body] of broken) {
    it(name, async () => {
      const response = await t.request('/api/addresses', { method: 'POST', headers: { cookie: alice.cookie }, json: body });
      expect(response.status).toBe(400);
      expect(apiErrorSchema.parse(await response.json()).error.code).toBe('invalid_input');
    });
  }

  it('malformed JSON', async () => {
    const response = await t.request('/api/addresses', {
      method: 'POST',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      body: '{"label":',
    });
    expect(response.status).toBe(400);
  });
});

describe('Idempotency-Key (an address added offline and replayed by the outbox)', () => {
  it('replays the first answer for the same key: one address, however many attempts', async () => {
    const key = randomUUID();
    const send = () =>
      t.request('/api/addresses', { method: 'POST', headers: { cookie: alice.cookie, 'Idempotency-Key': key }, json: addressBody() });
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(addressResponseSchema.parse(await again.json()).address.id).toBe(addressResponseSchema.parse(await first.json()).address.id);
    expect(await list(alice)).toHaveLength(1);
    // Another key is another address.
    const other = await t.request('/api/addresses', {
      method: 'POST',
      headers: { cookie: alice.cookie, 'Idempotency-Key': randomUUID() },
      json: addressBody(),
    });
    expect(other.status).toBe(201);
    expect(await list(alice)).toHaveLength(2);
  });
});

describe('Idempotency-Key on edits and the default (queued offline, replayed by the outbox)', () => {
  it('a replayed edit or default answers the first result and never re-applies it over a later change', async () => {
    const create = (label: string) =>
      t.request('/api/addresses', {
        method: 'POST',
        headers: { cookie: alice.cookie },
        json: addressBody({ deliveryInstructions: label }),
      });
    const a = addressResponseSchema.parse(await (await create('A')).json()).address;
    const b = addressResponseSchema.parse(await (await create('B')).json()).address;

    const editKey = randomUUID();
    const edit = () =>
      t.request(`/api/addresses/${a.id}`, {
        method: 'PUT',
        headers: { cookie: alice.cookie, 'Idempotency-Key': editKey },
        json: addressBody({ deliveryInstructions: 'Queued' }),
      });
    expect((await edit()).status).toBe(200);
    const later = await t.request(`/api/addresses/${a.id}`, {
      method: 'PUT',
      headers: { cookie: alice.cookie },
      json: addressBody({ deliveryInstructions: 'Later' }),
    });
    expect(later.status).toBe(200);
    const replayed = await edit();
    expect(addressResponseSchema.parse(await replayed.json()).address.deliveryInstructions).toBe('Queued');
    expect((await list(alice)).find((row) => row.id === a.id)?.deliveryInstructions).toBe('Later');

    const defaultKey = randomUUID();
    const setDefaultA = () =>
      t.request(`/api/addresses/${a.id}/default`, {
        method: 'POST',
        headers: { cookie: alice.cookie, 'Idempotency-Key': defaultKey },
        json: {},
      });
    expect((await setDefaultA()).status).toBe(200);
    expect(
      (await t.request(`/api/addresses/${b.id}/default`, { method: 'POST', headers: { cookie: alice.cookie }, json: {} })).status,
    ).toBe(200);
    expect((await setDefaultA()).status).toBe(200);
    const defaults = (await list(alice)).filter((row) => row.isDefault).map((row) => row.id);
    expect(defaults).toEqual([b.id]);
  });
});

describe('Idempotency-Key on deletes and unsetting the default (queued offline, replayed by the outbox)', () => {
  const create = () =>
    t
      .request('/api/addresses', { method: 'POST', headers: { cookie: alice.cookie }, json: addressBody() })
      .then(async (res) => addressResponseSchema.parse(await res.json()).address);

  it('a replayed delete answers the first answer and deletes once', async () => {
    const a = await create();
    const b = await create();
    const key = randomUUID();
    const remove = () =>
      t.request(`/api/addresses/${a.id}`, { method: 'DELETE', headers: { cookie: alice.cookie, 'Idempotency-Key': key }, json: {} });
    const first = await remove();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ deleted: a.id });
    const again = await remove();
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ deleted: a.id });
    expect((await list(alice)).map((row) => row.id)).toEqual([b.id]);
    // Without a key the answer stays the bodiless 204.
    const plain = await t.request(`/api/addresses/${b.id}`, { method: 'DELETE', headers: { cookie: alice.cookie }, json: {} });
    expect(plain.status).toBe(204);
  });

  it("a delete of another customer's address is a 404 and stores no key", async () => {
    const a = await create();
    const key = randomUUID();
    const res = await t.request(`/api/addresses/${a.id}`, {
      method: 'DELETE',
      headers: { cookie: bob.cookie, 'Idempotency-Key': key },
      json: {},
    });
    expect(res.status).toBe(404);
    const stored = await t.deps.store.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();
    expect(stored).toHaveLength(0);
    expect(await list(alice)).toHaveLength(1);
  });

  it('a replayed unset-default answers the first result and never re-applies it over a later default', async () => {
    const a = await create();
    const key = randomUUID();
    const unset = () =>
      t.request(`/api/addresses/${a.id}/default`, {
        method: 'DELETE',
        headers: { cookie: alice.cookie, 'Idempotency-Key': key },
        json: {},
      });
    expect(
      (await t.request(`/api/addresses/${a.id}/default`, { method: 'POST', headers: { cookie: alice.cookie }, json: {} })).status,
    ).toBe(200);
    const first = await unset();
    expect(first.status).toBe(200);
    expect(addressResponseSchema.parse(await first.json()).address.isDefault).toBe(false);
    expect(
      (await t.request(`/api/addresses/${a.id}/default`, { method: 'POST', headers: { cookie: alice.cookie }, json: {} })).status,
    ).toBe(200);
    const replayed = await unset();
    expect(addressResponseSchema.parse(await replayed.json()).address.isDefault).toBe(false);
    expect((await list(alice)).find((row) => row.id === a.id)?.isDefault).toBe(true);
  });
});

describe('a stored answer is replayed before the checks that could refuse it', () => {
  const createA = () =>
    t
      .request('/api/addresses', { method: 'POST', headers: { cookie: alice.cookie }, json: addressBody() })
      .then(async (res) => addressResponseSchema.parse(await res.json()).address);
  const send = (path: string, method: string, key: string, json: unknown = {}) =>
    t.request(path, { method, headers: { cookie: alice.cookie, 'Idempotency-Key': key }, json });

  it('a replayed edit, set-default or unset-default answers its first answer after the address was deleted', async () => {
    const a = await createA();
    const editKey = randomUUID();
    const setKey = randomUUID();
    const unsetKey = randomUUID();
    const edit = () => send(`/api/addresses/${a.id}`, 'PUT', editKey, addressBody({ deliveryInstructions: 'Queued' }));
    const setDefault = () => send(`/api/addresses/${a.id}/default`, 'POST', setKey);
    const unsetDefault = () => send(`/api/addresses/${a.id}/default`, 'DELETE', unsetKey);
    const firstEdit = await edit();
    expect(firstEdit.status).toBe(200);
    const firstSet = await setDefault();
    expect(firstSet.status).toBe(200);
    const firstUnset = await unsetDefault();
    expect(firstUnset.status).toBe(200);
    const firstBodies = [await firstEdit.json(), await firstSet.json(), await firstUnset.json()];

    expect((await t.request(`/api/addresses/${a.id}`, { method: 'DELETE', headers: { cookie: alice.cookie }, json: {} })).status).toBe(204);

    const replays = [await edit(), await setDefault(), await unsetDefault()];
    expect(replays.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(await Promise.all(replays.map((res) => res.json()))).toEqual(firstBodies);
    expect(await list(alice)).toEqual([]);
  });

  it('a replayed add answers the first address after the kitchens moved out of reach', async () => {
    const key = randomUUID();
    const first = await send('/api/addresses', 'POST', key, addressBody());
    expect(first.status).toBe(201);
    const firstBody: unknown = await first.json();
    await t.deps.store.db.updateTable('locations').set(FAR_NORTH).execute();
    // A new key is refused now (out of every kitchen's zone)...
    expect((await send('/api/addresses', 'POST', randomUUID(), addressBody())).status).toBe(422);
    // ...but the replay still answers the first answer.
    const replay = await send('/api/addresses', 'POST', key, addressBody());
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(firstBody);
    expect(await list(alice)).toHaveLength(1);
  });

  it("a key never stored still checks ownership first: another customer's address is a 404 and stores nothing", async () => {
    const a = await createA();
    for (const [path, method, body] of [
      [`/api/addresses/${a.id}`, 'PUT', addressBody()],
      [`/api/addresses/${a.id}/default`, 'POST', {}],
      [`/api/addresses/${a.id}/default`, 'DELETE', {}],
    ] as const) {
      const key = randomUUID();
      const res = await t.request(path, { method, headers: { cookie: bob.cookie, 'Idempotency-Key': key }, json: body });
      expect(res.status).toBe(404);
      expect(await t.deps.store.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute()).toHaveLength(0);
    }
  });
});

describe('an address added offline (a gazetteer place id) whatever GEOCODER is', () => {
  it('resolves gazetteer place ids through the embedded gazetteer and everything else through the configured geocoder', async () => {
    const asked: string[] = [];
    const upstream: Geo = {
      name: 'google',
      method: 'Google Maps',
      autocomplete: () => Promise.resolve([]),
      resolve: (placeId) => {
        asked.push(placeId);
        return Promise.resolve(null);
      },
      reverse: () => Promise.reject(new GeoUpstreamError('unavailable', 'not used here')),
    };
    (t.deps as { geo: Geo }).geo = upstream;
    const added = await create(alice);
    expect(added.streetAddress).toBe('Strada Doja Gheorghe 12');
    expect(added.validationMethod).toBe('Street gazetteer');
    expect(asked).toEqual([]);
    const other = await t.request('/api/addresses', {
      method: 'POST',
      headers: { cookie: alice.cookie },
      json: addressBody({ placeId: 'ChIJ-unknown-to-google' }),
    });
    expect(other.status).toBe(422);
    expect(asked).toEqual(['ChIJ-unknown-to-google']);
  });
});

describe('the house number (issue 27)', () => {
  /** A street chosen without a number, as the gazetteer suggests it for 'Gheorghe Doja'. */
  const street = { placeId: 'gazetteer:strada-doja-gheorghe', streetAddress: 'Strada Doja Gheorghe', houseNumber: null };

  async function refused(body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST', id?: number) {
    const response = await t.request(id ? `/api/addresses/${id}` : '/api/addresses', {
      method,
      headers: { cookie: alice.cookie },
      json: addressBody(body),
    });
    expect(response.status).toBe(400);
    const { error } = apiErrorSchema.parse(await response.json());
    expect(error.code).toBe('invalid_input');
    return error.details as { path: string; message: string }[];
  }

  it('refuses a street with no number and no explicit "no number", on add and on edit, storing nothing', async () => {
    expect(await refused(street)).toContainEqual({ path: 'houseNumber', message: HOUSE_NUMBER_TEXTS.missing });
    expect(await refused({ ...street, houseNumber: '   ', noHouseNumber: false })).toContainEqual({
      path: 'houseNumber',
      message: HOUSE_NUMBER_TEXTS.missing,
    });
    // Another geocoder's place id says nothing about a number: it has to be given.
    expect(await refused({ placeId: 'ChIJ-some-google-place', houseNumber: undefined })).toContainEqual({
      path: 'houseNumber',
      message: HOUSE_NUMBER_TEXTS.missing,
    });
    expect(await list(alice)).toEqual([]);
    const saved = await create(alice);
    expect(await refused(street, 'PUT', saved.id)).toContainEqual({ path: 'houseNumber', message: HOUSE_NUMBER_TEXTS.missing });
    expect((await list(alice))[0]).toEqual(saved);
  });

  it('refuses an unreadable number and a number together with "no number"', async () => {
    expect(await refused({ ...street, houseNumber: 'the blue gate' })).toContainEqual({
      path: 'houseNumber',
      message: HOUSE_NUMBER_TEXTS.invalid,
    });
    expect(await refused({ ...street, houseNumber: '12', noHouseNumber: true })).toContainEqual({
      path: 'houseNumber',
      message: HOUSE_NUMBER_TEXTS.both,
    });
    expect(await list(alice)).toEqual([]);
  });

  it('accepts "no number" and stores the choice: the street line has no number', async () => {
    const address = await create(alice, { ...street, noHouseNumber: true });
    expect(address).toMatchObject({
      placeId: 'gazetteer:strada-doja-gheorghe',
      streetAddress: 'Strada Doja Gheorghe',
      houseNumber: null,
      noHouseNumber: true,
    });
    expect(address.formattedAddress).toMatch(/^Strada Doja Gheorghe, /);
    expect((await list(alice))[0]).toMatchObject({ houseNumber: null, noHouseNumber: true });
  });

  it('accepts a number typed for a street chosen without one: the place, street line and postal code follow it', async () => {
    const address = await create(alice, { ...street, houseNumber: 'nr. 75', postalCode: null });
    const place = await t.deps.geo.resolve('gazetteer:strada-doja-gheorghe:75');
    expect(address).toMatchObject({
      placeId: 'gazetteer:strada-doja-gheorghe:75',
      streetAddress: 'Strada Doja Gheorghe 75',
      houseNumber: '75',
      noHouseNumber: false,
      formattedAddress: place!.formattedAddress,
      postalCode: place!.postalCode,
    });
    expect(address.postalCode).toBe('100141');
  });

  it('the typed number wins over the one in the place id; "no number" drops it', async () => {
    const moved = await create(alice, { placeId: 'gazetteer:strada-doja-gheorghe:12', houseNumber: '75b' });
    expect(moved).toMatchObject({
      placeId: 'gazetteer:strada-doja-gheorghe:75B',
      streetAddress: 'Strada Doja Gheorghe 75B',
      houseNumber: '75B',
    });
    const none = await create(alice, { placeId: 'gazetteer:strada-doja-gheorghe:12', houseNumber: null, noHouseNumber: true });
    expect(none).toMatchObject({ placeId: 'gazetteer:strada-doja-gheorghe', streetAddress: 'Strada Doja Gheorghe', houseNumber: null });
  });

  it('a gazetteer place id that carries the number is an answer (older clients and queued adds send only that)', async () => {
    const address = await create(alice, { houseNumber: undefined, noHouseNumber: undefined });
    expect(address).toMatchObject({ streetAddress: 'Strada Doja Gheorghe 12', houseNumber: '12', noHouseNumber: false });
  });

  it("puts the number into another geocoder's street line in place of its own", async () => {
    const base = {
      placeId: 'ChIJ-doja',
      streetAddress: 'Strada Gheorghe Doja 5',
      houseNumber: '5',
      city: 'Ploiești',
      postalCode: '100151',
      country: 'Romania',
      formattedAddress: 'Strada Gheorghe Doja 5, Ploiești 100151, România',
    };
    expect(placeWithHouseNumber(base, '5', null)).toBe(base);
    expect(placeWithHouseNumber(base, '7', null)).toMatchObject({
      streetAddress: 'Strada Gheorghe Doja 7',
      houseNumber: '7',
      formattedAddress: 'Strada Gheorghe Doja 7, 100151 Ploiești, Romania',
    });
    expect(
      placeWithHouseNumber({ ...base, streetAddress: 'Strada Gheorghe Doja', houseNumber: null, postalCode: null }, '7', '100152'),
    ).toMatchObject({ streetAddress: 'Strada Gheorghe Doja 7', formattedAddress: 'Strada Gheorghe Doja 7, 100152 Ploiești, Romania' });

    const upstream: Geo = {
      name: 'google',
      method: 'Google Maps',
      autocomplete: () => Promise.resolve([]),
      resolve: () =>
        Promise.resolve({ ...base, streetAddress: 'Strada Gheorghe Doja', houseNumber: null, latitude: null, longitude: null }),
      reverse: () => Promise.reject(new GeoUpstreamError('unavailable', 'not used here')),
    };
    (t.deps as { geo: Geo }).geo = upstream;
    const address = await create(alice, { placeId: 'ChIJ-doja', houseNumber: '7' });
    expect(address).toMatchObject({ placeId: 'ChIJ-doja', streetAddress: 'Strada Gheorghe Doja 7', houseNumber: '7' });
  });

  it('an address saved before the rule still reads (no number, no choice) and still takes delivery orders', async () => {
    t.clock.set(OPEN_HOURS_INSTANT);
    const id = await insertAddress(t, alice.id, CENTRAL_PIN);
    await t.deps.store.db
      .updateTable('customer_addresses')
      .set({ street_address: 'Strada Doja Gheorghe', place_id: 'gazetteer:strada-doja-gheorghe' })
      .where('id', '=', id)
      .execute();
    const [legacy] = await list(alice);
    expect(legacy).toMatchObject({ id, streetAddress: 'Strada Doja Gheorghe', houseNumber: null, noHouseNumber: false });

    const [item] = await loadCatalogue(t);
    const order = await placeOrder(t, alice, {
      ...pickupBody(await firstLocationId(t), [item!]),
      fulfilment: { type: 'delivery', addressId: id },
    });
    expect(order.orderNumber).toBeTruthy();
  });
});
