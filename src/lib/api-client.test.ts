import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod/mini';

import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { restaurantInfoSchema } from '../shared/schemas/restaurant';
import { api, apiPath, call, EMPTY_JSON_BODY } from './api-client';
import type { ApiReadPath } from './api-fetch';
import { ApiRequestError, NetworkError } from './api-fetch';

let t: TestApp | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  await t?.close();
  t = undefined;
});

/** Every request the client makes, answered by `answer` (default: 200 {}). */
function recordRequests(answer: () => Response = () => Response.json({})) {
  const requests: Array<{ url: string; init: RequestInit; headers: Headers }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      requests.push({ url, init, headers: new Headers(init.headers) });
      return Promise.resolve(answer());
    }),
  );
  return requests;
}

describe('the typed API client (hc<AppType> wrapped once)', () => {
  it('reads a route of the real server and parses its answer', async () => {
    t = await createTestApp({ env: { CAKES_SHOP_URL: 'https://torturi.example.ro/comanda' } });
    const app = t;
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => app.request(path, init));
    const restaurant = await call(api.restaurant.$get(), restaurantInfoSchema);
    expect(restaurant.cakesShopUrl).toBe('https://torturi.example.ro/comanda');
  });

  it('turns the server’s refusal into ApiRequestError with its status, code and message', async () => {
    t = await createTestApp();
    const app = t;
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => app.request(path, init as never));
    const refused = call(api.auth.login.$post({ json: { email: 'nobody@example.ro', password: 'wrong password' } }), z.unknown());
    await expect(refused).rejects.toBeInstanceOf(ApiRequestError);
    await expect(refused).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' });
  });

  it('an answer that is not the error shape still becomes ApiRequestError (http_error)', async () => {
    recordRequests(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(call(api.menu.$get(), z.unknown())).rejects.toMatchObject({ name: 'ApiRequestError', status: 502, code: 'http_error' });
  });

  it('a request that got no answer is a NetworkError, so callers take their offline path', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(call(api.menu.$get(), z.unknown())).rejects.toBeInstanceOf(NetworkError);
  });

  it('sends nothing while the browser knows it is offline (issue 27), and sends again once online', async () => {
    const requests = recordRequests();
    vi.stubGlobal('navigator', { onLine: false });
    await expect(call(api.addresses.$get(), z.unknown())).rejects.toBeInstanceOf(NetworkError);
    expect(requests).toHaveLength(0);
    vi.stubGlobal('navigator', { onLine: true });
    await expect(call(api.addresses.$get(), z.unknown())).resolves.toEqual({});
    expect(requests).toHaveLength(1);
  });

  it('sends the session cookie, accepts JSON, and sends a write as JSON with its Idempotency-Key', async () => {
    const requests = recordRequests();
    await call(
      api.profile.$patch({ json: { firstName: 'Ana', lastName: 'Pop', phone: '' } }, { headers: { 'Idempotency-Key': 'k-1' } }),
      z.unknown(),
    );
    const [request] = requests;
    expect(request?.url).toBe('/api/profile');
    expect(request?.init.method).toBe('PATCH');
    expect(request?.init.credentials).toBe('include');
    expect(request?.headers.get('accept')).toBe('application/json');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.headers.get('idempotency-key')).toBe('k-1');
    expect(JSON.parse(String(request?.init.body))).toEqual({ firstName: 'Ana', lastName: 'Pop', phone: '' });
  });

  it('fills path params and query, and a bodiless write still carries an empty JSON body (the same-origin rule)', async () => {
    const requests = recordRequests();
    await call(api.admin.staff[':userId'].invitation.$post({ param: { userId: '12' } }, EMPTY_JSON_BODY), z.unknown());
    await call(api.locations.slots.$get({ query: { lat: '44.94', lng: '26.02' } }), z.unknown());
    expect(requests.map((request) => [request.init.method, request.url])).toEqual([
      ['POST', '/api/admin/staff/12/invitation'],
      ['GET', '/api/locations/slots?lat=44.94&lng=26.02'],
    ]);
    expect(requests[0]?.init.body).toBe('{}');
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('a form body keeps the browser’s multipart type (the photo upload), not JSON', async () => {
    const requests = recordRequests();
    const form = new FormData();
    form.append('photo', new Blob(['x'], { type: 'image/png' }), 'dish.png');
    await call(api.admin.catalogue.photos.$post(undefined, { init: { body: form } }), z.unknown());
    expect(requests[0]?.init.body).toBe(form);
    expect(requests[0]?.headers.has('content-type')).toBe(false);
  });

  it('a 204 answer parses as undefined (sign-out)', async () => {
    recordRequests(() => new Response(null, { status: 204 }));
    await expect(call(api.auth.logout.$post(), z.undefined())).resolves.toBeUndefined();
  });
});

describe('outbox paths from the typed routes', () => {
  it('are the same strings entries stored before the typed client hold, so those are still sent after an upgrade', () => {
    // What the PWA stored in IndexedDB before (src/sync/outbox.ts replays request.path as stored).
    expect(apiPath(api.addresses.$path())).toBe('/api/addresses');
    expect(apiPath(api.addresses[':id'].$path({ param: { id: '7' } }))).toBe('/api/addresses/7');
    expect(apiPath(api.addresses[':id'].default.$path({ param: { id: '7' } }))).toBe('/api/addresses/7/default');
    expect(apiPath(api.orders.$path())).toBe('/api/orders');
    expect(apiPath(api.profile.$path())).toBe('/api/profile');
    expect(apiPath(api.admin.settings.$path())).toBe('/api/admin/settings');
    expect(apiPath(api.admin.inbox[':kind'][':id'].handled.$path({ param: { kind: 'feedback', id: '12' } }))).toBe(
      '/api/admin/inbox/feedback/12/handled',
    );
    expect(apiPath(api.admin.catalogue.categories[':id'].$path({ param: { id: '3' }, query: { moveDishesTo: '4' } }))).toBe(
      '/api/admin/catalogue/categories/3?moveDishesTo=4',
    );
  });
});

describe('types: a renamed route fails tsc, not Playwright', () => {
  it('knows the server’s routes, methods and bodies', () => {
    expectTypeOf(api.menu.$get).toBeFunction();
    expectTypeOf(api.addresses[':id'].$put).parameter(0).toHaveProperty('json');
    // @ts-expect-error -- no such route: `tsc -p .` fails if this line stops being an error
    expectTypeOf(api.menus).not.toBeNever();
    // @ts-expect-error -- GET /api/orders takes no JSON body... and there is no PUT on it
    expectTypeOf(api.orders.$put).not.toBeNever();
    // @ts-expect-error -- the body is checked against the route's zod schema
    expectTypeOf(api.auth.login.$post).toBeCallableWith({ json: { email: 'a@b.ro' } });
  });

  it('types the first-load reads by path too (they skip hono/client for bytes)', () => {
    expectTypeOf<'/api/restaurant'>().toExtend<ApiReadPath>();
    expectTypeOf<'/api/auth/me'>().toExtend<ApiReadPath>();
    expectTypeOf<'/api/restaurants'>().not.toExtend<ApiReadPath>();
    // POST-only and parameterised routes are not reads by path.
    expectTypeOf<'/api/auth/login'>().not.toExtend<ApiReadPath>();
    expectTypeOf<'/api/orders/:orderNumber'>().not.toExtend<ApiReadPath>();
  });
});
