/** Steps of the offline tests: a first visit online that leaves the service worker in control, and adding a plain item. */
import type { Page } from '@playwright/test';

import { expect } from '../fixtures';

/**
 * Opens /menu online and reloads once the service worker has installed, so it controls the page. The
 * browser is English: the first category's English name (issue 23).
 */
export async function visitOnceOnline(page: Page) {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
  // Wait until the service worker has installed (precache complete) and controls this page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
}

export async function addSimpleItem(page: Page, name: string) {
  await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
}
