import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { AdminSettingsResponse, RestaurantStatus } from '../../src/shared/schemas/admin';
import { adminSettingsResponseSchema, settingsConflictDetailsSchema } from '../../src/shared/schemas/admin';
import type { OpeningHours } from '../../src/shared/schemas/restaurant';
import { DAILY_11_TO_22 } from '../../src/shared/domain/opening-hours';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp, OPEN_HOURS_INSTANT } from '../../tests/setup/test-app';
import { firstLocationId, loadCatalogue, pickupBody, postOrder } from '../../tests/integration/order-fixtures';
import { SETTINGS_ROW_ID } from '../store/seed';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithSession(t, { role: 'admin' });
  customer = await createUserWithSession(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.clock.set(OPEN_HOURS_INSTANT);
  await t.deps.store.db
    .updateTable('restaurant_settings')
    .set({ is_open: 1, minimum_order_bani: 0 })
    .where('id', '=', SETTINGS_ROW_ID)
    .execute();
  await t.deps.store.db
    .updateTable('locations')
    .set({ opening_hours: JSON.stringify(DAILY_11_TO_22) })
    .execute();
});

const asAdmin = (init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { ...(init.headers as object), cookie: admin.cookie },
});

async function loadAdminSettings(): Promise<AdminSettingsResponse> {
  const response = await t.request('/api/admin/settings', asAdmin());
  expect(response.status).toBe(200);
  return adminSettingsResponseSchema.parse(await response.json());
}

function editable(settings: AdminSettingsResponse['settings']) {
  const { zoneValidationType: _z, deliveryZoneName: _d, status: _s, updatedAt: _u, ...rest } = settings;
  return rest;
}

