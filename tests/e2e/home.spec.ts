import { expect, test } from './fixtures';

test('the home page shows the seeded categories that came out of the store, as pickup-menu tabs', async ({ page }) => {
  await page.goto('/');
  const tabs = page.getByRole('tablist', { name: 'Categorii' }).getByRole('tab');
  // Labels are the categories' short labels from GET /api/menu, in English on an English screen.
  await expect(tabs).toHaveText([/Grill/, /Sides/, /Home cooking/, /Salads/, /Desserts/]);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Off the charcoal grill');
  await expect(page.getByRole('tabpanel')).toContainText('12 produse');
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await page.goto('/nu-exista');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
