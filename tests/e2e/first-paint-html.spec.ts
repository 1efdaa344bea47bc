/**
 * QUALITY P2, the server-rendered first paint (src/entry-server.tsx, React's server renderer of the
 * app's own components): the HTML of `/`, `/menu` and `/meniul-complet` already shows the page's top
 * content; the app hydrates it (no second copy, the server's nodes kept), so nothing moves.
 * QUALITY P3: offline, the service worker answers the last server-rendered page it kept (src/sw.ts),
 * and the app hydrates that and brings it up to date from IndexedDB (cart, prices notice).
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { addSimpleItem, visitOnceOnline } from './helpers/offline-helpers';

/**
 * Before any app script runs (readyState "interactive" comes before deferred modules), remembers
 * the server-rendered node matching `selector` and, every frame while it is on the page, where it
 * is: its last place is compared with the app's node once the app has started (the same node when
 * hydration kept it; a replaced node would be a new one, which a layout-shift entry cannot report).
 */
async function watchServerNode(page: Page, selector: string) {
  await page.addInitScript((sel) => {
    const watch = {
      serverNode: null as Element | null,
      lastRect: null as { x: number; y: number; width: number; height: number } | null,
    };
    (window as unknown as { __firstPaintWatch: typeof watch }).__firstPaintWatch = watch;
    const track = () => {
      if (!watch.serverNode?.isConnected) return;
      // Page coordinates: a scroll restored by the browser or the router is not a move.
      const { x, y, width, height } = watch.serverNode.getBoundingClientRect();
      watch.lastRect = { x: x + window.scrollX, y: y + window.scrollY, width, height };
      requestAnimationFrame(track);
    };
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive' || watch.serverNode) return;
      watch.serverNode = document.querySelector(sel);
      requestAnimationFrame(track);
    });
  }, selector);
}

/** How far (px, largest of the four edges) the app's `selector` node is from where the server's was last drawn. */
const movedBy = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const { lastRect } = (
      window as unknown as { __firstPaintWatch: { lastRect: { x: number; y: number; width: number; height: number } | null } }
    ).__firstPaintWatch;
    const live = document.querySelector(sel)?.getBoundingClientRect();
    if (!lastRect || !live) return Number.POSITIVE_INFINITY;
    return Math.max(
      Math.abs(live.x + window.scrollX - lastRect.x),
      Math.abs(live.y + window.scrollY - lastRect.y),
      Math.abs(live.width - lastRect.width),
      Math.abs(live.height - lastRect.height),
    );
  }, selector);

/** Whether the page's `selector` element is equal, as a tree, to the one in `serverHtml`'s #root. */
async function sameAsServer(page: Page, serverHtml: string, selector: string, dropAttributes: string[] = []) {
  return page.evaluate(
    ({ html, sel, drop }) => {
      const parsed = new DOMParser().parseFromString(html, 'text/html');
      const prepare = (node: Element | null) => {
        if (!node) return null;
        const copy = node.cloneNode(true) as Element;
        for (const attribute of drop) for (const el of [copy, ...copy.querySelectorAll(`[${attribute}]`)]) el.removeAttribute(attribute);
        copy.normalize();
        return copy;
      };
      const server = prepare(parsed.querySelector(`#root ${sel}`));
      const live = prepare(document.querySelector(`#root ${sel}`));
      return { found: server !== null && live !== null, equal: server !== null && live !== null && server.isEqualNode(live) };
    },
    { html: serverHtml, sel: selector, drop: dropAttributes },
  );
}

/** Whether the app has hydrated the page: React's root is on #root. */
const appStarted = (page: Page) =>
  page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));

/** Whether the server's node matching `selector` is still the one on the page (hydrated, not replaced). */
const serverNodeKept = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const node = (window as unknown as { __firstPaintWatch: { serverNode: Element | null } }).__firstPaintWatch.serverNode;
    return node !== null && node.isConnected && document.querySelector(sel) === node;
  }, selector);

