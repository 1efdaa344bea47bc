/**
 * Issue 19, "The day": the manager's end-of-day report. Orders are placed through the API by a
 * customer in their own browser (cash, and card paid on the embedded test checkout); the Reports
 * section shows the server's figures for today (the server's clock decides the day), prints as the
 * only thing on the page (print media emulation: the 80 mm receipt layout, then A4), and its CSV
 * download carries the same figures. The board header shows today's figures too.
 *
 * Other specs place orders on the same server and day (one server per run), so the figures are
 * checked as this test's orders added to what the report said before them.
 */
import { readFile } from 'node:fs/promises';

import type { APIRequestContext, Page } from '@playwright/test';

import { formatLei } from '../../src/shared/money';
import type { Bani } from '../../src/shared/money';
import type { Order } from '../../src/shared/schemas/order';
import type { DayReport } from '../../src/shared/schemas/reports';
import { dayReportSchema, todayFiguresSchema } from '../../src/shared/schemas/reports';
import { signUpViaApi } from './helpers/auth';
import { menuOf, placeOrderViaApi, simpleItems } from './helpers/order-helpers';
import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const ADMIN = { email: 'manager@casagratarului.ro', password: 'manager-e2e-password' };
const TABLET = { width: 1024, height: 768 };
/** 80 mm paper, 74 mm printable, at CSS's 96 px per inch. */
const RECEIPT_WIDTH_PX = (74 / 25.4) * 96;
const jsonHeaders = () => ({ origin: serverOrigin(), 'content-type': 'application/json' });

