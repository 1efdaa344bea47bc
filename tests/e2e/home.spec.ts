import { expect, test } from './fixtures';

test('the home page shows the seeded categories that came out of the store', async ({ page }) => {
  await page.goto('/');
  const categories = page.getByRole('list', { name: 'Categorii' });
  await expect(categories.getByRole('listitem')).toHaveCount(5);
  for (const name of ['Produse la jar', 'Garnituri', 'Gatite', 'Salate', 'Desert']) {
    await expect(categories.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(categories.getByText('12 produse')).toHaveCount(2);
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await page.goto('/nu-exista');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
