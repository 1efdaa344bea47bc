/**
 * Issue 21, defect 4: with PAYMENTS=test the server says so — GET /api/restaurant carries
 * `testPayments`, and every page it serves has the "Test mode — no real payments" notice in its
 * HTML (the first paint, before any script). With Stripe, neither.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { restaurantInfoSchema } from '../../src/shared/schemas/restaurant';
import { TEST_MODE_NOTICE_TEXT, testModeNoticeHtml } from '../../src/shared/test-mode-notice';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp, makeTempDir } from '../../tests/setup/test-app';

const SHELL =
  '<!doctype html><html lang="ro"><head><title>Casa</title></head><body><div id="root"></div><script type="module" src="/assets/index-A.js"></script></body></html>';
const PAGES = ['/', '/menu', '/meniul-complet', '/checkout', '/admin', '/order-confirmation/ORD-1?status=success', '/no-such-page'];

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

function withBuild(env: Record<string, string> = {}): Promise<TestApp> {
  const staticDir = makeTempDir('storefront-notice-dist-');
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), SHELL);
  return createTestApp({ env: { STATIC_DIR: staticDir, ...env } });
}

describe('test-mode notice', () => {
  it('defect 4: PAYMENTS=test (the default) puts the notice in every page and says so in /api/restaurant', async () => {
    t = await withBuild();
    const info = restaurantInfoSchema.parse(await (await t.request('/api/restaurant')).json());
    expect(info.testPayments).toBe(true);
    for (const page of PAGES) {
      const html = await (await t.request(page)).text();
      expect(html, page).toContain(testModeNoticeHtml());
      expect(html.split(TEST_MODE_NOTICE_TEXT), page).toHaveLength(2);
      // Outside #root, right before it: React's first commit replaces #root's content, never the notice.
      expect(html.indexOf(testModeNoticeHtml()), page).toBeLessThan(html.indexOf('<div id="root"'));
    }
    // The shell file itself (what the service worker precaches) stays plain: the worker adds the
    // notice from the stored restaurant answer, so a later switch to Stripe is not stuck in a cache.
    expect(await (await t.request('/index.html')).text()).not.toContain(TEST_MODE_NOTICE_TEXT);
  });

  it('defect 4: with Stripe there is no notice anywhere', async () => {
    t = await withBuild({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    const info = restaurantInfoSchema.parse(await (await t.request('/api/restaurant')).json());
    expect(info.testPayments).toBe(false);
    for (const page of PAGES) expect(await (await t.request(page)).text(), page).not.toContain(TEST_MODE_NOTICE_TEXT);
  });
});