test('/menu: the first HTML already has the cards; after the app starts there is one copy, the same markup and nodes, no shift', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/menu')).text();
  const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script', html.indexOf('<div id="root"')));
  expect(html).toContain('<script type="application/json" id="page-state">');
  expect(root).toMatch(/<h3 class="menu-card__name" elementtiming="menu-card">Mici \(grilled skinless sausages\)<\/h3>/);
  expect(root).toContain('Off the charcoal grill');

  await watchServerNode(page, '[data-testid="menu-card"]');
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
  // The app hydrated the server's cards: the same nodes, no second copy beside them.
  await expect.poll(() => appStarted(page)).toBe(true);
  expect(await serverNodeKept(page, '[data-testid="menu-card"]')).toBe(true);
  await expect(page.locator('.menu-card__name', { hasText: /^Mici \(grilled skinless sausages\)$/ })).toHaveCount(1);
  await expect(page.locator('.site-header')).toHaveCount(1);
  await expect(page.locator('.menu-screen')).toHaveCount(1);
  // Same markup as React's: the header's logo, nav and first buttons, the whole first section, the banner's text
  // (its shop link comes with the restaurant's settings).
  for (const selector of [
    '.site-header__logo',
    '.site-header__nav',
    '.icon-button',
    '.site-header__cart',
    '.menu-section',
    '.promo-banner > div',
  ]) {
    expect(await sameAsServer(page, html, selector), selector).toEqual({ found: true, equal: true });
  }
  // The scroll spy marks a category once the app runs.
  expect(await sameAsServer(page, html, '.category-bar', ['aria-current'])).toEqual({ found: true, equal: true });
  // The first card is where the server drew it.
  expect(await movedBy(page, '[data-testid="menu-card"]')).toBeLessThan(1);
});

test('/menu: the first HTML names the dishes in the language the server draws the page in', async ({ request }) => {
  const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('<script', html.indexOf('<div id="root"')));
  const romanian = await (await request.get('/menu', { headers: { 'accept-language': 'ro-RO,ro;q=0.9' } })).text();
  expect(romanian).toContain('<html lang="ro"');
  expect(rootOf(romanian)).toMatch(/<h3 class="menu-card__name" elementtiming="menu-card">Mici<\/h3>/);
  expect(rootOf(romanian)).toContain('Produse la jar');
  expect(rootOf(romanian)).not.toContain('Off the charcoal grill');
  const english = await (await request.get('/menu', { headers: { 'accept-language': 'en-GB,en;q=0.9' } })).text();
  expect(english).toContain('<html lang="en"');
  expect(rootOf(english)).toMatch(/<h3 class="menu-card__name" elementtiming="menu-card">Mici \(grilled skinless sausages\)<\/h3>/);
  expect(rootOf(english)).not.toContain('Produse la jar');
});

test('/: the hero (its still the LCP image) is in the first HTML and is hydrated with the same markup', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('<h1 id="hero-title" class="hero__title">Grătar românesc la jar, în Ploiești</h1>');
  expect(html).toMatch(/<img class="hero__media" src="\/images\/hero.svg"[^>]* fetchPriority="high"/);

  await watchServerNode(page, '.hero__overlay');
  await page.goto('/');
  await expect(page.getByRole('tablist', { name: 'Categorii' })).toBeVisible();
  await expect.poll(() => appStarted(page)).toBe(true);
  expect(await serverNodeKept(page, '.hero__overlay')).toBe(true);
  await expect(page.locator('.hero__title')).toHaveCount(1);
  expect(await sameAsServer(page, html, '.hero__overlay')).toEqual({ found: true, equal: true });
  expect(await sameAsServer(page, html, '.site-header__nav')).toEqual({ found: true, equal: true });
  expect(await movedBy(page, '.hero__overlay')).toBeLessThan(1);
});

test('/meniul-complet: heading, count, search and chips in the first HTML; a filtered link is rendered filtered', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/meniul-complet')).text();
  expect(html).toContain('<h1 class="full-menu__title">Meniul Complet</h1>');
  const filtered = await (await request.get('/meniul-complet?q=mici')).text();
  expect(filtered).toContain('value="mici"');
  expect(filtered).toMatch(/<p class="full-menu__count" role="status">\d+ produs[e]?<!-- --> pentru „mici”<\/p>/);

  await watchServerNode(page, '.full-menu__header');
  await page.goto('/meniul-complet');
  await expect(page.getByRole('list', { name: 'Produse' })).toBeVisible();
  await expect.poll(() => appStarted(page)).toBe(true);
  expect(await serverNodeKept(page, '.full-menu__header')).toBe(true);
  await expect(page.locator('.full-menu__title')).toHaveCount(1);
  // The order box's heading and text (the phone's LCP) too, its phone button and hours with them.
  expect(html).toContain('<p>Sună-ne și comandă telefonic preparatele preferate.</p>');
  for (const selector of [
    '.full-menu__back',
    '.full-menu__header',
    '.full-menu__search',
    '.full-menu__chips',
    '#order-box-title',
    '.full-menu__order-box > p',
  ]) {
    expect(await sameAsServer(page, html, selector), selector).toEqual({ found: true, equal: true });
  }
  expect(await movedBy(page, '.full-menu__header')).toBeLessThan(1);
});

