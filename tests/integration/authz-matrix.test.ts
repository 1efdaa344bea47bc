/**
 * QUALITY S1, the authorization matrix: every route the router has needs a rule in ROUTE_RULES
 * (a new route without one fails here), and guest, customer A, customer B and the manager are run
 * against every route with real ids (A's cash order, A's card order, A's address). B never reads
 * or changes anything of A's (404, and the store is byte-for-byte the same after all of B's
 * requests); guests get 401 and customers 403 on every /api/admin route.
 */
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order } from '../../src/shared/schemas/order';
import type { TestUser } from '../setup/auth';
import { createUserWithSession } from '../setup/auth';
import { storeSnapshot } from '../setup/store-snapshot';
import type { TestApp } from '../setup/test-app';
import { createTestApp } from '../setup/test-app';
import { firstLocationId, insertAddress, loadCatalogue, pickupBody, placeOrder } from './order-fixtures';
import type { AccessRule } from './route-table';
import { endpoints, ENDS_CALLERS_SESSION, fillPath, ROUTE_RULES, routerRoutes } from './route-table';

const HTTP_UNAUTHORIZED = 401;
const HTTP_FORBIDDEN = 403;
const HTTP_NOT_FOUND = 404;

const ADDRESS_BODY = {
  label: 'home',
  streetAddress: 'Strada Doja Gheorghe 12',
  city: 'Ploiești',
  postalCode: '100151',
  country: 'Romania',
  latitude: 44.9418,
  longitude: 26.0336,
  formattedAddress: 'Strada Doja Gheorghe 12, 100151 Ploiești, Romania',
  placeId: 'gazetteer:strada-doja-gheorghe:12',
  pinConfirmed: true,
};

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let cashOrder: Order;
let cardOrder: Order;
let addressId: number;

/** A valid request for an owner route aimed at A's resource, so only the ownership check can refuse it. */
function ownerRequest(method: string, path: string): { url: string; body?: unknown } {
  const orderNumber = /payment/.test(path) ? cardOrder.orderNumber : cashOrder.orderNumber;
  const url = fillPath(path, { orderNumber, id: String(addressId) });
  if (path === '/api/payments/session-status') return { url: `${url}?session_id=cs_test_unknown&orderNumber=${cardOrder.orderNumber}` };
  if (path === '/api/payments/create-checkout-session') return { url, body: { orderNumber: cardOrder.orderNumber } };
  if (path.endsWith('/feedback')) return { url, body: { rating: 5, message: 'Foarte bun' } };
  if (method === 'PUT' && path.startsWith('/api/addresses/')) return { url, body: { ...ADDRESS_BODY, streetAddress: 'Hijacked 1' } };
  return { url, body: method === 'GET' ? undefined : {} };
}

async function send(method: string, url: string, who: TestUser | null, body?: unknown): Promise<Response> {
  const response = await t.request(url, {
    method,
    headers: who ? { cookie: who.cookie, 'Idempotency-Key': randomUUID() } : { 'Idempotency-Key': randomUUID() },
    ...(body === undefined ? {} : { json: body }),
  });
  // Event streams stay open: read the status and hang up.
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) await response.body?.cancel();
  return response;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t);
  bob = await createUserWithSession(t);
  admin = await createUserWithSession(t, { role: 'admin' });
  const catalogue = await loadCatalogue(t);
  const locationId = await firstLocationId(t);
  const plain = [catalogue.find((i) => i.groups.length === 0)!];
  cashOrder = await placeOrder(t, alice, pickupBody(locationId, plain));
  cardOrder = await placeOrder(t, alice, pickupBody(locationId, plain, { paymentMethod: 'card' }));
  addressId = await insertAddress(t, alice.id);
});

afterAll(async () => {
  await t.close();
});

describe('S1: the route table covers the router', () => {
  it('every route the router has has a rule, and every rule names a route the router has', () => {
    const routes = routerRoutes(t).map((route) => route.key);
    expect(
      routes.filter((key) => !(key in ROUTE_RULES)),
      'routes without a rule in ROUTE_RULES',
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_RULES).filter((key) => !routes.includes(key)),
      'rules for routes that no longer exist',
    ).toEqual([]);
  });

  it('every /api/admin endpoint is admin-only', () => {
    const adminRoutes = endpoints(t).filter((route) => route.path.startsWith('/api/admin'));
    expect(adminRoutes.length).toBeGreaterThan(5);
    for (const route of adminRoutes) expect(route.rule, route.key).toBe('admin');
  });
});

