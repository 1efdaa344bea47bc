/**
 * Delivery addresses end to end (issue 4): a real street from the embedded gazetteer, the pin
 * confirmed on the map, the zone decided by the server, an address outside the radius refused,
 * default switching, editing and a confirmed delete; axe on the screens; MapLibre never on '/'.
 * Issue 27: the house number (or an explicit "no house number") before the pin, refused without
 * one by the panel and the server; Save below the map; what the default map (no streets) can show.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { signUpViaApi } from './helpers/auth';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const MAP_CODE = /maplibre|address-map/i;

async function openAddressBook(page: Page) {
  await page.goto('/profile?tab=addresses');
  await expect(page.getByRole('heading', { name: 'Delivery Addresses', level: 2 })).toBeVisible();
}

async function searchAndChoose(page: Page, text: string, option: string | RegExp) {
  const search = page.getByRole('combobox', { name: 'Search address' });
  await search.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

async function placePin(page: Page, latitude: number, longitude: number) {
  const coordinates = page.getByRole('group', { name: 'Pin coordinates' });
  await coordinates.getByLabel('Latitude').fill(String(latitude));
  await coordinates.getByLabel('Longitude').fill(String(longitude));
  await coordinates.getByRole('button', { name: 'Place pin' }).click();
}

function card(page: Page, label: string) {
  return page.getByRole('list', { name: 'Saved delivery addresses' }).getByRole('article', { name: label, exact: true });
}

test('the map library is not loaded on the home page', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(requested.filter((url) => MAP_CODE.test(url))).toEqual([]);
});

test('add, refuse outside the zone, set default, edit and delete addresses', async ({ page }) => {
  test.slow();
  await signUpViaApi(page);
  await openAddressBook(page);
  await expect(page.getByText('No saved addresses yet.')).toBeVisible();

  // --- Add: search a real street, confirm the pin on the map, save.
  await page.getByRole('button', { name: 'Add New Address' }).click();
  const panel = page.getByRole('region', { name: 'Add New Address' });
  await expect(panel).toBeVisible();
  await searchAndChoose(page, 'Gheorghe Doja 12', /Strada Doja Gheorghe 12/);
  await expect(panel.getByLabel('House number', { exact: true })).toHaveValue('12');
  await expect(panel.getByRole('button', { name: 'Waiting for Validation...' })).toBeDisabled();
  await expect(panel.getByRole('status').filter({ hasText: 'Street found' })).toBeVisible();

  // The map (lazy chunk) loads; a click on it places the pin at the city centre and validates.
  await expect(panel.getByText('Loading Map...')).toBeHidden({ timeout: 20_000 });
  const canvas = panel.locator('canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible();
  await canvas.click({ position: { x: 60, y: 120 } });
  await expect(panel.getByText(/Pin: [\d.]+, [\d.]+ \(confirmed\)/)).toBeVisible();
  await expect(panel.getByRole('status').filter({ hasText: 'Deliverable' })).toBeVisible();
  await expect(page.getByText('Address Validated!')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await panel.getByLabel('Bloc').fill('34B');
  await panel.getByLabel('Etaj').fill('3');
  await panel.getByLabel('Apartament', { exact: true }).fill('14');
  await panel.getByLabel('Delivery instructions (optional)').fill('Sunați la interfon');
  await panel.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText('Address Added')).toBeVisible();
  await expect(panel).toBeHidden();

  const home = card(page, 'Home');
  await expect(home).toBeVisible();
  await expect(home.getByText('Deliverable', { exact: true })).toBeVisible();
  await expect(home.getByText(/Strada Doja Gheorghe 12/)).toBeVisible();
  await expect(home.getByText('bl. 34B, et. 3, ap. 14')).toBeVisible();
  await expect(home.getByText('Sunați la interfon')).toBeVisible();
  await expect(home.getByText(/km Center|km Near/)).toBeVisible();
  await expect(home.getByText('validated via Street gazetteer on 22 Nov 2026')).toBeVisible();

  // --- Outside the radius: the pin 40 km south is refused, the save stays disabled.
  await page.getByRole('button', { name: 'Add New Address' }).click();
  await searchAndChoose(page, 'marasesti 5', /Strada Mărășești 5/);
  // Dragging the marker confirms the pin there (reverse lookup + re-validation after 500 ms); on
  // touch phones a tap on the map does the same.
  const marker = panel.locator('.maplibregl-marker');
  await expect(marker).toBeVisible();
  if (test.info().project.use.hasTouch) {
    await panel.locator('canvas.maplibregl-canvas').click({ position: { x: 80, y: 160 } });
  } else {
    // A person scrolls the map into view first (the mouse alone does not scroll).
    await marker.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = (await marker.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30, { steps: 8 });
    await page.mouse.up();
  }
  await expect(panel.getByText(/Pin: [\d.]+, [\d.]+ \(confirmed\)/)).toBeVisible();
  await expect(panel.getByRole('status').filter({ hasText: 'Deliverable' })).toBeVisible();
  await placePin(page, 44.6, 26.05);
  await expect(page.getByText('Address Not Deliverable')).toBeVisible();
  await expect(
    panel.getByRole('status').filter({ hasText: 'This address is outside our delivery zone. Please choose a different location.' }),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add Address' })).toBeDisabled();

  // Moving the pin back inside makes it deliverable; save it as 'work'.
  await placePin(page, 44.9399, 26.027);
  await expect(panel.getByRole('status').filter({ hasText: 'Deliverable' })).toBeVisible();
  await panel.getByLabel('Label').selectOption('work');
  await panel.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText('Address Added')).toBeVisible();
  const work = card(page, 'Work');
  await expect(work).toBeVisible();

  // --- Default: set on Home, then on Work; only one default at a time.
  await home.getByRole('button', { name: 'Set Default' }).click();
  await expect(page.getByText('Default address updated')).toBeVisible();
  await expect(home.getByText('Default', { exact: true })).toBeVisible();
  await work.getByRole('button', { name: 'Set Default' }).click();
  await expect(work.getByText('Default', { exact: true })).toBeVisible();
  await expect(home.getByText('Default', { exact: true })).toBeHidden();
  await expect(home.getByRole('button', { name: 'Set Default' })).toBeVisible();

  // --- Edit: a custom label and a unit.
  await home.getByRole('button', { name: 'Edit' }).click();
  const editPanel = page.getByRole('region', { name: 'Edit Address' });
  await expect(editPanel).toBeVisible();
  await expect(editPanel.getByRole('button', { name: 'Update Address' })).toBeEnabled();
  await editPanel.getByLabel('Label').selectOption('custom');
  await editPanel.getByLabel('Custom label').fill('bunica');
  await editPanel.getByLabel('Apartment / unit (optional)').fill('Interfon 14');
  await editPanel.getByRole('button', { name: 'Update Address' }).click();
  await expect(page.getByText('Address Updated')).toBeVisible();
  const grandma = card(page, 'Bunica');
  await expect(grandma.getByText(/Interfon 14/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // --- Delete with confirmation.
  await grandma.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete address' });
  await expect(confirm.getByText('Are you sure you want to delete this address?')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Address Deleted')).toBeVisible();
  await expect(grandma).toBeHidden();
  await expect(work).toBeVisible();

  // --- Unset the default.
  await work.getByRole('button', { name: 'Unset Default' }).click();
  await expect(work.getByText('Default', { exact: true })).toBeHidden();
  await expect(work.getByRole('button', { name: 'Set Default' })).toBeVisible();
});

/**
 * Lets a test hold /api/geo/validate-address answers back: `hold()` returns the release function.
 * One route stays installed (unrouting while a request waits would answer it twice).
 */
