/**
 * Issue 7 settings states the main admin spec does not reach: 'Saving...' with the save buttons
 * disabled, the 'Error' toast, the Location search's 'No results found. Please refine your address.'
 * and 'Failed to search address.', a search result setting the base point, and the built-in street
 * list (no coordinates) asking for the point on the map. Network answers are stubbed with
 * context.route (it also sees requests the service worker makes).
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const ADMIN = { email: 'manager@casagratarului.ro', password: 'manager-e2e-password' };
const TABLET = { width: 1024, height: 768 };

async function openAdminAt(page: Page, section: string): Promise<void> {
  await page.setViewportSize(TABLET);
  const login = await page.request.post(`${serverOrigin()}/api/auth/login`, {
    data: ADMIN,
    headers: { origin: serverOrigin(), 'content-type': 'application/json' },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto(`/admin?section=${section}`);
  // The page's h1 names the open section (issue 27).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Settings sections' })).toBeVisible();
}

test.describe('settings save states', () => {
  test.use({ allowedHttpErrorStatuses: [422] });

  test("'Saving...' disables the save buttons; a refused save shows the 'Error' toast with the server's message", async ({
    page,
    context,
  }) => {
    await openAdminAt(page, 'general');
    const saveButtons = page.getByRole('button', { name: /^(Save Settings|Saving\.\.\.)$/ });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/api/admin/settings', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await held;
      return route.continue();
    });
    await saveButtons.first().click();
    await expect(page.getByRole('button', { name: 'Saving...' }).first()).toBeVisible();
    for (const button of await saveButtons.all()) await expect(button).toBeDisabled();
    release();
    await expect(page.getByText('Changes saved')).toBeVisible();
    for (const button of await page.getByRole('button', { name: 'Save Settings' }).all()) await expect(button).toBeEnabled();
    await context.unroute('**/api/admin/settings');

    await context.route('**/api/admin/settings', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'validation_failed', message: 'Estimated delivery time must be at most 60 characters.' },
            }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Save Settings' }).first().click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Estimated delivery time must be at most 60 characters.');
    await expect(page.getByRole('button', { name: 'Save Settings' }).first()).toBeEnabled();
  });
});

test.describe('location search', () => {
  test.use({ allowedHttpErrorStatuses: [500] });

  test("no results, a failing search, a result with a point, and the street list's result without one", async ({ page, context }) => {
    await openAdminAt(page, 'location');
    const search = page.getByRole('search');
    const lat = page.getByLabel('Base latitude');
    const lng = page.getByLabel('Base longitude');
    const before = { lat: await lat.inputValue(), lng: await lng.inputValue() };

    await context.route('**/api/geo/autocomplete**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ predictions: [] }) }),
    );
    await search.getByLabel('Search location').fill('Nicăieri 999');
    await search.getByRole('button', { name: 'Search' }).click();
    const message = page.getByRole('region', { name: 'Location' }).getByRole('alert');
    await expect(message).toHaveText('No results found. Please refine your address.');
    await context.unroute('**/api/geo/autocomplete**');

    await context.route('**/api/geo/autocomplete**', (route) => route.fulfill({ status: 500, body: 'down' }));
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(message).toHaveText('Failed to search address.');
    await expect(page.getByTestId('toast')).toContainText('Error');
    await context.unroute('**/api/geo/autocomplete**');

    // A geocoder that knows the point: the search sets latitude, longitude and address.
    await context.route('**/api/geo/autocomplete**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          predictions: [
            {
              place_id: 'test-1',
              description: 'Strada Test 1, Ploiești',
              structured_formatting: { main_text: 'Strada Test 1', secondary_text: 'Ploiești' },
              latitude: 44.95,
              longitude: 26.01,
            },
          ],
        }),
      }),
    );
    await context.route('**/api/geo/validate-address', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          isValid: true,
          isDeliverable: true,
          deliveryZone: null,
          deliveryFeeBani: 0,
          deliveryFee: '0.00',
          estimatedTime: null,
          distance: null,
          latitude: 44.95,
          longitude: 26.01,
          method: 'Test geocoder',
          place: null,
        }),
      }),
    );
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Strada Test 1, Ploiești' }).click();
    await expect(lat).toHaveValue('44.95');
    await expect(lng).toHaveValue('26.01');
    await expect(page.getByText('Base address:').locator('..')).toContainText('Strada Test 1, Ploiești');
    await context.unroute('**/api/geo/autocomplete**');
    await context.unroute('**/api/geo/validate-address');
    await lat.fill(before.lat);
    await lng.fill(before.lng);

    // The built-in street list: the address is set, the point stays, and the manager is told to place it.
    await search.getByLabel('Search location').fill('Doja');
    await search.getByRole('button', { name: 'Search' }).click();
    const first = page.getByRole('list', { name: 'Search results' }).getByRole('button').first();
    const chosen = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByTestId('toast')).toContainText('Click the map or drag the point to set the exact location.');
    await expect(page.getByText('Base address:').locator('..')).toContainText(chosen.trim());
    await expect(lat).toHaveValue(before.lat);
    await expect(page.getByText('The built-in street list has no points')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
