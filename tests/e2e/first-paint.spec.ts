/**
 * QUALITY P2/P3, the first paint: offline, the cart count is on screen with the menu cards, from what
 * IndexedDB kept (the service worker's first paint, then the start-up read; no wait for Dexie); online, the server
 * names each first-paint page's chunks and the menu request in the shell, and the page still works.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { addSimpleItem, visitOnceOnline } from './helpers/offline-helpers';

test.use({ allowOfflineRequests: true });

/** Records, from before any app script runs, what the header's cart button said when the menu was first on screen. */
async function watchFirstRender(page: Page) {
  await page.addInitScript(() => {
    const seen = { cartAtMark: null as string | null };
    (window as unknown as { __firstPaint: typeof seen }).__firstPaint = seen;
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('menu-rendered').length > 0 && seen.cartAtMark === null)
        seen.cartAtMark = document.querySelector('.site-header__cart')?.getAttribute('aria-label') ?? '';
    }).observe({ type: 'mark', buffered: true });
  });
}

test('offline reload: the cart count is on screen with the menu cards, from the start-up read', async ({ page, context }) => {
  await visitOnceOnline(page);
  await addSimpleItem(page, 'Cartofi prăjiți');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 items' })).toBeVisible();

  await watchFirstRender(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Produse la jar (12)' })).toBeVisible();
  await expect(page.getByText(/You are offline: prices as of/)).toBeVisible();
  // The mark comes from the browser's paint report, delivered in a task of its own.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __firstPaint: { cartAtMark: string | null } }).__firstPaint.cartAtMark))
    .toBe('Cart, 1 items');
});

test("online: the shell names each first-paint page's chunks and the menu request, and the app uses that one menu request", async ({
  page,
  request,
}) => {
  for (const pagePath of ['/', '/menu', '/meniul-complet']) {
    const html = await (await request.get(pagePath)).text();
    // Low priority when the server drew the page (api/routes/static.ts lowerScriptPriority).
    expect(html).toMatch(/<link rel="modulepreload"( fetchpriority="low")? href="\/assets\/[^"]+\.js">/);
    expect(html).toMatch(/<link rel="preload"( fetchpriority="low")? href="\/api\/menu" as="fetch" crossorigin="use-credentials">/);
  }
  const menuRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/menu') menuRequests.push(r.url());
  });
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Produse la jar (12)' })).toBeVisible();
  await expect(page.getByTestId('menu-card').first()).toBeVisible();
  // The preloaded answer is the one the app uses: one request, not two.
  expect(menuRequests).toHaveLength(1);
});
