/**
 * Issue 27 in the manager area: opening hours are typed in 24-hour time ("9.30" becomes "09:30",
 * "25:00" is refused before saving; no AM/PM anywhere), and the minimum order is for delivery
 * unless the manager ticks 'Minimum order applies to pickup too'. Everything is put back afterwards.
 * Desktop project only (playwright.config.ts runs on phones only what differs there): the same form on a phone is
 * covered by the admin specs.
 */
import type { APIRequestContext, Page } from '@playwright/test';

import type { RestaurantInfo } from '../../src/shared/schemas/restaurant';
import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const ADMIN = { email: 'manager@casagratarului.ro', password: 'manager-e2e-password' };
const jsonHeaders = () => ({ origin: serverOrigin(), 'content-type': 'application/json' });

async function signIn(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${serverOrigin()}/api/auth/login`, { data: ADMIN, headers: jsonHeaders() });
  expect(response.status(), await response.text()).toBe(200);
}

async function restaurant(page: Page): Promise<RestaurantInfo> {
  return (await (await page.request.get(`${serverOrigin()}/api/restaurant`)).json()) as RestaurantInfo;
}

test.describe('manager settings of issue 27', () => {
  test('hours are typed and shown in 24-hour time', async ({ page }) => {
    await signIn(page.request);
    const before = await restaurant(page);
    const location = before.locations[0]!;
    try {
      await page.goto('/admin?section=hours');
      const card = page.getByRole('region', { name: location.name });
      const mondayOpens = card.getByLabel('Monday opens');
      await expect(mondayOpens).toHaveValue('11:00');
      await expect(card.getByLabel('Monday closes')).toHaveValue('22:00');
      await expect(mondayOpens).toHaveAttribute('type', 'text');
      await expect(card.getByText(/\b(AM|PM)\b/)).toHaveCount(0);

      // Refused before it is sent: not a time of day.
      await mondayOpens.fill('25:00');
      await expect(mondayOpens).toHaveAttribute('aria-invalid', 'true');
      await card.getByRole('button', { name: `Save hours for ${location.name}` }).click();
      await expect(page.getByTestId('toast')).toContainText('Use 24-hour time');
      expect((await restaurant(page)).locations[0]!.openingHours.weekly.mon).toEqual([{ open: '11:00', close: '22:00' }]);

      // "9.30" reads as 09:30 and is saved as such.
      await mondayOpens.fill('9.30');
      await mondayOpens.blur();
      await expect(mondayOpens).toHaveValue('09:30');
      await expect(mondayOpens).not.toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousAxeViolations(page);
      await card.getByRole('button', { name: `Save hours for ${location.name}` }).click();
      await expect(page.getByTestId('toast')).toContainText('Opening hours saved');
      expect((await restaurant(page)).locations[0]!.openingHours.weekly.mon).toEqual([{ open: '09:30', close: '22:00' }]);
    } finally {
      const response = await page.request.put(`${serverOrigin()}/api/admin/locations/${location.id}/hours`, {
        data: location.openingHours,
        headers: jsonHeaders(),
      });
      expect(response.status()).toBe(200);
    }
  });

  test('the minimum order applies to pickup only when the manager ticks it', async ({ page }) => {
    await signIn(page.request);
    expect((await restaurant(page)).settings.minimumOrderAppliesToPickup).toBe(false);
    await page.goto('/admin?section=general');
    const toggle = page.getByLabel('Minimum order applies to pickup too');
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText('Unchecked, the minimum order applies to delivery only.')).toBeVisible();
    try {
      await toggle.check();
      await page.getByRole('button', { name: 'Save Settings' }).first().click();
      await expect.poll(async () => (await restaurant(page)).settings.minimumOrderAppliesToPickup).toBe(true);
      await page.reload();
      await expect(page.getByLabel('Minimum order applies to pickup too')).toBeChecked();
    } finally {
      await page.getByLabel('Minimum order applies to pickup too').uncheck();
      await page.getByRole('button', { name: 'Save Settings' }).first().click();
      await expect.poll(async () => (await restaurant(page)).settings.minimumOrderAppliesToPickup).toBe(false);
    }
  });
});
