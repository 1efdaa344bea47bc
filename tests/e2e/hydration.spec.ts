/**
 * Issue 24: the first paint of `/`, `/menu` and `/meniul-complet` is the server's render of the app's
 * own components, and the app hydrates it (src/boot/start-app.tsx): React's first render in the
 * browser must be the server's markup, so React keeps the server's nodes and reports no mismatch
 * (on a mismatch React logs a recoverable error and renders the page again on the client, replacing
 * those nodes). Online from the server, and offline from the copy the service worker kept. In both
 * languages: the menu's own words follow the page's language (issue 23), so the server's English or
 * Romanian dish names must be the browser's first render too.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { visitOnceOnline } from './helpers/offline-helpers';

/** The pages, each ready once a sign of the screen's language is on it (its menu content, its tabs' labels). */
const pagesIn = (firstCategory: string, firstTab: RegExp) =>
  [
    { path: '/', ready: (page: Page) => page.getByRole('tab', { name: firstTab }), node: '.hero__overlay' },
    {
      path: '/menu',
      ready: (page: Page) => page.getByRole('heading', { name: `${firstCategory} (12)` }),
      node: '[data-testid="menu-card"]',
    },
    {
      path: '/meniul-complet',
      ready: (page: Page) => page.getByRole('list', { name: 'Produse' }).getByText(firstCategory).first(),
      node: '.full-menu__header',
    },
  ] as const;

const PAGES = pagesIn('Off the charcoal grill', /Grill/);
const ROMANIAN_PAGES = pagesIn('Produse la jar', /La jar/);

/** React's hydration errors (production builds log them minified: #418 text/markup, #419-#425 the rest). */
const HYDRATION_ERROR = /hydrat|Minified React error #4(18|19|20|21|22|23|25)/i;

/** Remembers, before any app script runs, the server's node matching `selector`, and collects React's hydration errors. */
async function watchHydration(page: Page, selector: string) {
  const hydrationErrors: string[] = [];
  page.on('console', (message) => {
    if (HYDRATION_ERROR.test(message.text())) hydrationErrors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(error.message)) hydrationErrors.push(error.message);
  });
  await page.addInitScript((sel) => {
    document.addEventListener('readystatechange', () => {
      const holder = window as unknown as { __serverNode?: Element | null };
      if (document.readyState === 'interactive' && holder.__serverNode === undefined) holder.__serverNode = document.querySelector(sel);
    });
  }, selector);
  return hydrationErrors;
}

/** Whether the server's node is the one on the page now (hydrated, not replaced). */
const serverNodeKept = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const node = (window as unknown as { __serverNode?: Element | null }).__serverNode;
    return node !== null && node !== undefined && node.isConnected && document.querySelector(sel) === node;
  }, selector);

/** Whether React has taken over the page: its cards and buttons answer (the header's search opens). */
const hydrated = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

for (const { path, ready, node } of PAGES) {
  test(`${path}: the app hydrates the server's first paint, no mismatch, the server's nodes kept`, async ({ page }) => {
    const hydrationErrors = await watchHydration(page, node);
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(await serverNodeKept(page, node)).toBe(true);
    expect(hydrationErrors).toEqual([]);
  });
}

test.describe('offline, the page the service worker kept', () => {
  test.use({ allowOfflineRequests: true });

  for (const { path, ready, node } of PAGES) {
    test(`${path}: hydrated offline from the kept server page, no mismatch`, async ({ page, context }) => {
      await visitOnceOnline(page);
      // The worker keeps the server's page of each URL it answered online.
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      const hydrationErrors = await watchHydration(page, node);
      await context.setOffline(true);
      await page.reload();
      await expect(ready(page)).toBeVisible();
      await expect.poll(() => hydrated(page)).toBe(true);
      expect(await serverNodeKept(page, node)).toBe(true);
      expect(hydrationErrors).toEqual([]);
    });
  }
});

test.describe('in Romanian (a Romanian browser), the dishes named in Romanian', () => {
  test.use({ locale: 'ro-RO', allowOfflineRequests: true });

  for (const { path, ready, node } of ROMANIAN_PAGES) {
    test(`${path}: the app hydrates the server's Romanian first paint, no mismatch, the server's nodes kept`, async ({ page }) => {
      const hydrationErrors = await watchHydration(page, node);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
      await expect(ready(page)).toBeVisible();
      await expect.poll(() => hydrated(page)).toBe(true);
      expect(await serverNodeKept(page, node)).toBe(true);
      expect(hydrationErrors).toEqual([]);
    });
  }

  test("/menu: hydrated offline from the worker's kept Romanian page, no mismatch", async ({ page, context }) => {
    const { path, ready, node } = ROMANIAN_PAGES[1];
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(ready(page)).toBeVisible();
    const hydrationErrors = await watchHydration(page, node);
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
    await expect(ready(page)).toBeVisible();
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(await serverNodeKept(page, node)).toBe(true);
    expect(hydrationErrors).toEqual([]);
  });
});
