/**
 * Issue 27, the restaurant's side: the order board in columns by stage (new, accepted, in kitchen,
 * ready, out for delivery) with the newest on top (a new order waits in 'New' until accepted, issue
 * 19); a delivery's card and printed kitchen ticket show the whole Romanian door (street and number,
 * bloc, scară, etaj, apartament, interfon), the instructions, a tap-to-call phone and an 'Open in
 * maps' link; pickup orders go 'Ready for Pickup' → 'Picked Up'; a 1024×768 landscape tablet gets
 * the desktop layout; the page title names the open section. The desktop project drives a 1024×768 tablet, the phone project a 390 px phone.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';

import type { AdminSection } from '../../src/features/admin/sections';
import { ADMIN_SECTION_LABELS } from '../../src/features/admin/sections';
import type { Order } from '../../src/shared/schemas/order';
import { signUpViaApi } from './helpers/auth';
import { acceptOrderViaApi } from './helpers/manager';
import { menuOf, restaurantOf, simpleItems } from './helpers/order-helpers';
import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const ADMIN = { email: 'manager@casagratarului.ro', password: 'manager-e2e-password' };
const TABLET = { width: 1024, height: 768 };
const PORTRAIT_TABLET = { width: 768, height: 1024 };
const PHONE = { width: 390, height: 844 };
const isPhone = () => test.info().project.name === 'phone';
const jsonHeaders = () => ({ origin: serverOrigin(), 'content-type': 'application/json' });

/** The door as the customer typed it in the address form. */
const DOOR = {
  streetAddress: 'Bulevardul Republicii 12',
  houseNumber: '12',
  bloc: 'A3',
  scara: '2',
  etaj: '4',
  apartament: '17',
  interfon: '17A',
  deliveryInstructions: 'Poarta verde, lângă farmacie',
  latitude: 44.9436,
  longitude: 26.0253,
};

