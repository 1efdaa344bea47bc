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
    // The server drew the page: its chunks and the menu request wait for the paint in the template
    // (src/shared/after-paint-links.ts), which the entry appends to <head>.
    const template = /<template id="after-paint-links">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(template).toMatch(/<link rel="modulepreload" href="\/assets\/[^"]+\.js" data-after-paint>/);
    expect(template).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/react-stage-[^"]+\.js" data-after-paint>/);
    expect(template).toContain('<link rel="preload" href="/api/menu" as="fetch" crossorigin="use-credentials" data-after-paint>');
  }
  const menuRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/menu') menuRequests.push(r.url());
  });
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Produse la jar (12)' })).toBeVisible();
  await expect(page.getByTestId('menu-card').first()).toBeVisible();
  // The cards above are the server's drawing; the menu request leaves only after the paint, so wait for the app
  // to take over (the scroll spy marks a category, the drawn bar marks none) before counting.
  await expect(page.locator('.category-bar [aria-current]').first()).toBeVisible();
  await expect.poll(() => menuRequests.length).toBe(1);
  // The preloaded answer is the one the app uses: one request, not two.
  expect(menuRequests).toHaveLength(1);
});

test('a drawn page fetches the app only after its first paint, then the app takes over', async ({ page }) => {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Produse la jar (12)' })).toBeVisible();
  // The app has taken over once the scroll spy marks a category (the drawn bar marks none).
  await expect(page.locator('.category-bar [aria-current]').first()).toBeVisible();
  await expect(page.locator('#after-paint-links')).toHaveCount(0);
  await expect.poll(() => page.locator('head link[rel="modulepreload"][data-after-paint]').count()).toBeGreaterThan(0);
  const timing = await page.evaluate(() => {
    const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const appRequests = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(react-stage|start-app|menu)-[^/]+\.js$|\/api\/menu$/.test(entry.name))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime }));
    return { firstPaint, appRequests };
  });
  expect(timing.appRequests.map((entry) => new URL(entry.name).pathname.split('-')[0])).toEqual(
    expect.arrayContaining(['/assets/react', '/assets/start', '/api/menu']),
  );
  for (const request of timing.appRequests) expect(request.startTime, request.name).toBeGreaterThan(timing.firstPaint);
});
