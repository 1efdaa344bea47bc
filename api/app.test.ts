import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { apiErrorSchema } from '../src/shared/schemas/common';
import { healthSchema } from '../src/shared/schemas/health';
import { restaurantInfoSchema } from '../src/shared/schemas/restaurant';
import type { TestApp } from '../tests/setup/test-app';
import { createTestApp } from '../tests/setup/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('app shell', () => {
  it('GET /api/health answers the version and store status', async () => {
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    const health = healthSchema.parse(await response.json());
    expect(health).toMatchObject({ status: 'ok', store: { status: 'ok', dialect: 'sqlite' } });
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('GET /api/restaurant answers settings with the spec defaults and two locations', async () => {
    const info = restaurantInfoSchema.parse(await (await t.request('/api/restaurant')).json());
    expect(info.settings).toMatchObject({
      estimatedDeliveryTime: '30-45 minutes',
      deliveryRadiusKm: 10,
      zoneValidationType: 'radius',
      deliveryBaseLat: 44.9537,
      deliveryBaseLng: 26.0224,
      isOpen: true,
    });
    expect(info.locations).toHaveLength(2);
    expect(info.locations[0]?.openingHours.weekly.mon).toEqual([{ open: '11:00', close: '22:00' }]);
    expect(info.serverNow).toBe('2026-11-22T12:00:00.000Z');
  });

  it('answers unknown API paths with a JSON 404, not the app shell', async () => {
    const response = await t.request('/api/nope');
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe('not_found');
  });

  it('refuses unsafe methods from another origin or without JSON', async () => {
    const crossOrigin = await t.request('/api/health', { method: 'POST', headers: { origin: 'https://evil.example' }, json: {} });
    expect(crossOrigin.status).toBe(403);
    const noOrigin = await t.app.request('http://127.0.0.1:8080/api/health', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(noOrigin.status).toBe(403);
    const textPlain = await t.request('/api/health', { method: 'POST', body: 'x=1', headers: { 'content-type': 'text/plain' } });
    expect(textPlain.status).toBe(415);
    const form = await t.request('/api/health', {
      method: 'POST',
      body: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const unlabelled = await t.request('/api/health', { method: 'POST', body: 'x=1', headers: { 'content-length': '3' } });
    expect(unlabelled.status).toBe(415);
  });

  it('lets a same-origin request without a body through the CSRF check', async () => {
    // No route answers DELETE /api/health: a 404 means the request passed the CSRF middleware.
    const bodiless = await t.request('/api/health', { method: 'DELETE' });
    expect(bodiless.status).toBe(404);
  });

  it('sets the security headers on every answer', async () => {
    const response = await t.request('/api/menu');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers page paths with 503 and a hint while the PWA is not built', async () => {
    const response = await t.request('/menu');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });
});
