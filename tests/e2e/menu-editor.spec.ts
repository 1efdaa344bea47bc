/**
 * The manager's menu editor (issue 18) on the kitchen tablet (1024×768): a category, a dish with a
 * real photo and an option group made in the editor reach an already open storefront tab live with
 * their price, allergens and photo; both reorder paths (keyboard and drag); a price change reaches a
 * cart holding the dish as the cart's "menu changed" notice; the CSV export → edit → import round
 * trip with a broken file refused row by row; an edit made offline is queued and sent when the
 * connection returns; the change log; axe on every screen. A phone run checks what differs there.
 *
 * The server's store is shared by every spec in the run: each test works in categories of its own
 * and deletes them afterwards, so the seeded menu other specs count on is left as it was.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';

import type { AdminSection } from '../../src/features/admin/sections';
import { ADMIN_SECTION_LABELS } from '../../src/features/admin/sections';
import type { EditorCatalogue } from '../../src/shared/schemas/menu-editor';
import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { jsonHeaders, signInAsManager } from './helpers/manager';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
const CATALOGUE = '/api/admin/catalogue';
/** "Within seconds": the storefront hears the menu change on its live stream. */
const LIVE_TIMEOUT_MS = 10_000;

/** Names unique to this run and test, so a rerun against the same server never meets its own leftovers. */
const unique = (name: string) => `${name} ${Date.now().toString(36).slice(-5)}`;

async function managerRequest(playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } }) {
  const request = await playwright.request.newContext({ baseURL: serverOrigin() });
  await signInAsManager(request);
  return request;
}