test('/menu: a tap on a server-rendered card button before the app has started opens that item once it has', async ({ page }) => {
  // Hold the app's last boot stage: the server's page stays without its app meanwhile.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-app-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await watchServerNode(page, '[data-testid="menu-card"]');
  await page.goto('/menu', { waitUntil: 'domcontentloaded' });
  expect(await appStarted(page)).toBe(false);
  const firstCard = page.getByTestId('menu-card').first();
  const name = await firstCard.locator('.menu-card__name').innerText();
  await firstCard.getByRole('button').click();
  release();
  await expect(page.getByRole('dialog')).toContainText(name);
  expect(await serverNodeKept(page, '[data-testid="menu-card"]')).toBe(true);
});

test('/meniul-complet: a term typed into the server-rendered search box before the app has started filters the list once it has', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-app-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/meniul-complet', { waitUntil: 'domcontentloaded' });
  expect(await appStarted(page)).toBe(false);
  const main = page.getByRole('main');
  const search = main.getByPlaceholder('Caută produse...');
  await search.pressSequentially('salat');
  release();
  await expect(main.getByRole('list', { name: 'Produse' }).getByRole('listitem')).toHaveCount(12);
  await expect(search).toHaveValue('salat');
  await expect(page).toHaveURL(/[?&]q=salat(&|$)/);
});

test.describe('offline, the server-rendered page the service worker kept', () => {
  test.use({ allowOfflineRequests: true });

  test('/menu: the HTML has the cards; the app hydrates it, then shows the stored cart count and the offline notice; nothing moves', async ({
    page,
    context,
  }) => {
    await visitOnceOnline(page);
    await addSimpleItem(page, 'Fries');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 items' })).toBeVisible();

    // #root as the service worker answered it, before any app script has run.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        const holder = window as unknown as { __drawnRoot?: string };
        if (document.readyState === 'interactive' && holder.__drawnRoot === undefined)
          holder.__drawnRoot = document.getElementById('root')?.outerHTML ?? '';
      });
    });
    await watchServerNode(page, '[data-testid="menu-card"]');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
    await expect(page.getByText(/You are offline: prices as of/)).toBeVisible();
    const drawn = await page.evaluate(() => (window as unknown as { __drawnRoot: string }).__drawnRoot);
    // The server's page as it was rendered online: the cards, and no device's cart (the server has none).
    expect(drawn).toMatch(/<h3 class="menu-card__name" elementtiming="menu-card">Mici \(grilled skinless sausages\)<\/h3>/);
    expect(drawn).not.toContain('menu-freshness');

    await expect.poll(() => appStarted(page)).toBe(true);
    expect(await serverNodeKept(page, '[data-testid="menu-card"]')).toBe(true);
    await expect(page.locator('.menu-card__name', { hasText: /^Mici \(grilled skinless sausages\)$/ })).toHaveCount(1);
    // After hydration, from IndexedDB: the cart's count and quantities, and how old the prices are.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 items' })).toBeVisible();
    await expect(page.getByLabel('1 in cart')).toBeVisible();
    for (const selector of ['.site-header__nav', '.menu-section__title', '.category-bar']) {
      expect(await sameAsServer(page, drawn, selector, ['aria-current']), selector).toEqual({ found: true, equal: true });
    }
    // The kept page's card was on the page at a frame (the watch's last place is from a frame
    // callback) and it is still where it was once the app has brought the page up to date.
    expect(await movedBy(page, '[data-testid="menu-card"]')).toBeLessThan(1);
    // QUALITY P3's mark is the first card's paint, the kept page's, before any app script has run
    // (the bench measures how early it comes; this checks the mark is that paint).
    const paint = await page.evaluate(
      () =>
        new Promise<{ mark: number; firstCardPaint: number }>((resolve) => {
          const observer = new PerformanceObserver((list) => {
            const first = (list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[]).find(
              (entry) => entry.identifier === 'menu-card',
            );
            if (!first) return;
            observer.disconnect();
            resolve({ mark: performance.getEntriesByName('menu-rendered')[0]?.startTime ?? Number.NaN, firstCardPaint: first.renderTime });
          });
          observer.observe({ type: 'element', buffered: true });
        }),
    );
    expect(paint.mark).toBe(paint.firstCardPaint);
  });
});