async function validationGate(page: Page): Promise<{ hold(): () => void }> {
  let gate: Promise<void> = Promise.resolve();
  await page.route('**/api/geo/validate-address', async (route) => {
    await gate;
    await route.continue();
  });
  return {
    hold() {
      let release: () => void = () => undefined;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

test.describe('panel states and geocoder failures', () => {
  // page.route must see the API calls: no service worker in between. The forced failures answer 503.
  test.use({ serviceWorkers: 'block', allowedHttpErrorStatuses: [503] });

  test("'Search Error' toast, 'Validating...' while checking, 'Reverse Geocoding Failed' and the fee in 'Address Validated!'", async ({
    page,
  }) => {
    await signUpViaApi(page);
    await openAddressBook(page);
    await page.getByRole('button', { name: 'Add New Address' }).click();
    const panel = page.getByRole('region', { name: 'Add New Address' });

    // The geocoder is down: the spec's 'Search Error' pair, no suggestions.
    await page.route('**/api/geo/autocomplete?**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            status: 503,
            code: 'geocoder_unavailable',
            message: 'Failed to fetch address suggestions. Please try again.',
            details: { title: 'Search Error' },
          },
        }),
      }),
    );
    const search = page.getByRole('combobox', { name: 'Search address' });
    await search.fill('doja');
    await expect(page.getByText('Search Error', { exact: true })).toBeVisible();
    await expect(page.getByText('Failed to fetch address suggestions. Please try again.')).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(0);
    await page.unroute('**/api/geo/autocomplete?**');

    // Two characters never search (spec §5).
    let searches = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/geo/autocomplete')) searches += 1;
    });
    await search.fill(' do ');
    await page.waitForTimeout(800);
    expect(searches).toBe(0);

    // While the server checks the address, the button reads 'Validating...' (the check is held back).
    const validation = await validationGate(page);
    const release = validation.hold();
    await searchAndChoose(page, 'Gheorghe Doja 12', /Strada Doja Gheorghe 12/);
    await expect(panel.getByRole('button', { name: 'Validating...' })).toBeDisabled();
    release();
    await expect(panel.getByRole('button', { name: 'Waiting for Validation...' })).toBeDisabled();

    // A pin outside the city: nothing known there. (Toasts show one at a time, so the re-validation
    // that follows the lookup is held back until the reverse toast has been seen.)
    const releaseAgain = validation.hold();
    await placePin(page, 44.6, 26.05);
    await expect(page.getByText('Reverse Geocoding Failed', { exact: true })).toBeVisible();
    await expect(page.getByText('No address found for this point.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Validating...' })).toBeDisabled();
    releaseAgain();
    await expect(page.getByText('Address Not Deliverable')).toBeVisible();

    // A pin in the centre: validated, with zone and fee in RON.
    await placePin(page, 44.9399, 26.027);
    await expect(page.getByText('Address Validated!')).toBeVisible();
    await expect(page.getByText(/Delivery zone: [\d.]+ km (Center|Near)\. Delivery fee: \d+\.\d{2} RON\./)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Add Address' })).toBeEnabled();
  });
});

