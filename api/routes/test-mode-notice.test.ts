/**
 * Issue 21, defect 4: with PAYMENTS=test the server says so — GET /api/restaurant carries
 * `testPayments`, and every page it serves shows the "Test mode — no real payments" notice in its
 * HTML (the first paint, before any script): the shell's own notice (index.html), its `hidden`
 * removed. With Stripe, neither: the notice stays hidden.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { FIRST_PAINT_PATHS, SERVER_RENDERER_FILE } from '../../src/shared/page-state';
import { restaurantInfoSchema } from '../../src/shared/schemas/restaurant';
import { TEST_MODE_NOTICE_ATTRIBUTES, TEST_MODE_NOTICE_TEXT } from '../../src/shared/test-mode-notice';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp, makeTempDir } from '../../tests/setup/test-app';

/** The app's own shell (the build serves it with its script renamed; nothing here depends on that). */
const SHELL = readFileSync(path.resolve('index.html'), 'utf8');
const SHOWN = `${TEST_MODE_NOTICE_ATTRIBUTES}>`;
const HIDDEN = `${TEST_MODE_NOTICE_ATTRIBUTES} hidden>`;
const PAGES = ['/', '/menu', '/meniul-complet', '/checkout', '/admin', '/order-confirmation/ORD-1?status=success', '/no-such-page'];

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** A stand-in for the build's SSR entry (src/entry-server.tsx): the first-paint pages come back rendered. */
const RENDERER = `export async function renderPage(url) {
  return { html: '<div class="app" data-rendered="' + url + '"></div>', state: { queries: [] } };
}`;

function withBuild(env: Record<string, string> = {}, { serverRendered = false } = {}): Promise<TestApp> {
  const staticDir = makeTempDir('storefront-notice-dist-');
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), SHELL);
  if (serverRendered) {
    mkdirSync(path.dirname(path.join(staticDir, SERVER_RENDERER_FILE)), { recursive: true });
    writeFileSync(path.join(staticDir, SERVER_RENDERER_FILE), RENDERER);
  }
  return createTestApp({ env: { STATIC_DIR: staticDir, ...env } });
}

describe('test-mode notice', () => {
  it('defect 4: PAYMENTS=test (the default) puts the notice in every page and says so in /api/restaurant', async () => {
    t = await withBuild();
    const info = restaurantInfoSchema.parse(await (await t.request('/api/restaurant')).json());
    expect(info.testPayments).toBe(true);
    for (const page of PAGES) {
      const html = await (await t.request(page)).text();
      expect(html, page).toContain(SHOWN);
      expect(html, page).not.toContain(HIDDEN);
      expect(html.split(TEST_MODE_NOTICE_TEXT), page).toHaveLength(2);
      // Outside #root, right before it: React's first commit replaces #root's content, never the notice.
      expect(html.indexOf(SHOWN), page).toBeLessThan(html.indexOf('<div id="root"'));
    }
    // The shell file itself (what the service worker precaches) stays as built, the notice hidden:
    // the worker shows it from the stored restaurant answer, so a later switch to Stripe is not stuck in a cache.
    const shellFile = await (await t.request('/index.html')).text();
    expect(shellFile).toContain(HIDDEN);
    expect(shellFile).not.toContain(SHOWN);
  });

  it('defect 4: with Stripe there is no notice anywhere', async () => {
    t = await withBuild({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    const info = restaurantInfoSchema.parse(await (await t.request('/api/restaurant')).json());
    expect(info.testPayments).toBe(false);
    for (const page of PAGES) {
      const html = await (await t.request(page)).text();
      expect(html, page).toContain(HIDDEN);
      expect(html, page).not.toContain(SHOWN);
    }
  });

  it('defect 4: a server-rendered first paint shows the notice as the shell pages do; with Stripe it stays hidden', async () => {
    for (const [env, shown] of [
      [{}, true],
      [{ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, false],
    ] as const) {
      t = await withBuild(env, { serverRendered: true });
      for (const page of FIRST_PAINT_PATHS) {
        const html = await (await t.request(page)).text();
        expect(html, page).toContain(`data-rendered="${page}"`);
        expect(html, page).toContain(shown ? SHOWN : HIDDEN);
        expect(html, page).not.toContain(shown ? HIDDEN : SHOWN);
        expect(html.indexOf(TEST_MODE_NOTICE_ATTRIBUTES), page).toBeLessThan(html.indexOf('<div id="root"'));
      }
      await t.close();
      t = null;
    }
  });
});