describe('S1: guest, customer A, customer B and the manager against every route', () => {
  const byRule = (rule: AccessRule) => () => endpoints(t).filter((route) => route.rule === rule);

  it('admin routes: guests 401, customers 403, the manager gets past the guard', async () => {
    for (const route of byRule('admin')()) {
      const url = fillPath(route.path, { orderNumber: cashOrder.orderNumber, id: '1' });
      const body = route.method === 'GET' ? undefined : {};
      expect((await send(route.method, url, null, body)).status, `guest ${route.key}`).toBe(HTTP_UNAUTHORIZED);
      expect((await send(route.method, url, alice, body)).status, `A ${route.key}`).toBe(HTTP_FORBIDDEN);
      expect((await send(route.method, url, bob, body)).status, `B ${route.key}`).toBe(HTTP_FORBIDDEN);
      expect([HTTP_UNAUTHORIZED, HTTP_FORBIDDEN], `manager ${route.key}`).not.toContain(
        (await send(route.method, url, admin, body)).status,
      );
    }
  });

  it("a manager limited to the other kitchen (issue 22): 404 on this kitchen's orders, 403 on its board and on every staff route, and changes nothing", async () => {
    const locations = await t.deps.store.db.selectFrom('locations').select('id').orderBy('sort_order').orderBy('id').execute();
    const otherKitchen = locations.find((location) => location.id !== cashOrder.kitchenLocationId)!.id;
    const limited = await createUserWithSession(t, { role: 'admin' });
    await t.deps.store.db.updateTable('users').set({ manager_location_id: otherKitchen }).where('id', '=', limited.id).execute();
    const before = await storeSnapshot(t);
    const orderRoutes = byRule('admin')().filter((route) => route.path.includes(':orderNumber'));
    expect(orderRoutes.length).toBeGreaterThan(5);
    for (const route of orderRoutes) {
      const url = fillPath(route.path, { orderNumber: cashOrder.orderNumber, refundId: '1' });
      expect((await send(route.method, url, limited, {})).status, `limited ${route.key}`).toBe(HTTP_NOT_FOUND);
    }
    expect((await send('GET', `/api/admin/board?location=${cashOrder.kitchenLocationId}`, limited)).status).toBe(HTTP_FORBIDDEN);
    expect((await send('PUT', `/api/admin/staff/${limited.id}/location`, limited, { locationId: null })).status).toBe(HTTP_FORBIDDEN);
    // Every staff route (issue 22, docs/decisions/0146-manager-accounts-invited-by-mail.md), with a valid body too.
    const invitation = { email: 'new-manager@example.ro', firstName: 'Nou', lastName: 'Manager', locationId: null };
    for (const route of byRule('admin')().filter((r) => r.path.startsWith('/api/admin/staff'))) {
      const url = fillPath(route.path, { userId: String(admin.id) });
      const body =
        route.method === 'GET' ? undefined : route.method === 'POST' && !route.path.includes(':') ? invitation : { locationId: null };
      expect((await send(route.method, url, limited, body)).status, `limited ${route.key}`).toBe(HTTP_FORBIDDEN);
    }
    const board = await (await send('GET', '/api/admin/board', limited)).text();
    expect(board).not.toContain(cashOrder.orderNumber);
    expect(await storeSnapshot(t), "the store after all of the limited manager's requests").toEqual(before);
  });

  it('customer routes: guests 401, signed-in people get past the guard', async () => {
    for (const route of byRule('customer')()) {
      const body = route.method === 'GET' ? undefined : {};
      expect((await send(route.method, route.path, null, body)).status, `guest ${route.key}`).toBe(HTTP_UNAUTHORIZED);
      // A route that ends the caller's sessions gets a throwaway account, so B stays signed in for the rest.
      const who = ENDS_CALLERS_SESSION.has(route.key) ? await createUserWithSession(t) : bob;
      expect([HTTP_UNAUTHORIZED, HTTP_FORBIDDEN], `B ${route.key}`).not.toContain((await send(route.method, route.path, who, body)).status);
    }
  });

  it("owner routes: guests 401, B gets 404 on A's order, address and payment and changes nothing; A reads her own", async () => {
    const before = await storeSnapshot(t);
    for (const route of byRule('owner')()) {
      const { url, body } = ownerRequest(route.method, route.path);
      expect((await send(route.method, url, null, body)).status, `guest ${route.key}`).toBe(HTTP_UNAUTHORIZED);
      const asBob = await send(route.method, url, bob, body);
      expect(asBob.status, `B ${route.key} ${url}`).toBe(HTTP_NOT_FOUND);
      expect(JSON.stringify(await asBob.json().catch(() => null))).not.toContain(alice.email);
    }
    expect(await storeSnapshot(t), "the store after all of B's requests").toEqual(before);

    for (const route of byRule('owner')().filter((r) => r.method === 'GET')) {
      const { url } = ownerRequest(route.method, route.path);
      const status = (await send(route.method, url, alice, undefined)).status;
      expect([HTTP_UNAUTHORIZED, HTTP_FORBIDDEN, HTTP_NOT_FOUND], `A ${route.key}`).not.toContain(status);
    }
  });

  it("B's own lists and profile never show A's orders, addresses or details", async () => {
    const orders = await (await send('GET', '/api/orders', bob)).text();
    expect(orders).not.toContain(cashOrder.orderNumber);
    expect(orders).not.toContain(cardOrder.orderNumber);
    const addresses = (await (await send('GET', '/api/addresses', bob)).json()) as unknown;
    expect(JSON.stringify(addresses)).not.toContain('Mihai Bravu');
    const profile = await (await send('GET', '/api/profile', bob)).text();
    expect(profile).not.toContain(alice.email);
    // ...while A sees her own.
    expect(await (await send('GET', '/api/orders', alice)).text()).toContain(cashOrder.orderNumber);
  });

  it('public routes answer guests without asking them to sign in', async () => {
    for (const route of byRule('public')()) {
      const body = route.method === 'GET' ? undefined : {};
      const status = (await send(route.method, route.path, null, body)).status;
      expect([HTTP_UNAUTHORIZED, HTTP_FORBIDDEN], `guest ${route.key}`).not.toContain(status);
    }
  });

  it('the webhook refuses an unsigned event from anyone, and changes nothing', async () => {
    const before = await storeSnapshot(t);
    for (const route of byRule('webhook-signed')()) {
      for (const who of [null, alice, admin]) {
        const response = await t.request(route.path, {
          method: 'POST',
          headers: who ? { cookie: who.cookie } : {},
          json: { type: 'checkout.session.completed', data: { object: { client_reference_id: cardOrder.orderNumber } } },
        });
        expect(response.status, route.key).toBe(400);
      }
    }
    expect(await storeSnapshot(t)).toEqual(before);
  });

  it('the metrics need their token or a scraper on the same machine: no session opens them, not even the manager', async () => {
    // This app has no METRICS_TOKEN and its requests come through no socket (not from this machine):
    // everyone is refused (tests/integration/metrics.test.ts covers the token and the loopback peer).
    const routes = byRule('metrics-token')();
    expect(routes.map((route) => route.key)).toEqual(['GET /api/metrics']);
    for (const route of routes) {
      for (const who of [null, alice, admin]) {
        const response = await send(route.method, route.path, who);
        expect(response.status, `${who?.email ?? 'guest'} ${route.key}`).toBe(HTTP_FORBIDDEN);
        expect(await response.text()).not.toContain('storefront_orders');
      }
    }
  });

  it('test checkout pages need the unguessable session id: an unknown one is 404 for everyone', async () => {
    for (const route of byRule('capability')()) {
      const url = fillPath(route.path, { sessionId: `cs_test_${randomUUID()}` });
      for (const who of [null, bob]) {
        const response = await t.request(url, {
          method: route.method,
          headers: { ...(who ? { cookie: who.cookie } : {}), 'content-type': 'application/x-www-form-urlencoded' },
          body: route.method === 'GET' ? undefined : 'action=pay',
        });
        expect(response.status, route.key).toBe(HTTP_NOT_FOUND);
      }
    }
  });
});
