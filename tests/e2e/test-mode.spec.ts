/**
 * Issue 21, defect 4, with the default PAYMENTS=test: every page shows the slim "Test mode — no real
 * payments" notice, in the HTML the server sends (the first paint, before any script) and never moved
 * or redrawn when the app starts; the manager area shows the go-live checklist the server computes.
 * Desktop project only: the notice is the same markup on every screen size, and the phone project
 * would repeat the same minute of work.
 */
import type { Page } from '@playwright/test';

import { signUpViaApi } from './helpers/auth';
import { menuOf, quietFavicon, seedCart, simpleItems } from './helpers/order-helpers';
import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const NOTICE_TEXT = 'Test mode — no real payments';
/** What a person sees of the notice: its paragraph in the page's language (both are in the HTML). */
const SEEN = { useInnerText: true };

/** The notice as the HTML brings it: in the page, before #root, and shown (the shell's own element without `hidden`). */
function expectNoticeShownIn(html: string) {
  const opening = /<aside [^>]*id="test-mode-notice"[^>]*>/.exec(html)?.[0];
  expect(opening).toBeDefined();
  expect(opening).not.toMatch(/\bhidden\b/);
  expect(html).toContain(NOTICE_TEXT);
  expect(html.indexOf(opening!)).toBeLessThan(html.indexOf('<div id="root"'));
}
const ADMIN = { email: 'manager@casagratarului.ro', password: 'manager-e2e-password' };

const isDesktop = () => test.info().project.name === 'desktop';

/**
 * Before any app script runs, remembers the notice node the HTML brought and, every frame, how far it
 * has moved since the first; `noticeWatch` then says whether the page still shows that same node.
 */
async function watchNotice(page: Page) {
  await page.addInitScript(() => {
    const watch = { node: null as Element | null, first: null as { y: number; height: number } | null, moved: 0 };
    (window as unknown as { __noticeWatch: typeof watch }).__noticeWatch = watch;
    // From the first frame on (render-blocking stylesheets applied), the largest move of the node.
    const track = () => {
      if (!watch.node?.isConnected) return;
      const { y, height } = watch.node.getBoundingClientRect();
      const at = { y: y + window.scrollY, height };
      watch.first ??= at;
      watch.moved = Math.max(watch.moved, Math.abs(at.y - watch.first.y), Math.abs(at.height - watch.first.height));
      requestAnimationFrame(track);
    };
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive' || watch.node) return;
      watch.node = document.getElementById('test-mode-notice');
      requestAnimationFrame(track);
    });
  });
}

const noticeWatch = (page: Page) =>
  page.evaluate(() => {
    const watch = (window as unknown as { __noticeWatch: { node: Element | null; first: unknown; moved: number } }).__noticeWatch;
    const live = document.getElementById('test-mode-notice');
    return { inFirstHtml: watch.node !== null, sameNode: live !== null && live === watch.node, moved: watch.first ? watch.moved : -1 };
  });

