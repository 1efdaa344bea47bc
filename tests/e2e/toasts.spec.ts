/**
 * Where notifications appear: top right (spec), below the sticky header, so a toast never covers the
 * header's cart, search or account buttons while it is shown.
 */
import { expect, test } from './fixtures';
import { expectHydrated } from './helpers/hydration';

test('after adding a dish, the toast is shown and the header cart opens at once beneath it', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/menu');
  const categoryBar = page.getByRole('navigation', { name: 'Categorii meniu' });
  // The app (not only the server's first paint) owns the page.
  await expectHydrated(categoryBar.getByRole('button').first());
  await page.getByTestId('menu-card').getByRole('button', { name: /^Add / }).first().click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  const toast = page.getByRole('region', { name: 'Notifications' }).getByText('Added to cart');
  await expect(toast).toBeVisible();

  const header = await page.getByRole('banner').boundingBox();
  const shown = await toast.boundingBox();
  expect(header).not.toBeNull();
  expect(shown).not.toBeNull();
  expect(shown!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

  // Well inside the toast's 4.2 s: a covered button would make this click wait for the toast to close.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Cart, 1 item/ })
    .click({ timeout: 2_000 });
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  await expect(toast).toBeVisible();
});
