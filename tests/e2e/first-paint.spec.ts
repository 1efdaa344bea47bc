/**
 * QUALITY P2/P3, the first paint: offline, the menu cards are on screen from the server-rendered page
 * the service worker kept, and the cart count IndexedDB kept follows once the app has hydrated it;
 * online, the server names each first-paint page's chunks in the shell and carries the answers it
 * rendered from, and the app asks for the menu once, after it has taken over.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { expectHydrated } from './helpers/hydration';
import { addSimpleItem, visitOnceOnline } from './helpers/offline-helpers';

test.use({ allowOfflineRequests: true });

/** Records, from before any app script runs, whether the menu cards were painted before the app had started. */
async function watchFirstRender(page: Page) {
  await page.addInitScript(() => {
    const seen = { paintedBeforeApp: null as boolean | null };
    (window as unknown as { __firstPaint: typeof seen }).__firstPaint = seen;
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('menu-rendered').length > 0 && seen.paintedBeforeApp === null)
        seen.paintedBeforeApp = !Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer'));
    }).observe({ type: 'mark', buffered: true });
  });
}

test('offline reload: the menu cards are on screen from the kept page, and the stored cart count follows', async ({ page, context }) => {
  await visitOnceOnline(page);
  await addSimpleItem(page, 'Fries');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 items' })).toBeVisible();

  await watchFirstRender(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
  await expect(page.getByText(/You are offline: prices as of/)).toBeVisible();
  // The mark comes from the browser's paint report, delivered in a task of its own: the kept page's
  // cards, painted before the app's scripts had started.
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __firstPaint: { paintedBeforeApp: boolean | null } }).__firstPaint.paintedBeforeApp),
    )
    .toBe(true);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 items' })).toBeVisible();
});

test("online: the shell names each first-paint page's chunks and carries the answers; the app asks for the menu once", async ({
  page,
  request,
}) => {
  for (const pagePath of ['/', '/menu', '/meniul-complet']) {
    const html = await (await request.get(pagePath)).text();
    // The server rendered the page: its chunks wait for the paint in the template
    // (src/shared/after-paint-links.ts), which the entry appends to <head>.
    const template = /<template id="after-paint-links">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(template).toMatch(/<link rel="modulepreload" href="\/assets\/[^"]+\.js" data-after-paint>/);
    expect(template).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/react-stage-[^"]+\.js" data-after-paint>/);
    // The answers the server rendered from come with the page (src/shared/page-state.ts).
    const state = /<script type="application\/json" id="page-state">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(state).toContain('"queryKey":["menu"]');
  }
  const menuRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/menu') menuRequests.push(r.url());
  });
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
  await expect(page.getByTestId('menu-card').first()).toBeVisible();
  // The cards above are the server's; the app asks for the current menu once it has hydrated the
  // screen, so wait for it to take over.
  await expectHydrated(page.locator('.category-bar button').first());
  await expect.poll(() => menuRequests.length).toBe(1);
  // One request, not one per component or loader.
  expect(menuRequests).toHaveLength(1);
});

test('a server-rendered page fetches the app only after its first paint, then the app takes over', async ({ page }) => {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
  await expectHydrated(page.locator('.category-bar button').first());
  await expect(page.locator('#after-paint-links')).toHaveCount(0);
  await expect.poll(() => page.locator('head link[rel="modulepreload"][data-after-paint]').count()).toBeGreaterThan(0);
  // The app asks for the current menu once it has hydrated the screen.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/api\/menu$/.test(entry.name))))
    .toBe(true);
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

test('a page scrolled before the app has hydrated it stays where the reader put it, and a tap there opens that dish', async ({ page }) => {
  // The app's code arrives only once the reader has scrolled down the server's page (a slow network).
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route(/\/assets\/start-app-[^/]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto('/menu');
  const bread = page.getByRole('button', { name: 'Add Loaf of bread, 600 g' });
  await bread.scrollIntoViewIfNeeded();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(0);
  releaseApp();
  await expectHydrated(bread);
  // The app asks for the menu once its screen is mounted: by then its router has drawn the page.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/api\/menu$/.test(entry.name))))
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  await bread.click();
  await expect(page.getByRole('dialog', { name: 'Loaf of bread, 600 g' }).getByRole('button', { name: /Add to Cart/ })).toBeVisible();
});