test('defect 4: the test-mode notice is in the first paint of the home page and checkout, and stays put', async ({ page }) => {
  if (!isDesktop()) return;
  await quietFavicon(page);
  await watchNotice(page);

  const home = await page.goto('/');
  expectNoticeShownIn(await home!.text());
  const notice = page.getByRole('complementary', { name: 'Payments' });
  await expect(notice).toHaveText(NOTICE_TEXT, SEEN);
  await expect(notice).toBeVisible();
  // The app has started (the hero's tabs come with it) and the notice is the one the HTML brought.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#root .app')).toBeVisible();
  await expect.poll(() => noticeWatch(page)).toEqual({ inFirstHtml: true, sameNode: true, moved: 0 });
  // Slim: one line above the header, at the top of the page.
  const box = (await notice.boundingBox())!;
  expect(box.y).toBe(0);
  expect(box.height).toBeLessThanOrEqual(32);
  // The header may be swapped for the app's own at this moment (the first paint hands over), so read it
  // once it is on screen rather than catching it between the two.
  const headerTop = async () => (await page.locator('.site-header').boundingBox())?.y ?? -1;
  await expect.poll(headerTop).toBeGreaterThanOrEqual(box.height - 1);

  // Checkout: a page the app draws itself (no server first paint in #root) has it from the start too.
  await signUpViaApi(page);
  const menu = await menuOf(page);
  await seedCart(page, [{ item: simpleItems(menu)[0]!, quantity: 1 }]);
  const checkout = await page.goto('/checkout');
  expectNoticeShownIn(await checkout!.text());
  await expect(page.getByRole('radio', { name: /Card/ })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Payments' })).toHaveText(NOTICE_TEXT, SEEN);
  await expect.poll(() => noticeWatch(page)).toEqual({ inFirstHtml: true, sameNode: true, moved: 0 });
  await expectNoSeriousAxeViolations(page);

  // A page in Romanian shows the notice's Romanian paragraph only (the stylesheet reads html[lang]).
  await page.evaluate(() => (document.documentElement.lang = 'ro'));
  await expect(page.getByRole('complementary', { name: 'Payments' })).toHaveText('Mod de test — fără plăți reale', SEEN);
});

test('defect 4: the manager area shows the go-live checklist, computed by the server', async ({ page }) => {
  if (!isDesktop()) return;
  await quietFavicon(page);
  const origin = serverOrigin();
  const login = await page.request.post('/api/auth/login', { data: ADMIN, headers: { origin, 'content-type': 'application/json' } });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible();
  const checklist = page.locator('details.go-live');
  await expect(checklist.getByText('Go live checklist')).toBeVisible();
  await expect(checklist.getByRole('listitem')).toHaveCount(6);
  const item = (id: string) => checklist.locator(`[data-item="${id}"]`);
  // The e2e server runs the test checkout, the kitchen board, the gazetteer and the offline style…
  for (const id of ['payments', 'pos', 'geocoder', 'map-style']) await expect(item(id)).toContainText('To do');
  await expect(item('payments')).toContainText('Test checkout');
  await expect(item('payments')).toContainText('PAYMENTS=stripe');
  await expect(item('pos')).toContainText('POS=http');
  // …with its own manager password (ADMIN_PASSWORD) and an SMTP server.
  await expect(item('admin-password')).toContainText('Done');
  await expect(item('mail')).toContainText('Done');
  await expect(checklist).toContainText(/\d of 6 done/);
  // The notice is on the manager's pages too.
  await expect(page.getByRole('complementary', { name: 'Payments' })).toHaveText(NOTICE_TEXT, SEEN);
  await expectNoSeriousAxeViolations(page);
});

test('defect 2: the manager changes the password in the manager area', async ({ page }) => {
  if (!isDesktop()) return;
  await quietFavicon(page);
  const origin = serverOrigin();
  const json = { origin, 'content-type': 'application/json' };
  expect((await page.request.post('/api/auth/login', { data: ADMIN, headers: json })).status()).toBe(200);
  await page.goto('/admin');
  const account = page.getByRole('region', { name: 'Manager account' });
  await expect(account).toBeVisible();
  const changed = `${ADMIN.password}-changed`;
  try {
    await account.getByLabel('Current password').fill(ADMIN.password);
    await account.getByLabel('New password', { exact: true }).fill(changed);
    await account.getByLabel('Repeat the new password').fill(changed);
    await account.getByRole('button', { name: /change password/i }).click();
    await expect(page.getByText('Password changed')).toBeVisible();
    // The new password signs in; the old one no longer does.
    const fresh = await page.context().browser()!.newContext({ baseURL: origin });
    try {
      expect((await fresh.request.post('/api/auth/login', { data: ADMIN, headers: json })).status()).toBe(401);
      expect((await fresh.request.post('/api/auth/login', { data: { ...ADMIN, password: changed }, headers: json })).status()).toBe(200);
    } finally {
      await fresh.close();
    }
  } finally {
    // The rest of the run signs in with ADMIN_PASSWORD: put it back.
    await page.request.post('/api/account/password', { data: { currentPassword: changed, newPassword: ADMIN.password }, headers: json });
  }
});
