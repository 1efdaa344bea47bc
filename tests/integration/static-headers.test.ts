/**
 * QUALITY S5: cache and security headers per path class on the built PWA: the shell, the service
 * worker and the manifest always revalidate; hashed assets are immutable; other public files get a
 * day; unknown page paths get the shell; a missing asset is a real 404; personal API answers no-store.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONTENT_SECURITY_POLICY } from '../../api/middleware/security-headers';
import { createUserWithSession } from '../setup/auth';
import type { TestApp } from '../setup/test-app';
import { createTestApp, makeTempDir } from '../setup/test-app';
import { firstLocationId, insertAddress, loadCatalogue, pickupBody, placeOrder } from './order-fixtures';

let t: TestApp;
let staticDir: string;

beforeAll(async () => {
  staticDir = makeTempDir('storefront-static-');
  mkdirSync(path.join(staticDir, 'assets'));
  mkdirSync(path.join(staticDir, 'images'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{"name":"x"}');
  writeFileSync(path.join(staticDir, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(path.join(staticDir, 'images', 'mici.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(staticDir, '.vite'));
  writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), '{"index.html":{}}');
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('headers per path class', () => {
  it.each([
    ['/', 'no-cache'],
    ['/menu', 'no-cache'],
    ['/order-details/ORD-1', 'no-cache'],
    ['/sw.js', 'no-cache'],
    ['/manifest.webmanifest', 'no-cache'],
    ['/assets/index-AbC123.js', 'public, max-age=31536000, immutable'],
    ['/images/mici.svg', 'public, max-age=86400'],
  ])('%s → Cache-Control %s', async (pathname, expected) => {
    const response = await t.request(pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(expected);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never serves the build manifest or another dot path', async () => {
    for (const pathname of ['/.vite/manifest.json', '/.env', '/assets/.hidden.js']) {
      const response = await t.request(pathname);
      expect(response.status, pathname).toBe(404);
      expect(await response.text()).not.toContain('index.html');
    }
  });

  it('serves the shell for page paths and a 404 for a missing asset', async () => {
    expect(await (await t.request('/meniul-complet')).text()).toContain('<div id="root"');
    expect((await t.request('/assets/index-gone.js')).status).toBe(404);
  });

  it('never lets a cache keep an API answer unless the route says so', async () => {
    expect((await t.request('/api/health')).headers.get('cache-control')).toBe('no-store');
    expect((await t.request('/api/auth/me')).headers.get('cache-control')).toBe('no-store');
    expect((await t.request('/api/menu')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers every personal API read no-store, found or not (orders, addresses, profile, payments)', async () => {
    const alice = await createUserWithSession(t);
    const catalogue = await loadCatalogue(t);
    const order = await placeOrder(t, alice, pickupBody(await firstLocationId(t), [catalogue.find((i) => i.groups.length === 0)!]));
    const addressId = await insertAddress(t, alice.id);
    const personal = [
      '/api/auth/me',
      '/api/profile',
      '/api/orders',
      `/api/orders/${order.orderNumber}`,
      `/api/orders/${order.orderNumber}/receipt`,
      '/api/orders/ORD-NOPE',
      '/api/addresses',
      `/api/payments/session-status?session_id=cs_test_x&orderNumber=${order.orderNumber}`,
      `/api/payments/test-receipt/${order.orderNumber}`,
    ];
    for (const pathname of personal) {
      const response = await t.request(pathname, { headers: { cookie: alice.cookie } });
      expect(response.headers.get('cache-control'), pathname).toBe('no-store');
      expect(response.headers.get('content-security-policy'), pathname).toBe(CONTENT_SECURITY_POLICY);
    }
    // Writes answer no-store too (a proxy must not keep a created address or order).
    const write = await t.request(`/api/addresses/${addressId}/default`, { method: 'POST', headers: { cookie: alice.cookie } });
    expect(write.status).toBeLessThan(300);
    expect(write.headers.get('cache-control')).toBe('no-store');
  });

  it('forbids inline scripts, eval and framing in the CSP', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });
});
