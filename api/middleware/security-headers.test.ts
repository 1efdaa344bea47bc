/**
 * The CSP widens only for what the configuration names (issue 4): a hosted map style's hosts and,
 * with Google sign-in, Google's avatar host. The default stays 'self' only.
 */
import { afterEach, describe, expect, it } from 'vitest';

import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { parseEnv } from '../env';
import {
  buildContentSecurityPolicy,
  CONTENT_SECURITY_POLICY,
  cspSourcesFromEnv,
  GOOGLE_AVATAR_ORIGIN,
  HSTS_VALUE,
  transportSecurityHeaders,
} from './security-headers';

function directive(csp: string, name: string): string[] {
  const found = csp.split('; ').find((part) => part.startsWith(`${name} `));
  return found ? found.split(' ').slice(1) : [];
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('content security policy', () => {
  it('allows only our own origin when nothing is configured', async () => {
    t = await createTestApp();
    const csp = (await t.request('/api/health')).headers.get('content-security-policy')!;
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp).not.toContain('googleusercontent');
  });

  it('adds the hosted map style origin and MAP_CSP_ORIGINS to connect-src and img-src', async () => {
    t = await createTestApp({
      env: {
        MAP_STYLE_URL: 'https://styles.example.ro/styles/liberty.json',
        MAP_CSP_ORIGINS: 'https://tiles.example.ro, https://fonts.example.ro/',
      },
    });
    const csp = (await t.request('/api/health')).headers.get('content-security-policy')!;
    for (const name of ['connect-src', 'img-src']) {
      expect(directive(csp, name)).toEqual(
        expect.arrayContaining(['https://styles.example.ro', 'https://tiles.example.ro', 'https://fonts.example.ro']),
      );
    }
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'worker-src')).toEqual(["'self'", 'blob:']);
  });

  it('adds Google avatars to img-src only when Google sign-in is configured', async () => {
    t = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret' } });
    const csp = (await t.request('/')).headers.get('content-security-policy')!;
    expect(directive(csp, 'img-src')).toContain(GOOGLE_AVATAR_ORIGIN);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(cspSourcesFromEnv(parseEnv({ GOOGLE_CLIENT_ID: 'client' })).imageOrigins).toEqual([]);
  });

  it('does not repeat an origin named twice', () => {
    const csp = buildContentSecurityPolicy({ mapOrigins: ['https://a.example', 'https://a.example'] });
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://a.example']);
  });
});

describe('MAP_CSP_ORIGINS', () => {
  it('parses a comma-separated list of origins', () => {
    expect(parseEnv({ MAP_CSP_ORIGINS: ' https://tiles.example.ro ,https://fonts.example.ro/ ' }).MAP_CSP_ORIGINS).toEqual([
      'https://tiles.example.ro',
      'https://fonts.example.ro',
    ]);
    expect(parseEnv({}).MAP_CSP_ORIGINS).toEqual([]);
  });

  it.each([
    'tiles.example.ro',
    'https://tiles.example.ro/path',
    "'unsafe-inline'",
    'javascript:alert(1)',
    'https://a.example; script-src *',
  ])('refuses %s', (value) => {
    expect(() => parseEnv({ MAP_CSP_ORIGINS: value })).toThrow(/MAP_CSP_ORIGINS/);
  });
});

describe('defect 13: Strict-Transport-Security', () => {
  it('is sent on every answer when PUBLIC_URL is https, API and pages alike', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://comenzi.example.ro', ALLOW_TEST_PAYMENTS: 'true' } });
    for (const path of ['/api/health', '/api/menu', '/', '/api/no-such-route']) {
      expect((await t.request(path)).headers.get('strict-transport-security'), path).toBe(HSTS_VALUE);
    }
    expect(transportSecurityHeaders({ PUBLIC_URL: 'https://comenzi.example.ro' })).toEqual({ 'Strict-Transport-Security': HSTS_VALUE });
  });

  it('is never sent on plain http (a local install would lock itself out of http)', async () => {
    t = await createTestApp();
    expect((await t.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    expect(transportSecurityHeaders({ PUBLIC_URL: 'http://192.0.2.10:8080' })).toEqual({});
  });
});