async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${serverOrigin()}/api/auth/login`, { data: ADMIN, headers: jsonHeaders() });
  expect(response.status(), await response.text()).toBe(200);
}

async function openAdmin(page: Page, section: AdminSection): Promise<void> {
  await page.goto(`/admin?section=${section}`);
  await expect(page.getByRole('heading', { level: 1, name: ADMIN_SECTION_LABELS[section] })).toBeVisible();
}

/** A customer in their own browser context, signed up; `order` places a cash order through the API. */
async function newCustomer(
  browser: Browser,
): Promise<{ order(fulfilment: 'delivery' | 'pickup'): Promise<Order>; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: serverOrigin() });
  const page = await context.newPage();
  await page.goto('/');
  await signUpViaApi(page);
  const [dish] = simpleItems(await menuOf(page));
  let addressId: number | null = null;
  const order = async (fulfilment: 'delivery' | 'pickup'): Promise<Order> => {
    let target: unknown;
    if (fulfilment === 'delivery') {
      if (addressId === null) {
        const saved = await page.request.post(`${serverOrigin()}/api/addresses`, {
          data: {
            label: 'home',
            city: 'Ploiești',
            postalCode: '100066',
            country: 'Romania',
            formattedAddress: 'Bulevardul Republicii 12, Ploiești, Romania',
            placeId: 'gazetteer:bulevardul-republicii:12',
            pinConfirmed: true,
            isDefault: true,
            ...DOOR,
          },
          headers: jsonHeaders(),
        });
        expect(saved.status(), await saved.text()).toBe(201);
        addressId = ((await saved.json()) as { address: { id: number } }).address.id;
      }
      target = { type: 'delivery', addressId };
    } else {
      target = { type: 'pickup', locationId: (await restaurantOf(page)).locations[0]!.id };
    }
    const placed = await page.request.post(`${serverOrigin()}/api/orders`, {
      data: {
        items: [{ menuItemId: dish!.id, quantity: 2, modifierIds: [] }],
        fulfilment: target,
        paymentMethod: 'cash',
        customer: { firstName: 'Ioana', lastName: 'Dumitrescu', email: 'ioana@example.ro', phone: '0722 123 456' },
      },
      headers: { ...jsonHeaders(), 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return ((await placed.json()) as { order: Order }).order;
  };
  return { order, close: () => context.close() };
}

/** As the kitchen does it on the board (issue 19): accept, then 'preparing', then 'sent to kitchen'. */
async function intoTheKitchen(request: APIRequestContext, orderNumber: string): Promise<void> {
  await acceptOrderViaApi(request, orderNumber, 30);
  for (const status of ['preparing', 'sent to kitchen']) {
    const moved = await request.post(`${serverOrigin()}/api/admin/board/${orderNumber}/status`, {
      data: { status },
      headers: jsonHeaders(),
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

const column = (page: Page, name: RegExp) => page.getByRole('region', { name });
const card = (page: Page, orderNumber: string) => page.getByRole('article', { name: `Order ${orderNumber}` });

test.describe('the order board', () => {
  test(
    'a delivery card and its printed ticket show bloc, scară, etaj, apartament and interfon, with the phone and the pin; columns by stage',
    { tag: '@phone' },
    async ({ page, browser }) => {
      // A customer signs up and orders twice in their own browser before the board is read.
      test.setTimeout(120_000);
      await page.setViewportSize(isPhone() ? PHONE : TABLET);
      await signInAsAdmin(page.request);
      await openAdmin(page, 'orders');
      await expect(page).toHaveTitle(/^Orders · Admin Panel/);

      const customer = await newCustomer(browser);
      const first = await customer.order('delivery');
      const order = await customer.order('delivery');
      const orderCard = card(page, order.orderNumber);
      // Issue 19: a new order waits in 'New' until someone accepts it; newest at the top of its column.
      const fresh = column(page, /^New/);
      await expect(fresh.getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible({ timeout: 15_000 });
      await expect(fresh.getByRole('article', { name: `Order ${first.orderNumber}` })).toBeVisible({ timeout: 15_000 });
      const inNew = await fresh.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
      expect(inNew.indexOf(`Order ${order.orderNumber}`)).toBeLessThan(inNew.indexOf(`Order ${first.orderNumber}`));
      // Accepted and through the kitchen's steps, they sit in 'In kitchen', still newest first.
      for (const placed of [first, order]) await intoTheKitchen(page.request, placed.orderNumber);
      const kitchen = column(page, /^In kitchen/);
      await expect(kitchen.getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible({ timeout: 15_000 });
      await expect(kitchen.getByRole('article', { name: `Order ${first.orderNumber}` })).toBeVisible({ timeout: 15_000 });
      const inKitchen = await kitchen.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
      expect(inKitchen.indexOf(`Order ${order.orderNumber}`)).toBeLessThan(inKitchen.indexOf(`Order ${first.orderNumber}`));

      // The whole door, the instructions, tap-to-call and the pin in maps.
      await expect(orderCard.getByText('Bulevardul Republicii 12', { exact: true })).toBeVisible();
      await expect(orderCard.getByText('Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17A', { exact: true })).toBeVisible();
      await expect(orderCard.getByText('Ploiești 100066', { exact: true })).toBeVisible();
      await expect(orderCard.getByText('Instructions: Poarta verde, lângă farmacie')).toBeVisible();
      await expect(orderCard.getByRole('link', { name: '0722 123 456' })).toHaveAttribute('href', 'tel:0722123456');
      const maps = orderCard.getByRole('link', { name: 'Open in maps' });
      await expect(maps).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=44\.943600%2C26\.025300$/);
      await expect(maps).toHaveAttribute('target', '_blank');

      // The columns: five stages across the tablet, one under another on a phone.
      const titles = page.getByRole('heading', { level: 2 }).filter({ hasText: /^(New|Accepted|In kitchen|Ready|Out for delivery)\b/ });
      await expect(titles).toHaveCount(5);
      const boxes = await titles.evaluateAll((headings) => headings.map((h) => h.getBoundingClientRect().toJSON() as DOMRect));
      if (isPhone()) {
        for (let i = 1; i < boxes.length; i += 1) expect(boxes[i]!.top).toBeGreaterThan(boxes[i - 1]!.top);
      } else {
        for (let i = 1; i < boxes.length; i += 1) {
          expect(Math.abs(boxes[i]!.top - boxes[0]!.top)).toBeLessThan(2);
          expect(boxes[i]!.left).toBeGreaterThan(boxes[i - 1]!.right - 1);
        }
        expect(boxes.at(-1)!.right).toBeLessThanOrEqual(TABLET.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(isPhone() ? PHONE.width : TABLET.width);
      await expectNoSeriousAxeViolations(page);

      // The printed ticket (print media, the browser's dialog stubbed to read what it would print).
      await page.evaluate(() => {
        window.print = () => {
          const ticket = document.querySelector<HTMLElement>('.kitchen-ticket');
          document.body.dataset.printed = ticket?.innerText ?? '';
          // A copy stays on the page after the board takes its ticket away, to print it to PDF below.
          if (ticket) document.body.append(ticket.cloneNode(true));
        };
      });
      await page.emulateMedia({ media: 'print' });
      await orderCard.getByRole('button', { name: 'Print ticket' }).click();
      await expect(page.locator('body')).toHaveAttribute('data-printed', /Interfon/);

      const ticket = (await page.locator('body').getAttribute('data-printed'))!.split('\n').map((line) => line.trim());
      // On 80 mm paper: the printed page's width (PDF points) is the ticket's @page size (the copy printed).
      const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
      const mediaBox = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf);
      expect(Number(mediaBox?.[1]) / (72 / 25.4)).toBeCloseTo(80, 0);
      await page.evaluate(() => document.querySelectorAll('.kitchen-ticket').forEach((copy) => copy.remove()));
      await page.emulateMedia({ media: 'screen' });
      expect(ticket).toEqual(
        expect.arrayContaining([
          order.orderNumber,
          'DELIVERY',
          'Bulevardul Republicii 12',
          'Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17A',
          'Ploiești 100066',
          'Instructions: Poarta verde, lângă farmacie',
          'Ioana Dumitrescu · Tel. 0722 123 456',
          'Pin: 44.94360, 26.02530',
        ]),
      );

      // Out of the kitchen: the card moves to the 'Out for delivery' column.
      await orderCard.getByRole('button', { name: 'Move to Out for Delivery' }).click();
      await expect(column(page, /^Out for delivery/).getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible();
      await customer.close();
    },
  );

  test("a pickup order goes 'Ready for Pickup' then 'Picked Up', never 'Delivered'", async ({ page, browser }) => {
    // The board holds every order the run placed today by now: axe reads a large page.
    test.setTimeout(120_000);
    await page.setViewportSize(isPhone() ? PHONE : TABLET);
    await signInAsAdmin(page.request);
    await openAdmin(page, 'orders');
    const customer = await newCustomer(browser);
    const order = await customer.order('pickup');
    const orderCard = card(page, order.orderNumber);
    await expect(column(page, /^New/).getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible({ timeout: 15_000 });
    await intoTheKitchen(page.request, order.orderNumber);
    await expect(column(page, /^In kitchen/).getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible({
      timeout: 15_000,
    });
    await expect(orderCard.getByText('Pickup', { exact: false }).first()).toBeVisible();
    await expect(orderCard.getByRole('button', { name: /Delivered|Picked Up/ })).toHaveCount(0);

    // The server refuses the skip as well (the board's buttons are not the only guard).
    const skip = await page.request.post(`${serverOrigin()}/api/admin/board/${order.orderNumber}/status`, {
      data: { status: 'delivered' },
      headers: jsonHeaders(),
    });
    expect(skip.status()).toBe(409);

    await orderCard.getByRole('button', { name: 'Move to Ready for Pickup' }).click();
    const ready = column(page, /^Ready/);
    await expect(ready.getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(orderCard.getByText('Ready for Pickup', { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await orderCard.getByRole('button', { name: 'Move to Picked Up' }).click();
    // Finished orders fold away under 'Finished'.
    const finished = page.getByRole('group').filter({ has: page.getByText(/^Finished \(\d+\)$/) });
    await expect(ready.getByRole('article', { name: `Order ${order.orderNumber}` })).toHaveCount(0);
    await page.getByText(/^Finished \(\d+\)$/).click();
    await expect(
      finished.getByRole('article', { name: `Order ${order.orderNumber}` }).getByText('Picked Up', { exact: true }),
    ).toBeVisible();
    await customer.close();
  });
});

test.describe('the manager area layout', () => {
  test(
    'a 1024×768 landscape tablet gets the desktop layout, a portrait tablet and a phone the bottom switcher; the title names the section',
    { tag: '@phone' },
    async ({ page }) => {
      await signInAsAdmin(page.request);
      const switcher = page.getByRole('navigation', { name: 'Sections', exact: true });
      const sideNav = page.getByRole('navigation', { name: 'Settings sections' });
      if (isPhone()) {
        await page.setViewportSize(PHONE);
        await openAdmin(page, 'general');
        await expect(switcher).toBeVisible();
        await expect(sideNav).toBeHidden();
        await switcher.getByRole('button', { name: 'Opening Hours' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Opening Hours' })).toBeVisible();
        await expect(page).toHaveTitle(/^Opening Hours · Admin Panel/);
        await expectNoSeriousAxeViolations(page);
        return;
      }
      await page.setViewportSize(TABLET);
      await openAdmin(page, 'general');
      await expect(page).toHaveTitle(/^General · Admin Panel/);
      await expect(sideNav).toBeVisible();
      await expect(switcher).toBeHidden();
      await expect(page.getByRole('region', { name: 'Settings toolbar' })).toBeHidden();
      await expect(sideNav.getByRole('button', { name: 'Save Settings' })).toBeVisible();
      // Navigation on the left, the section in the middle, the preview on the right.
      const navBox = (await sideNav.boundingBox())!;
      const titleBox = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      const previewBox = (await page.getByRole('complementary', { name: 'Live preview' }).boundingBox())!;
      expect(titleBox.x).toBeGreaterThanOrEqual(navBox.x + navBox.width);
      expect(previewBox.x).toBeGreaterThanOrEqual(titleBox.x + titleBox.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
      await expectNoSeriousAxeViolations(page);

      await sideNav.getByRole('button', { name: 'Orders' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
      await expect(page).toHaveTitle(/^Orders · Admin Panel/);
      await expect(sideNav.getByRole('button', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');

      // The same tablet held upright is a portrait screen: the phone layout with its bottom switcher.
      await page.setViewportSize(PORTRAIT_TABLET);
      await expect(switcher).toBeVisible();
      await expect(sideNav).toBeHidden();
      await expectNoSeriousAxeViolations(page);
    },
  );
});