describe('admin routes: role enforcement', () => {
  const routes: { method: string; path: string; json?: unknown }[] = [
    { method: 'GET', path: '/api/admin/settings' },
    { method: 'PUT', path: '/api/admin/settings', json: {} },
    { method: 'PUT', path: '/api/admin/locations/1/hours', json: DAILY_11_TO_22 },
    { method: 'GET', path: '/api/admin/menu' },
    { method: 'POST', path: '/api/admin/menu/items/1/sold-out', json: { soldOut: false } },
    { method: 'POST', path: '/api/admin/menu/options/1/sold-out', json: { soldOut: false } },
    { method: 'GET', path: '/api/admin/board' },
    { method: 'POST', path: '/api/admin/board/ORD-1/status', json: { status: 'confirmed' } },
    { method: 'POST', path: '/api/admin/orders/ORD-1/resend-pos', json: {} },
  ];
  for (const route of routes) {
    it(`${route.method} ${route.path}: guest 401, customer 403`, async () => {
      const init = { method: route.method, ...(route.json !== undefined ? { json: route.json } : {}) };
      expect((await t.request(route.path, init)).status).toBe(401);
      expect((await t.request(route.path, { ...init, headers: { cookie: customer.cookie } })).status).toBe(403);
    });
  }
  it('GET /api/admin/events: guest 401, customer 403, admin gets a stream', async () => {
    expect((await t.request('/api/admin/events')).status).toBe(401);
    expect((await t.request('/api/admin/events', { headers: { cookie: customer.cookie } })).status).toBe(403);
    const controller = new AbortController();
    const response = await t.request('/api/admin/events', { ...asAdmin(), signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    await response.body?.cancel();
  });
  it('the admin reads settings, the menu and the board', async () => {
    expect((await t.request('/api/admin/settings', asAdmin())).status).toBe(200);
    expect((await t.request('/api/admin/menu', asAdmin())).status).toBe(200);
    expect((await t.request('/api/admin/board?today=1', asAdmin())).status).toBe(200);
  });
});

describe('GET/PUT /api/admin/settings', () => {
  it('answers every setting with money in bani and the locations with their hours', async () => {
    const body = await loadAdminSettings();
    expect(body.settings).toMatchObject({ estimatedDeliveryTime: '30-45 minutes', deliveryRadiusKm: 10 });
    expect(Number.isInteger(body.settings.deliveryFeeBani)).toBe(true);
    expect(body.locations.length).toBe(2);
    expect(body.locations[0]!.openingHours.weekly.mon).toEqual([{ open: '11:00', close: '22:00' }]);
  });

  it('saves, answers version + 1 and the public read follows', async () => {
    const { settings } = await loadAdminSettings();
    const response = await t.request(
      '/api/admin/settings',
      asAdmin({
        method: 'PUT',
        json: { ...editable(settings), name: 'Casa Grătarului Nord', estimatedDeliveryTime: '40-55 minutes' },
      }),
    );
    expect(response.status).toBe(200);
    const saved = ((await response.json()) as AdminSettingsResponse).settings;
    expect(saved).toMatchObject({
      name: 'Casa Grătarului Nord',
      estimatedDeliveryTime: '40-55 minutes',
      version: settings.version + 1,
    });
    const publicInfo = (await (await t.request('/api/restaurant')).json()) as { settings: { name: string } };
    expect(publicInfo.settings.name).toBe('Casa Grătarului Nord');
  });

  it('saves the escalation limit for new orders (issue 19); a save without it keeps it; out of range is 400', async () => {
    const { settings } = await loadAdminSettings();
    expect(settings.acceptWithinMinutes).toBe(5);
    const put = (json: unknown) => t.request('/api/admin/settings', asAdmin({ method: 'PUT', json }));
    const saved = await put({ ...editable(settings), acceptWithinMinutes: 12 });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as AdminSettingsResponse).settings.acceptWithinMinutes).toBe(12);
    const again = (await loadAdminSettings()).settings;
    const { acceptWithinMinutes: _absent, ...withoutLimit } = editable(again);
    expect((await put(withoutLimit)).status).toBe(200);
    expect((await loadAdminSettings()).settings.acceptWithinMinutes).toBe(12);
    for (const bad of [0, 61, 2.5]) {
      expect((await put({ ...editable((await loadAdminSettings()).settings), acceptWithinMinutes: bad })).status, String(bad)).toBe(400);
    }
    const last = (await loadAdminSettings()).settings;
    expect((await put({ ...editable(last), acceptWithinMinutes: 5 })).status).toBe(200);
  });

  const badFields: [string, unknown][] = [
    ['name', ''],
    ['name', '   '],
    ['email', 'not-an-email'],
    ['deliveryBaseLat', 51.5],
    ['deliveryBaseLng', -0.12],
    ['estimatedDeliveryTime', 'x'.repeat(61)],
    ['isOpen', 'yes'],
    ['version', -1],
  ];
  for (const [field, value] of badFields) {
    it(`refuses ${field} = ${JSON.stringify(value).slice(0, 20)} with 400 naming the field`, async () => {
      const { settings } = await loadAdminSettings();
      const response = await t.request('/api/admin/settings', asAdmin({ method: 'PUT', json: { ...editable(settings), [field]: value } }));
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; details: { path: string }[] } };
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.details.map((d) => d.path)).toContain(field);
      expect((await loadAdminSettings()).settings.version).toBe(settings.version);
    });
  }

  it('two saves from the same version: the second gets 409 settings_conflict with the current settings', async () => {
    const { settings } = await loadAdminSettings();
    const first = await t.request(
      '/api/admin/settings',
      asAdmin({ method: 'PUT', json: { ...editable(settings), description: 'First tablet' } }),
    );
    expect(first.status).toBe(200);
    const second = await t.request(
      '/api/admin/settings',
      asAdmin({ method: 'PUT', json: { ...editable(settings), description: 'Second tablet' } }),
    );
    expect(second.status).toBe(409);
    const body = (await second.json()) as { error: { code: string; details: unknown } };
    expect(body.error.code).toBe('settings_conflict');
    const { current } = settingsConflictDetailsSchema.parse(body.error.details);
    expect(current).toMatchObject({ description: 'First tablet', version: settings.version + 1 });
    expect((await loadAdminSettings()).settings.description).toBe('First tablet');
  });

  it('replays an outbox retry with the same Idempotency-Key instead of answering a conflict', async () => {
    const { settings } = await loadAdminSettings();
    const key = randomUUID();
    const json = { ...editable(settings), phone: '0244 000 111' };
    const first = await t.request('/api/admin/settings', asAdmin({ method: 'PUT', json, headers: { 'Idempotency-Key': key } }));
    expect(first.status).toBe(200);
    const retry = await t.request('/api/admin/settings', asAdmin({ method: 'PUT', json, headers: { 'Idempotency-Key': key } }));
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await loadAdminSettings()).settings.version).toBe(settings.version + 1);
    // A stale offline save with a new key is a conflict, remembered for its key too.
    const staleKey = randomUUID();
    const stale = await t.request(
      '/api/admin/settings',
      asAdmin({ method: 'PUT', json: { ...json, phone: '1' }, headers: { 'Idempotency-Key': staleKey } }),
    );
    expect(stale.status).toBe(409);
  });
});

