/**
 * Issue 27: no page scrolls sideways on a phone. Every route — as a guest, as a signed-in customer
 * with orders, as the manager, and offline — at 360, 390 and 412 px wide: the document is exactly as
 * wide as the viewport, and the header's 'Sign In' is inside it. Phone project only
 * (playwright.config.ts PHONE_ONLY_SPECS). Kept fast: one page, resized with setViewportSize, one
 * visit per route per width.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { signUpViaApi } from './helpers/auth';
import { addDefaultAddress, menuOf, placeOrderViaApi, seedCart, simpleItems } from './helpers/order-helpers';
import { visitOnceOnline } from './helpers/offline-helpers';

const WIDTHS = [360, 390, 412] as const;
const HEIGHT = 800;
const ADMIN = { email: 'manager@casagratarului.ro', password: 'manager-e2e-password' };

/** How much wider than the viewport the page is, and what sticks out (for the failure message). */
async function overflowOf(page: Page): Promise<{ documentWidth: number; viewport: number; culprits: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const documentWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const culprits: string[] = [];
    if (documentWidth > viewport) {
      // The outermost elements that stick out (their parent does not), for the failure message.
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        const box = element.getBoundingClientRect();
        const parent = element.parentElement?.getBoundingClientRect();
        if (box.width > 0 && box.right > viewport + 0.5 && (!parent || parent.right <= viewport + 0.5) && culprits.length < 5) {
          culprits.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} right=${Math.round(box.right)}`);
        }
      }
    }
    return { documentWidth, viewport, culprits };
  });
}

/** Visit every route at every width and expect no sideways scroll; `ready` says the page has drawn. */
async function expectNoSidewaysScroll(page: Page, routes: readonly string[], ready: (route: string) => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    for (const route of routes) {
      await page.goto(route);
      await ready(route);
      const { documentWidth, viewport, culprits } = await overflowOf(page);
      expect(viewport, `${route} at ${width} px`).toBe(width);
      expect(documentWidth, `${route} at ${width} px is ${documentWidth} px wide: ${culprits.join(', ')}`).toBe(width);
    }
  }
}

const mainDrawn = (page: Page) => async () => {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
};

test('guest: every public route, with Sign In inside the header', async ({ page }) => {
  // Dozens of page visits (each route at three widths): more than one ordinary test's time.
  test.slow();
  const routes = [
    '/',
    '/menu',
    '/meniul-complet',
    '/category-menu',
    '/about',
    '/contact',
    '/checkout',
    '/orders',
    '/order-history',
    '/profile',
    '/admin',
    '/order-details/ORD-1795348800000ABCDEFGHI',
    '/nu-exista',
  ];
  await expectNoSidewaysScroll(page, routes, async (route) => {
    await expect(page.getByRole('main')).toBeVisible();
    // By its class: a route that opens the sign-in dialog makes the header inert for assistive tech.
    const signIn = page.locator('.site-header .account-menu__sign-in');
    await expect(signIn, route).toBeVisible();
    const right = await signIn.evaluate((element) => element.getBoundingClientRect().right);
    expect(right, `Sign In on ${route}`).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
});

test('signed in with orders: checkout, orders, order pages, profile', async ({ page }) => {
  // Dozens of page visits (each route at three widths): more than one ordinary test's time.
  test.slow();
  await signUpViaApi(page);
  await addDefaultAddress(page);
  const items = simpleItems(await menuOf(page));
  const cash = await placeOrderViaApi(page, { paymentMethod: 'cash', lines: [{ item: items[0]!, quantity: 2 }] });
  const card = await placeOrderViaApi(page, { paymentMethod: 'card', lines: [{ item: items[1]!, quantity: 1 }] });
  await seedCart(page, [{ item: items[0]!, quantity: 3 }]);
  const routes = [
    '/checkout',
    '/orders',
    '/order-history',
    '/profile',
    `/order-details/${cash.orderNumber}`,
    `/order-confirmation/cash/${cash.orderNumber}?status=success`,
    `/order-confirmation/${card.orderNumber}`,
    `/retry-payment/${card.orderNumber}`,
  ];
  await expectNoSidewaysScroll(page, routes, async (route) => {
    await mainDrawn(page)();
    if (route.includes(cash.orderNumber)) await expect(page.getByText(cash.orderNumber).first()).toBeVisible();
  });
});

test('the manager: every admin section', async ({ page }) => {
  // Dozens of page visits (each route at three widths): more than one ordinary test's time.
  test.slow();
  const login = await page.request.post(`${serverOrigin()}/api/auth/login`, {
    data: ADMIN,
    headers: { origin: serverOrigin(), 'content-type': 'application/json' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const sections = ['general', 'contact', 'orders', 'location', 'hours', 'menu', 'sold-out', 'inbox'];
  await expectNoSidewaysScroll(
    page,
    sections.map((section) => `/admin?section=${section}`),
    async (route) => {
      await mainDrawn(page)();
      // The menu editor is a lazy chunk that loads the catalogue: measure it drawn.
      if (route.endsWith('=menu')) await expect(page.getByRole('list', { name: 'Categories' })).toBeVisible();
    },
  );
});

test.describe('offline', () => {
  // Images the service worker never cached fail to load offline; that is not what this test is about.
  test.use({ allowOfflineRequests: true });

  test('the header and the pages the service worker serves', async ({ page, context }) => {
    await visitOnceOnline(page);
    await context.setOffline(true);
    try {
      await expectNoSidewaysScroll(page, ['/', '/menu', '/meniul-complet'], async () => {
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      });
    } finally {
      await context.setOffline(false);
    }
  });
});
