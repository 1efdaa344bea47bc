/**
 * Issue 6: after one online visit, the installed app keeps working with the network off: the shell
 * from the service worker's precache, the menu and full menu from the IndexedDB snapshot, the cart
 * from IndexedDB; and Chromium reports the app installable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

test.use({ allowOfflineRequests: true });

async function visitOnceOnline(page: Page) {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Produse la jar (12)' })).toBeVisible();
  // Wait until the service worker has installed (precache complete) and controls this page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Produse la jar (12)' })).toBeVisible();
}

async function addSimpleItem(page: Page, name: string) {
  await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart/ });

test('after one online visit, the menu, full menu and cart open offline, and the cart still takes items', async ({ page, context }) => {
  await visitOnceOnline(page);
  await addSimpleItem(page, 'Cartofi prăjiți');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 items');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Produse la jar (12)' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /prices as of \d{2}:\d{2}/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Offline/ })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 items');

  await addSimpleItem(page, 'Pâine 600g');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  await page.goto('/meniul-complet');
  await expect(page.getByRole('heading', { name: 'Meniul Complet' })).toBeVisible();
  await page.getByPlaceholder('Caută produse...').fill('ceafa');
  await expect(page.getByRole('heading', { name: 'Ceafă de porc' })).toBeVisible();

  await context.setOffline(false);
  await page.goto('/menu');
  await expect(page.getByRole('status').filter({ hasText: /prices as of/ })).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
});

test('Chromium reports the app installable', async ({ playwright, baseURL }) => {
  // Installability is never granted to incognito profiles, which is what test contexts are.
  const profileDir = mkdtempSync(path.join(tmpdir(), 'storefront-profile-'));
  const launchOptions = test.info().project.use.launchOptions ?? {};
  const context = await playwright.chromium.launchPersistentContext(profileDir, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await visitOnceOnline(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
});
