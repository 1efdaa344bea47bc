/**
 * Issue 5, checkout after a refusal clears (docs/decisions/0011-orders-priced-on-the-server-once-per-key.md and 0023-checkout-decides-nothing-the-server-must-decide.md): the server replays a
 * stored 4xx for the same Idempotency-Key, so checkout must ask afresh once a refusal's cause is
 * gone. Here a dish sells out between opening checkout and pressing the button, comes back, and
 * the second press places the order instead of replaying 'item_unavailable'.
 */
import type { APIRequestContext } from '@playwright/test';

import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { signUpViaApi } from './helpers/auth';
import { addDefaultAddress, menuOf, seedCart, simpleItems } from './helpers/order-helpers';

const ADMIN = { email: 'manager@casagratarului.ro', password: 'manager-e2e-password' };
const jsonHeaders = () => ({ origin: serverOrigin(), 'content-type': 'application/json' });

async function setSoldOut(request: APIRequestContext, itemId: number, soldOut: boolean): Promise<void> {
  const response = await request.post(`${serverOrigin()}/api/admin/menu/items/${itemId}/sold-out`, {
    data: { soldOut },
    headers: jsonHeaders(),
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('a refusal that clears', () => {
  // The first press is refused with 422; Chromium logs that answer.
  test.use({ allowedHttpErrorStatuses: [422] });

  test('a dish sold out at the first press and back at the second: the second press places the order', async ({ page, playwright }) => {
    const manager = await playwright.request.newContext({ baseURL: serverOrigin() });
    const login = await manager.post(`${serverOrigin()}/api/auth/login`, { data: ADMIN, headers: jsonHeaders() });
    expect(login.status(), await login.text()).toBe(200);
    const [dish] = simpleItems(await menuOf(page));
    try {
      await signUpViaApi(page);
      await addDefaultAddress(page);
      await seedCart(page, [{ item: dish!, quantity: 4 }]);
      await page.goto('/checkout');
      await page.getByRole('radio', { name: /Cash/ }).check();
      const action = page.locator('.checkout-bar').getByRole('button');
      await expect(action).toBeEnabled();

      await setSoldOut(manager, dish!.id, true);
      await action.click();
      await expect(page.getByTestId('toast')).toContainText('Order Error');
      await expect(page).toHaveURL(/\/checkout$/);

      await setSoldOut(manager, dish!.id, false);
      await expect(action).toBeEnabled();
      await action.click();
      await expect(page).toHaveURL(/\/order-confirmation\/cash\/ORD-[0-9A-Z]+\?status=success$/);
      await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    } finally {
      await setSoldOut(manager, dish!.id, false);
      await manager.dispose();
    }
  });
});
