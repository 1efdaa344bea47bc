/**
 * Issue 27: 'Clear Cart' empties the cart at once and an undo toast (inside the drawer, which is a
 * modal dialog) offers 'Undo', which brings every line back as it was — including after a reload,
 * since the cart lives in IndexedDB. Without the undo, the toast goes and the cart stays empty.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { menuOf, seedCart, simpleItems } from './helpers/order-helpers';

// The header's cart button, or on a phone the bottom cart bar (whichever the layout shows).
const cartButton = (page: Page) => page.getByRole('button', { name: /^(Cart\b|View cart)/ }).first();
const cart = (page: Page) => page.getByRole('dialog', { name: /Your Cart/ });

/** After a reload the header is first drawn before the app takes over: tap until the drawer opens. */
async function openCart(page: Page): Promise<void> {
  await expect(async () => {
    await cartButton(page).click();
    await expect(cart(page)).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

test('Clear Cart can be undone from the toast, and stays cleared without it', async ({ page }) => {
  const [first, second] = simpleItems(await menuOf(page));
  await seedCart(page, [
    { item: first!, quantity: 2 },
    { item: second!, quantity: 1 },
  ]);
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
  await expect(lines.filter({ hasText: first!.name }).locator('.stepper__value')).toHaveText('2');
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