async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${serverOrigin()}/api/auth/login`, { data: ADMIN, headers: jsonHeaders() });
  expect(response.status(), await response.text()).toBe(200);
}

async function reportOf(request: APIRequestContext, date: string): Promise<DayReport> {
  const response = await request.get(`${serverOrigin()}/api/admin/reports/day?date=${date}&location=all`);
  expect(response.status(), await response.text()).toBe(200);
  return dayReportSchema.parse(await response.json());
}

/** Pays a card order on the embedded test checkout (its form, posted as the page would). */
async function payByCard(customer: Page, order: Order): Promise<void> {
  const session = await customer.request.post(`${serverOrigin()}/api/payments/create-checkout-session`, {
    data: { orderNumber: order.orderNumber },
    headers: jsonHeaders(),
  });
  expect(session.status(), await session.text()).toBe(200);
  const { url } = (await session.json()) as { url: string };
  const paid = await customer.request.post(url, {
    form: { action: 'pay', cardNumber: '4242424242424242' },
    headers: { origin: serverOrigin() },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

const lei = (bani: number) => formatLei(bani as Bani);
/** 1 mm in PDF points. */
const PT_PER_MM = 72 / 25.4;

/** The first page's width and height in mm of the page as Chromium prints it (the CSS @page size). */
async function printedPageMm(page: Page): Promise<{ width: number; height: number }> {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf);
  expect(box, 'a MediaBox in the printed PDF').not.toBeNull();
  return { width: Number(box![1]) / PT_PER_MM, height: Number(box![2]) / PT_PER_MM };
}

test('the day report shows the figures, prints for 80 mm and A4, and downloads as CSV', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(TABLET);
  await signInAsAdmin(page.request);
  const todayResponse = await page.request.get(`${serverOrigin()}/api/admin/reports/today`);
  expect(todayResponse.status()).toBe(200);
  const { date } = todayFiguresSchema.parse(await todayResponse.json());
  const before = await reportOf(page.request, date);

  // A customer orders three times: cash twice, card once (paid).
  const context = await browser.newContext({ baseURL: serverOrigin() });
  const customer = await context.newPage();
  await customer.goto('/');
  await signUpViaApi(customer);
  const [first, second] = simpleItems(await menuOf(customer));
  const placed = [
    await placeOrderViaApi(customer, { paymentMethod: 'cash', lines: [{ item: first!, quantity: 2 }] }),
    await placeOrderViaApi(customer, { paymentMethod: 'card', lines: [{ item: second!, quantity: 1 }] }),
    await placeOrderViaApi(customer, { paymentMethod: 'cash', lines: [{ item: first!, quantity: 1 }] }),
  ];
  await payByCard(customer, placed[1]!);

  const placedFirst = await reportOf(page.request, date);
  const ours = placed.reduce((sum, order) => sum + order.totalBani, 0);
  expect(placedFirst.summary.orders).toBe(before.summary.orders + 3);
  expect(placedFirst.summary.revenueBani).toBe(before.summary.revenueBani + ours);
  const card = (r: DayReport) => r.byPaymentMethod.find((m) => m.method === 'card')!;
  expect(card(placedFirst).revenueBani).toBe(card(before).revenueBani + placed[1]!.totalBani);
  const dishQuantity = (r: DayReport) => r.byDish.filter((d) => d.menuItemId === first!.id).reduce((sum, d) => sum + d.quantity, 0);
  expect(dishQuantity(placedFirst)).toBe(dishQuantity(before) + 3);

  // The board header: today's figures, the same as the report's, and live: a fourth order placed
  // while the board is open shows without a reload.
  await page.goto('/admin?section=orders');
  const figures = page.getByRole('region', { name: "Today's figures" });
  await expect(figures.getByTestId('day-figures-orders')).toHaveText(String(placedFirst.summary.orders));
  await expect(figures.getByTestId('day-figures-card')).toHaveText(lei(card(placedFirst).revenueBani));
  placed.push(await placeOrderViaApi(customer, { paymentMethod: 'cash', lines: [{ item: second!, quantity: 1 }] }));
  await context.close();
  await expect(figures.getByTestId('day-figures-orders')).toHaveText(String(placedFirst.summary.orders + 1));
  const after = await reportOf(page.request, date);
  const cash = (r: DayReport) => r.byPaymentMethod.find((m) => m.method === 'cash')!;
  await expect(figures.getByTestId('day-figures-cash')).toHaveText(lei(cash(after).revenueBani));

  // The Reports section: today by default, every location.
  await page.goto('/admin?section=reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByLabel('Date')).toHaveValue(date);
  const onScreen = page.getByRole('article', { name: `Report for ${date}` });
  await expect(onScreen.getByTestId('report-orders')).toHaveText(String(after.summary.orders));
  await expect(onScreen.getByTestId('report-revenue')).toHaveText(lei(after.summary.revenueBani));
  const dishRow = onScreen.getByRole('row', { name: new RegExp(`^${first!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  await expect(dishRow.getByRole('cell').first()).toHaveText(String(dishQuantity(after)));
  await expectNoSeriousAxeViolations(page);

  // Print: only the report, 74 mm wide for the receipt printer...
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('report-print');
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Settings sections' })).toBeHidden();
  await expect(sheet.getByTestId('report-revenue')).toHaveText(lei(after.summary.revenueBani));
  const receipt = await sheet.boundingBox();
  expect(Math.abs(receipt!.width - RECEIPT_WIDTH_PX)).toBeLessThan(2);
  expect(Math.round((await printedPageMm(page)).width)).toBe(80);
  // ...and the page's full width on A4.
  await page.emulateMedia({ media: 'screen' });
  await expect(sheet).toBeHidden();
  await page.getByLabel('Paper').selectOption('a4');
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  expect((await sheet.boundingBox())!.width).toBeGreaterThan(RECEIPT_WIDTH_PX * 2);
  const a4 = await printedPageMm(page);
  expect([Math.round(a4.width), Math.round(a4.height)]).toEqual([210, 297]);
  await page.emulateMedia({ media: 'screen' });

  // The CSV download: named by date and location, the same figures.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`report-${date}-all.csv`);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Section,Item,Detail,Orders,Quantity,Amount (RON)');
  expect(lines).toContain(`Summary,Orders,,${after.summary.orders},,`);
  expect(lines).toContain(`Summary,Revenue,,,,${(after.summary.revenueBani / 100).toFixed(2)}`);
  expect(lines.some((line) => line.startsWith(`Dish,${first!.name},`) && line.includes(`,,${dishQuantity(after)},`))).toBe(true);
});

test('on a 360 px phone the report fits the screen and reads without sideways scrolling', { tag: '@phone' }, async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page.request);
  // At least one order today, so the tables are drawn.
  const context = await browser.newContext({ baseURL: serverOrigin() });
  const customer = await context.newPage();
  await customer.goto('/');
  await signUpViaApi(customer);
  const [dish] = simpleItems(await menuOf(customer));
  await placeOrderViaApi(customer, { paymentMethod: 'cash', lines: [{ item: dish!, quantity: 3 }] });
  await context.close();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin?section=reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const report = page.getByRole('article', { name: /^Report for / });
  await expect(report.getByRole('table').first()).toBeVisible();
  await expect(report.getByRole('rowheader', { name: new RegExp(dish!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.document).toBe(widths.viewport);
  await expectNoSeriousAxeViolations(page);
});