test.describe('the house number and the map (issue 27)', () => {
  // The server's own refusal of a number-less address is checked too: that request answers 400.
  test.use({ allowedHttpErrorStatuses: [400] });

  test(
    'an address without a number is refused until the number or "no house number" is given; Save sits below the map; the default map says what it shows',
    { tag: '@phone' },
    async ({ page }) => {
      test.slow();
      await signUpViaApi(page);
      await openAddressBook(page);
      await page.getByRole('button', { name: 'Add New Address' }).click();
      const panel = page.getByRole('region', { name: 'Add New Address' });

      // The default set-up's map has no streets: the panel says what it does show, never "your door".
      await expect(panel.getByText(/This map shows no streets: only the Ploiești city outline, our restaurants/)).toBeVisible();
      await expect(panel.getByText(/delivery circle/).first()).toBeVisible();
      await expect(panel.getByText(/on your door|to your door/)).toHaveCount(0);

      // A street chosen without a number: the number is asked before the pin.
      await searchAndChoose(page, 'Gheorghe Doja', /^Strada Doja Gheorghe(?! \d)/);
      const number = panel.getByLabel('House number', { exact: true });
      await expect(number).toHaveValue('');
      await expect(panel.getByRole('status').filter({ hasText: 'Enter the house number (or tick' })).toBeVisible();
      await placePin(page, 44.9399, 26.027);
      await expect(page.getByText('Address Validated!')).toBeVisible();
      const save = panel.getByRole('button', { name: 'Enter the house number first' });
      await expect(save).toBeDisabled();
      await expect(panel.getByRole('status').filter({ hasText: 'Enter the house number, or tick' })).toBeVisible();
      await expect(panel.getByText(/on your door|to your door/)).toHaveCount(0);

      // Save is below the map, on a phone and on a desktop.
      await expect(panel.getByText('Loading Map...')).toBeHidden({ timeout: 20_000 });
      const mapBox = (await panel.locator('.address-map').first().boundingBox())!;
      const coordinatesBox = (await panel.getByRole('group', { name: 'Pin coordinates' }).boundingBox())!;
      const saveBox = (await save.boundingBox())!;
      expect(saveBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);
      expect(saveBox.y).toBeGreaterThanOrEqual(coordinatesBox.y + coordinatesBox.height);

      // The server refuses the same address without a number (a client that skips the form).
      const origin = serverOrigin();
      const refused = await page.request.post(`${origin}/api/addresses`, {
        headers: { origin, 'content-type': 'application/json' },
        data: {
          label: 'home',
          streetAddress: 'Strada Doja Gheorghe',
          city: 'Ploiești',
          country: 'Romania',
          latitude: 44.9399,
          longitude: 26.027,
          formattedAddress: 'Strada Doja Gheorghe, Ploiești, Romania',
          placeId: 'gazetteer:strada-doja-gheorghe',
          pinConfirmed: true,
        },
      });
      expect(refused.status()).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain('houseNumber');

      // An unreadable number is an error on the field; a real one enables Save.
      await number.fill('the blue gate');
      await expect(panel.getByRole('alert').filter({ hasText: 'A house number is digits with an optional letter' })).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Enter the house number first' })).toBeDisabled();
      await number.fill('nr. 75');
      await expect(panel.getByRole('group', { name: 'Address summary' }).getByText('Strada Doja Gheorghe 75')).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Add Address' })).toBeEnabled();

      // "No house number" is the explicit alternative: it clears the number and enables Save too.
      await panel.getByLabel('This address has no house number').check();
      await expect(number).toBeDisabled();
      await expect(number).toHaveValue('');
      await expect(panel.getByRole('group', { name: 'Address summary' }).getByText('Strada Doja Gheorghe', { exact: true })).toBeVisible();
      await expect(panel.getByRole('status').filter({ hasText: 'Deliverable' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await panel.getByLabel('This address has no house number').uncheck();
      await expect(panel.getByRole('button', { name: 'Enter the house number first' })).toBeDisabled();
      await number.fill('75');
      await panel.getByRole('button', { name: 'Add Address' }).click();
      await expect(page.getByText('Address Added')).toBeVisible();
      const home = card(page, 'Home');
      await expect(home.getByText('Strada Doja Gheorghe 75, 100141 Ploiești, Romania')).toBeVisible();

      // Delete is there but quiet: no filled danger button next to Edit.
      const remove = home.getByRole('button', { name: 'Delete' });
      await expect(remove).toBeVisible();
      await expect(remove).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
      await expect(home.getByRole('button', { name: 'Edit' })).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

      // Editing keeps the number; "no house number" is saved as the customer's answer.
      await home.getByRole('button', { name: 'Edit' }).click();
      const editPanel = page.getByRole('region', { name: 'Edit Address' });
      await expect(editPanel.getByLabel('House number', { exact: true })).toHaveValue('75');
      await expect(editPanel.getByRole('button', { name: 'Update Address' })).toBeEnabled();
      await editPanel.getByLabel('This address has no house number').check();
      await editPanel.getByRole('button', { name: 'Update Address' }).click();
      await expect(page.getByText('Address Updated')).toBeVisible();
      await expect(home.getByText(/^Strada Doja Gheorghe, /)).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    },
  );
});