describe('opening hours: PUT /api/admin/locations/:id/hours and GET /api/restaurant/status', () => {
  const at = (iso: string) => t.clock.set(new Date(iso));
  const status = async () => (await (await t.request('/api/restaurant/status')).json()) as RestaurantStatus;

  it('is open at 21:59 and closed at 22:00 Bucharest time, with the next opening at 11:00', async () => {
    // 22 Nov 2026 is winter time (UTC+2): 21:59 local = 19:59Z.
    at('2026-11-22T19:59:00.000Z');
    const open = await status();
    expect(open.isOpen).toBe(true);
    expect(open.locations.every((l) => l.closesAt === '2026-11-22T20:00:00.000Z')).toBe(true);
    at('2026-11-22T20:00:00.000Z');
    const closed = await status();
    expect(closed.isOpen).toBe(false);
    expect(closed.nextOpeningAt).toBe('2026-11-23T09:00:00.000Z');
  });

  it('order creation follows the same edge: 21:59 accepted, 22:00 refused', async () => {
    const catalogue = await loadCatalogue(t);
    const plain = catalogue.find((item) => item.groups.length === 0)!;
    const body = pickupBody(await firstLocationId(t), [plain]);
    at('2026-11-22T19:59:00.000Z');
    expect((await postOrder(t, customer, body)).status).toBe(201);
    at('2026-11-22T20:00:00.000Z');
    const refused = await postOrder(t, customer, body);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('restaurant_closed');
  });

  it('saves weekly hours with a closed day and a holiday exception', async () => {
    const { locations } = await loadAdminSettings();
    const hours: OpeningHours = {
      weekly: { ...DAILY_11_TO_22.weekly, mon: [] },
      exceptions: [{ date: '2026-12-25', intervals: [], note: 'Crăciun' }],
    };
    for (const location of locations) {
      const response = await t.request(`/api/admin/locations/${location.id}/hours`, asAdmin({ method: 'PUT', json: hours }));
      expect(response.status).toBe(200);
    }
    // Monday 23 Nov 2026 at 14:00 local: closed all day, next opening Tuesday 11:00.
    at('2026-11-23T12:00:00.000Z');
    expect(await status()).toMatchObject({ isOpen: false, nextOpeningAt: '2026-11-24T09:00:00.000Z' });
    // Friday 25 Dec 2026 (a Friday, normally open): the exception closes it.
    at('2026-12-25T12:00:00.000Z');
    expect((await status()).isOpen).toBe(false);
    at('2026-12-26T12:00:00.000Z');
    expect((await status()).isOpen).toBe(true);
    // Order creation refuses on the closed day too.
    const catalogue = await loadCatalogue(t);
    const plain = catalogue.find((item) => item.groups.length === 0)!;
    at('2026-11-23T12:00:00.000Z');
    expect((await postOrder(t, customer, pickupBody(locations[0]!.id, [plain]))).status).toBe(422);
  });

  it('the open toggle closes everything whatever the hours say', async () => {
    await t.deps.store.db.updateTable('restaurant_settings').set({ is_open: 0 }).where('id', '=', SETTINGS_ROW_ID).execute();
    expect(await status()).toMatchObject({ isOpen: false, acceptingOrders: false, nextOpeningAt: null });
  });

  it('refuses bad hours with 400 and an unknown location with 404', async () => {
    const bad = { weekly: { mon: [{ open: '25:00', close: '26:00' }] }, exceptions: [] };
    expect((await t.request('/api/admin/locations/1/hours', asAdmin({ method: 'PUT', json: bad }))).status).toBe(400);
    const inverted = { weekly: { mon: [{ open: '22:00', close: '11:00' }] }, exceptions: [] };
    expect((await t.request('/api/admin/locations/1/hours', asAdmin({ method: 'PUT', json: inverted }))).status).toBe(400);
    expect((await t.request('/api/admin/locations/999/hours', asAdmin({ method: 'PUT', json: DAILY_11_TO_22 }))).status).toBe(404);
  });
});