async function catalogueOf(request: APIRequestContext): Promise<EditorCatalogue> {
  const response = await request.get(`${serverOrigin()}${CATALOGUE}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as EditorCatalogue;
}

async function send(request: APIRequestContext, method: 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<unknown> {
  const response = await request.fetch(`${serverOrigin()}${CATALOGUE}${path}`, { method, data, headers: jsonHeaders() });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.status() === 204 ? null : response.json();
}

/** A category with one plain dish, made through the API (the premise of the tests that edit it). */
async function seedCategoryWithDish(request: APIRequestContext, dishName: string, priceBani: number) {
  const { category } = (await send(request, 'POST', '/categories', { name: unique('E2E Seed') })) as {
    category: { id: number; name: string };
  };
  const { dish } = (await send(request, 'POST', '/dishes', { categoryId: category.id, name: dishName, priceBani })) as {
    dish: { id: number };
  };
  return { category, dishId: dish.id };
}

/** Deletes the categories this test made (and their dishes), and its option groups. */
async function removeMenuRows(request: APIRequestContext, categoryNames: RegExp, groupNames?: RegExp): Promise<void> {
  const catalogue = await catalogueOf(request);
  for (const category of catalogue.categories.filter((c) => categoryNames.test(c.name))) {
    for (const dishId of category.dishIds) await send(request, 'DELETE', `/dishes/${dishId}`);
    await send(request, 'DELETE', `/categories/${category.id}`);
  }
  for (const group of catalogue.groups.filter((g) => groupNames?.test(g.name))) await send(request, 'DELETE', `/groups/${group.id}`);
}

async function openMenuEditor(page: Page): Promise<void> {
  await page.goto('/admin?section=menu');
  await expect(page.getByRole('heading', { level: 1, name: ADMIN_SECTION_LABELS['menu' as AdminSection] })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Categories' })).toBeVisible();
}

async function chooseCategory(page: Page, name: string): Promise<void> {
  const button = page.getByRole('list', { name: 'Categories' }).getByRole('button', { name: new RegExp(`^${name}`) });
  await button.click();
  await expect(page.getByRole('heading', { name: `Dishes in ${name}` })).toBeVisible();
}

/** A real PNG (a 480×320 gradient with some noise, so it is not trivially small), made here with sharp. */
async function makePng(): Promise<Buffer> {
  const width = 480;
  const height = 320;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = (x * y) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart/ });

test.describe('the menu editor on the tablet', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(TABLET);
    await signInAsManager(page.request);
  });

  test('a category, a dish with a photo and an option group reach an open storefront tab live; both reorder paths work', async ({
    page,
    context,
    playwright,
  }) => {
    // Three screens and a photo the server encodes as AVIF and WebP in several widths: slower than most tests.
    test.setTimeout(120_000);
    const categoryName = unique('E2E Grătar');
    const dishName = unique('Ceafă E2E');
    const groupName = unique('Sos E2E');
    const api = await managerRequest(playwright);
    try {
      const storefront = await context.newPage();
      await storefront.goto('/menu');
      await expect(storefront.getByRole('heading', { name: /^Off the charcoal grill/ })).toBeVisible();

      // Headless Chromium gives animation frames (which clicks wait for) to the tab in front only.
      await page.bringToFront();
      await openMenuEditor(page);
      await expectNoSeriousAxeViolations(page);

      // The option group: two options, the first free, the second with a price and an allergen.
      await page.getByRole('button', { name: 'Option groups', exact: true }).click();
      await page.getByRole('button', { name: 'New option group' }).click();
      const groupDialog = page.getByRole('dialog', { name: 'New option group' });
      await groupDialog.getByLabel('Group name').fill(groupName);
      await groupDialog.getByLabel('Option 1 name').fill('Usturoi');
      await groupDialog.getByLabel('Option 1 price (lei)').fill('0');
      await expect(groupDialog.getByText('Free', { exact: true })).toBeVisible();
      await groupDialog.getByRole('button', { name: 'Add an option' }).click();
      await groupDialog.getByLabel('Option 2 name').fill('Maioneză');
      await groupDialog.getByLabel('Option 2 price (lei)').fill('2.5');
      const secondOption = groupDialog.getByRole('list', { name: 'Options' }).getByRole('listitem').nth(1);
      await secondOption.getByText('Allergens').click();
      await secondOption.getByLabel('Eggs').check();
      await expectNoSeriousAxeViolations(page);
      await groupDialog.getByRole('button', { name: 'Create group' }).click();
      const groups = page.getByRole('list', { name: 'Option groups' });
      await expect(groups.getByRole('listitem').filter({ hasText: groupName })).toContainText('Usturoi (Free), Maioneză (+2.50 lei)');

      // The category.
      await page.getByRole('button', { name: 'Categories & dishes' }).click();
      await page.getByRole('button', { name: 'New category' }).click();
      const categoryDialog = page.getByRole('dialog', { name: 'New category' });
      await categoryDialog.getByLabel('Name', { exact: true }).fill(categoryName);
      await categoryDialog.getByRole('button', { name: 'Create category' }).click();
      await chooseCategory(page, categoryName);

      // The dish, with a photo from "the tablet's files", allergens, a tag and the group.
      await page.getByRole('button', { name: 'New dish' }).click();
      const dishDialog = page.getByRole('dialog', { name: 'New dish' });
      await dishDialog.getByLabel('Name', { exact: true }).fill(dishName);
      await dishDialog.getByLabel('Price (lei)').fill('31,5');
      await dishDialog.getByLabel('Price (lei)').blur();
      await expect(dishDialog.getByLabel('Price (lei)')).toHaveValue('31.50');
      await dishDialog.getByLabel('Description', { exact: true }).fill('Ceafă de porc la grătar');
      await dishDialog.getByLabel('Choose photo').setInputFiles({ name: 'ceafa.png', mimeType: 'image/png', buffer: await makePng() });
      await expect(dishDialog.getByRole('img', { name: `Photo of ${dishName}` })).toBeVisible({ timeout: 45_000 });
      await dishDialog.getByLabel('Milk').check();
      await dishDialog.getByLabel('Mustard').check();
      await dishDialog.getByLabel('Spicy').check();
      await dishDialog.getByLabel(groupName).check();
      await expectNoSeriousAxeViolations(page);
      await dishDialog.getByRole('button', { name: 'Create dish' }).click();
      await expect(dishDialog).toBeHidden();
      const dishes = page.getByRole('list', { name: `Dishes in ${categoryName}` });
      await expect(dishes.getByRole('listitem').filter({ hasText: dishName })).toContainText('31.50 lei');

      const stored = await catalogueOf(api);
      const dish = stored.dishes.find((d) => d.name === dishName)!;
      expect(dish).toMatchObject({ priceBani: 3150, allergens: ['milk', 'mustard'], dietaryTags: ['spicy'], hidden: false });
      expect(dish.photo?.id).toMatch(/^[a-f0-9]{16,64}$/);
      expect(dish.groupIds).toEqual([stored.groups.find((g) => g.name === groupName)!.id]);

      // The open storefront tab shows it without a reload: price, photo and allergens.
      await storefront.bringToFront();
      const card = storefront.getByTestId('menu-card').filter({ has: storefront.getByRole('heading', { name: dishName }) });
      await expect(card).toBeVisible({ timeout: LIVE_TIMEOUT_MS });
      await expect(card).toContainText('31.50 lei');
      await expect(card.locator(`img[src*="${dish.photo!.id}"], source[srcset*="${dish.photo!.id}"]`).first()).toBeAttached();
      await card.getByRole('button', { name: `Custom ${dishName}` }).click();
      const storefrontDialog = storefront.getByRole('dialog', { name: dishName });
      await expect(storefrontDialog).toContainText(/Milk/);
      await expect(storefrontDialog).toContainText(/Mustard/);
      await expect(storefrontDialog).toContainText('Maioneză');
      await storefront.keyboard.press('Escape');
      await page.bringToFront();

      // Reorder by keyboard: the new category (last) moves up one place, and the live region says so.
      const categories = page.getByRole('list', { name: 'Categories' });
      const before = (await catalogueOf(api)).categories.map((c) => c.id);
      const mine = stored.categories.find((c) => c.name === categoryName)!.id;
      expect(before.at(-1)).toBe(mine);
      const moveUp = categories.getByRole('button', { name: `Move up: ${categoryName}` });
      await moveUp.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(`${categoryName} moved to position ${before.length - 1} of ${before.length}`)).toBeAttached();
      await expect(categories.getByRole('button', { name: `Move up: ${categoryName}` })).toBeFocused();
      await expect.poll(async () => (await catalogueOf(api)).categories.map((c) => c.id).indexOf(mine)).toBe(before.length - 2);

      // And back down by dragging its handle below the last row.
      const handle = categories.getByTestId(`drag-${categoryName}`);
      const lastRow = categories.getByRole('listitem').last();
      const from = (await handle.boundingBox())!;
      const to = (await lastRow.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, to.y + to.height - 4, { steps: 8 });
      await page.mouse.up();
      await expect.poll(async () => (await catalogueOf(api)).categories.map((c) => c.id)).toEqual(before);
    } finally {
      await removeMenuRows(api, /^E2E Grătar /, /^Sos E2E /);
      await api.dispose();
    }
  });

  test('a dish given an English name keeps it: saved, on the storefront menu, and shown back after a reload (issue 23)', async ({
    page,
    playwright,
  }) => {
    const dishName = unique('Ceafă E2E');
    const englishName = `Grilled pork neck ${dishName.slice(-5)}`;
    const api = await managerRequest(playwright);
    try {
      const { category, dishId } = await seedCategoryWithDish(api, dishName, 2900);
      await openMenuEditor(page);
      await chooseCategory(page, category.name);
      await page.getByRole('button', { name: `Edit ${dishName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${dishName}` });
      await expect(dialog.getByRole('group', { name: 'In English (optional)' })).toBeVisible();
      await dialog.getByLabel('Name in English').fill(englishName);
      await dialog.getByLabel('Description in English').fill('Tender, marinated for 24 hours.');
      await dialog.getByRole('button', { name: 'Save dish' }).click();
      await expect(dialog).toBeHidden();
      await expect
        .poll(async () => (await catalogueOf(api)).dishes.find((dish) => dish.id === dishId)?.nameEn, { timeout: LIVE_TIMEOUT_MS })
        .toBe(englishName);
      const menu = (await (await api.get(`${serverOrigin()}/api/menu`)).json()) as { items: { id: number; nameEn?: string }[] };
      expect(menu.items.find((item) => item.id === dishId)?.nameEn).toBe(englishName);

      await page.reload();
      await expect(page.getByRole('list', { name: 'Categories' })).toBeVisible();
      await chooseCategory(page, category.name);
      await page.getByRole('button', { name: `Edit ${dishName}` }).click();
      const reopened = page.getByRole('dialog', { name: `Edit ${dishName}` });
      await expect(reopened.getByLabel('Name in English')).toHaveValue(englishName);
      await expect(reopened.getByLabel('Description in English')).toHaveValue('Tender, marinated for 24 hours.');
      await expect(reopened.getByLabel('Name', { exact: true })).toHaveValue(dishName);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await removeMenuRows(api, /^E2E Seed /);
      await api.dispose();
    }
  });

  test('a price change reaches a cart holding the dish as the menu-changed notice; the change log shows it', async ({
    page,
    context,
    playwright,
  }) => {
    const dishName = unique('Mici E2E');
    const api = await managerRequest(playwright);
    try {
      const { category } = await seedCategoryWithDish(api, dishName, 2000);
      const storefront = await context.newPage();
      await storefront.goto('/menu');
      await storefront.getByRole('button', { name: `Add ${dishName}`, exact: true }).click();
      await storefront
        .getByRole('dialog')
        .getByRole('button', { name: /Add to Cart/ })
        .click();
      await expect(storefront.getByRole('dialog')).toBeHidden();

      await page.bringToFront();
      await openMenuEditor(page);
      await chooseCategory(page, category.name);
      await page.getByRole('button', { name: `Edit ${dishName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${dishName}` });
      await dialog.getByLabel('Price (lei)').fill('23');
      await dialog.getByRole('button', { name: 'Save dish' }).click();
      await expect(page.getByRole('list', { name: `Dishes in ${category.name}` })).toContainText('23.00 lei');

      await storefront.bringToFront();
      await cartButton(storefront).click();
      const notice = storefront.getByRole('status', { name: 'Menu changes' });
      await expect(notice).toContainText(`${dishName}: 20.00 lei → 23.00 lei`, { timeout: LIVE_TIMEOUT_MS });
      await expect(storefront.getByRole('button', { name: 'Use the new prices' })).toBeVisible();

      await page.bringToFront();
      await page.getByRole('button', { name: 'Change log' }).click();
      const entry = page.getByRole('list', { name: 'Menu changes' }).getByRole('listitem').filter({ hasText: dishName }).first();
      await expect(entry).toContainText('manager@casagratarului.ro');
      await expect(entry).toContainText(/20\.00.*→.*23\.00/);
      await expect(entry.locator('time')).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await removeMenuRows(api, /^E2E Seed /);
      await api.dispose();
    }
  });

  test('CSV export → edit → import: a broken file is refused row by row, the fixed one applies', async ({ page, playwright }) => {
    const dishName = unique('Salată E2E');
    const newDishName = unique('Zacuscă E2E');
    const api = await managerRequest(playwright);
    try {
      const { category, dishId } = await seedCategoryWithDish(api, dishName, 2000);
      await openMenuEditor(page);
      await page.getByRole('button', { name: 'Import / export' }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download menu CSV' }).click();
      const download = await downloading;
      const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
      const header = Object.keys(rows[0]!);
      expect(header).toEqual([
        'id',
        'category',
        'name',
        'description',
        'unit',
        'price_lei',
        'sold_out',
        'hidden',
        'allergens',
        'may_contain',
        'dietary_tags',
        'name_en',
        'description_en',
      ]);
      const mine = rows.find((row) => row.id === String(dishId))!;
      expect(mine).toMatchObject({ name: dishName, category: category.name, price_lei: '20.00' });

      mine.price_lei = '24.50';
      mine.allergens = 'gluten|eggs';
      const added = { ...mine, id: '', name: newDishName, price_lei: '12.00', allergens: '' };
      const csvOf = (list: Record<string, string>[]) => stringify(list, { header: true, columns: header, bom: true });
      const fileInput = page.getByLabel('CSV file');

      // A broken row: nothing applies, the error names its row.
      const broken = [...rows, { ...added, price_lei: 'twelve' }];
      await fileInput.setInputFiles({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(csvOf(broken)) });
      const preview = page.getByRole('region', { name: 'Import preview' });
      const errors = preview.getByRole('table', { name: 'Errors' });
      await expect(errors).toBeVisible();
      await expect(errors.getByRole('row').nth(1)).toContainText(String(broken.length + 1));
      await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();
      await expectNoSeriousAxeViolations(page);

      await fileInput.setInputFiles({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(csvOf([...rows, added])) });
      await expect(preview.getByRole('table', { name: 'Changed dishes' })).toContainText(dishName);
      await expect(preview.getByRole('table', { name: 'Changed dishes' })).toContainText(/20\.00 → 24\.50/);
      await expect(preview.getByRole('table', { name: 'New dishes' })).toContainText(newDishName);
      await expect(preview.getByRole('table', { name: 'Errors' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Apply import' }).click();
      await expect(preview).toBeHidden();

      const after = await catalogueOf(api);
      expect(after.dishes.find((d) => d.id === dishId)).toMatchObject({
        priceBani: 2450,
        allergens: expect.arrayContaining(['gluten', 'eggs']),
      });
      expect(after.dishes.find((d) => d.name === newDishName)).toMatchObject({ priceBani: 1200, categoryId: category.id });
    } finally {
      await removeMenuRows(api, /^E2E Seed /);
      await api.dispose();
    }
  });

  test.describe('refusals', () => {
    // The server's 409s (menu_conflict, category_not_empty) are the expected answers here; Chromium logs them as failed loads.
    test.use({ allowedHttpErrorStatuses: [409] });

    test('bulk prices are previewed then applied; a conflicting edit shows both versions; a category with dishes is deleted by moving them', async ({
      page,
      playwright,
    }) => {
      const dishName = unique('Fasole E2E');
      const api = await managerRequest(playwright);
      try {
        const { category, dishId } = await seedCategoryWithDish(api, dishName, 2000);
        const { category: other } = await seedCategoryWithDish(api, unique('Ardei E2E'), 900);
        await openMenuEditor(page);

        // Bulk: +10 % on the category, previewed by the server before anything changes.
        await page.getByRole('button', { name: 'Bulk prices' }).click();
        await page.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
        await page.getByLabel('Change (%)').fill('10');
        await page.getByRole('button', { name: 'Preview' }).click();
        const preview = page.getByRole('table', { name: 'New prices (not saved yet)' });
        await expect(preview.getByRole('row', { name: new RegExp(dishName) })).toContainText('20.00 lei22.00 lei');
        expect((await catalogueOf(api)).dishes.find((d) => d.id === dishId)?.priceBani).toBe(2000);
        await expectNoSeriousAxeViolations(page);
        await page.getByRole('button', { name: 'Apply new prices' }).click();
        await expect.poll(async () => (await catalogueOf(api)).dishes.find((d) => d.id === dishId)?.priceBani).toBe(2200);

        // Conflict: another tablet saves the dish while this one has it open.
        await page.getByRole('button', { name: 'Categories & dishes' }).click();
        await chooseCategory(page, category.name);
        await expect(page.getByRole('list', { name: `Dishes in ${category.name}` })).toContainText('22.00 lei');
        await page.getByRole('button', { name: `Edit ${dishName}` }).click();
        const dialog = page.getByRole('dialog', { name: `Edit ${dishName}` });
        const revision = (await catalogueOf(api)).dishes.find((d) => d.id === dishId)!.revision;
        await send(api, 'PATCH', `/dishes/${dishId}`, { priceBani: 2500, baseRevision: revision });
        await dialog.getByLabel('Price (lei)').fill('30');
        await dialog.getByRole('button', { name: 'Save dish' }).click();
        const conflict = page.getByRole('dialog', { name: 'Someone else changed this meanwhile' });
        await expect(conflict.getByRole('row', { name: /Price/ })).toContainText('30.00 lei25.00 lei');
        await expectNoSeriousAxeViolations(page);
        await conflict.getByRole('button', { name: 'Apply mine again' }).click();
        await expect.poll(async () => (await catalogueOf(api)).dishes.find((d) => d.id === dishId)?.priceBani).toBe(3000);
        await expect(page.getByRole('list', { name: `Dishes in ${category.name}` })).toContainText('30.00 lei');

        // Delete: refused while the dish is there, then done by moving it.
        await page.getByRole('button', { name: `Edit category ${category.name}` }).click();
        const categoryDialog = page.getByRole('dialog', { name: `Edit category ${category.name}` });
        await categoryDialog.getByRole('button', { name: 'Delete category' }).click();
        await categoryDialog.getByRole('button', { name: 'Yes, delete' }).click();
        // The server's own refusal, then the way out it offers.
        await expect(categoryDialog.getByRole('alert')).toContainText(/dish/i);
        await categoryDialog.getByLabel('Move its dishes to').selectOption({ label: other.name });
        await categoryDialog.getByRole('button', { name: 'Move dishes and delete' }).click();
        await expect(categoryDialog).toBeHidden();
        await expect.poll(async () => (await catalogueOf(api)).categories.some((c) => c.id === category.id)).toBe(false);
        expect((await catalogueOf(api)).dishes.find((d) => d.id === dishId)?.categoryId).toBe(other.id);
      } finally {
        await removeMenuRows(api, /^E2E Seed /);
        await api.dispose();
      }
    });
  });

  test.describe('offline', () => {
    test.use({ allowOfflineRequests: true });

    test('an edit made offline is queued, shown at once, and sent when the connection returns', async ({ page, context, playwright }) => {
      const dishName = unique('Ciorbă E2E');
      const api = await managerRequest(playwright);
      try {
        const { category, dishId } = await seedCategoryWithDish(api, dishName, 1800);
        await openMenuEditor(page);
        await chooseCategory(page, category.name);

        await context.setOffline(true);
        await page.getByRole('button', { name: `Edit ${dishName}` }).click();
        const dialog = page.getByRole('dialog', { name: `Edit ${dishName}` });
        await expect(dialog.getByText('Photos upload when you are back online.')).toBeVisible();
        await expect(dialog.getByLabel('Choose photo')).toBeDisabled();
        await dialog.getByLabel('Price (lei)').fill('19.90');
        await dialog.getByRole('button', { name: 'Save dish' }).click();
        await expect(page.getByRole('status').filter({ hasText: '1 menu change is queued' })).toBeVisible();
        await expect(page.getByRole('list', { name: `Dishes in ${category.name}` })).toContainText('19.90 lei');
        // Not on the server yet.
        expect((await catalogueOf(api)).dishes.find((d) => d.id === dishId)?.priceBani).toBe(1800);

        await context.setOffline(false);
        await expect
          .poll(async () => (await catalogueOf(api)).dishes.find((d) => d.id === dishId)?.priceBani, { timeout: 20_000 })
          .toBe(1990);
        await expect(page.getByRole('status').filter({ hasText: 'queued' })).toHaveCount(0);
      } finally {
        await removeMenuRows(api, /^E2E Seed /);
        await api.dispose();
      }
    });
  });
});

test(
  'on a phone the editor stacks and a dish is edited in a dialog that fits the screen',
  { tag: '@phone' },
  async ({ page, playwright }) => {
    await page.setViewportSize(PHONE);
    await signInAsManager(page.request);
    const dishName = unique('Papanași E2E');
    const api = await managerRequest(playwright);
    try {
      const { category } = await seedCategoryWithDish(api, dishName, 2500);
      await openMenuEditor(page);
      await chooseCategory(page, category.name);
      await page.getByRole('button', { name: `Edit ${dishName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${dishName}` });
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await expect(dialog.getByLabel('Take photo')).toHaveAttribute('capture', 'environment');
      await dialog.getByLabel('Vegetarian').check();
      await dialog.getByRole('button', { name: 'Save dish' }).click();
      await expect.poll(async () => (await catalogueOf(api)).dishes.find((d) => d.name === dishName)?.dietaryTags).toEqual(['vegetarian']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await removeMenuRows(api, /^E2E Seed /);
      await api.dispose();
    }
  },
);
