/**
 * Issue 27: 'Clear Cart' empties the cart at once and an undo toast (inside the drawer, which is a
 * modal dialog) offers 'Undo', which brings every line back as it was — including after a reload,
 * since the cart lives in IndexedDB. Without the undo, the toast goes and the cart stays empty.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

// The header's cart button (this spec runs in the desktop project).
const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart/ });
const cart = (page: Page) => page.getByRole('dialog', { name: /Your Cart/ });

/** After a reload the header is first drawn before the app takes over: tap until the drawer opens. */
async function openCart(page: Page): Promise<void> {
  // The drawer's code loads on first use: give it time, and never tap again once it is open.
  await expect(async () => {
    if (!(await cart(page).isVisible())) await cartButton(page).click({ timeout: 2_000 });
    await expect(cart(page)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

test('Clear Cart can be undone from the toast, and stays cleared without it', async ({ page }) => {
  // Filled through the menu, as a customer does it: two dishes, one of them twice.
  await page.goto('/menu');
  // The browser is English: the seed's English names (issue 23).
  for (const [dish, option, quantity] of [
    ['Mici (grilled skinless sausages)', 'Mustard', 2],
    ['Chicken skewer', 'Ketchup', 1],
  ] as const) {
    await page.getByRole('button', { name: `Custom ${dish}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: dish });
    await dialog.getByLabel(option).check();
    for (let i = 1; i < quantity; i += 1) await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    await dialog.getByRole('button', { name: /Add to Cart/ }).click();
    await expect(dialog).toBeHidden();
  }
  await openCart(page);
  const lines = cart(page).getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const total = await cart(page).getByTestId('cart-total').textContent();

  await cart(page).getByRole('button', { name: 'Clear Cart' }).click();
  await expect(cart(page).getByText('Your cart is empty')).toBeVisible();
  const toast = cart(page).getByTestId('cart-undo-toast');
  await expect(toast).toContainText('Cart cleared');
  await expect(toast).toContainText('3 items removed.');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(toast).toBeHidden();
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Mici' }).locator('.stepper__value')).toHaveText('2');
  await expect(cart(page).getByTestId('cart-total')).toHaveText(total!);

  // The restored cart is the stored one: it survives a reload.
  await page.reload();
  await openCart(page);
  await expect(lines).toHaveCount(2);

  // Cleared again and left alone: the toast closes by itself and the cart stays empty.
  await cart(page).getByRole('button', { name: 'Clear Cart' }).click();
  await expect(toast).toContainText('Cart cleared');
  await expect(toast).toBeHidden({ timeout: 10_000 });
  await expect(cart(page).getByText('Your cart is empty')).toBeVisible();
  await page.reload();
  await openCart(page);
  await expect(cart(page).getByText('Your cart is empty')).toBeVisible();
});
