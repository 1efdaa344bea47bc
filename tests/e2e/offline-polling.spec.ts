/**
 * Issue 27: while offline the app kept polling (62 failed requests in 40 s: restaurant, status,
 * session, menu). Now, with the app running and the network gone, and after a reload offline (the
 * service worker draws the page, the app starts with no network), it sends no /api request at all
 * — so none fails and nothing reaches the console (the fixture fails the test on any console
 * error, including Chromium's ERR_INTERNET_DISCONNECTED line). Back online, it reads again: the
 * opening status reappears and the menu stream reconnects. Desktop project only
 * (playwright.config.ts runs on phones only what differs there): the behaviour does not depend on the screen.
 */
import type { BrowserContext, Request } from '@playwright/test';

import { expect, test } from './fixtures';
import { visitOnceOnline } from './helpers/offline-helpers';

/** Long enough for TanStack Query's retry back-off (1 s, 2 s, 4 s) to have fired three times. */
const OFFLINE_WINDOW_MS = 9_000;

/** /api requests started from now on, and those of them that failed. */
function recordApiRequests(context: BrowserContext) {
  const sent: string[] = [];
  const failed: string[] = [];
  const started = new WeakSet<Request>();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  context.on('request', (request) => {
    if (!isApi(request)) return;
    started.add(request);
    sent.push(new URL(request.url()).pathname);
  });
  // A stream already open when the network goes is cut then; only requests made since count.
  context.on('requestfailed', (request) => {
    if (started.has(request)) failed.push(`${new URL(request.url()).pathname} ${request.failure()?.errorText ?? ''}`);
  });
  return { sent, failed };
}

test('offline, the app sends no /api request (running or started offline), and reads again on reconnect', async ({ page, context }) => {
  await visitOnceOnline(page);
  const footerNow = page.getByRole('contentinfo').getByTestId('opening-hours-now').first();
  await expect(footerNow).toContainText('Deschis acum');
  const api = recordApiRequests(context);

  // Running: the network goes away, the customer keeps browsing.
  await context.setOffline(true);
  await page.waitForTimeout(OFFLINE_WINDOW_MS / 3);
  await page.getByRole('banner').getByRole('link', { name: 'Casa Grătarului, acasă' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('banner').getByRole('link', { name: 'Meniu', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Off the charcoal grill/ })).toBeVisible();
  await page.waitForTimeout(OFFLINE_WINDOW_MS / 3);
  expect(api.failed).toEqual([]);
  expect(api.sent).toEqual([]);

  // Started offline: the service worker draws the page and the app starts without a network.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Off the charcoal grill/ })).toBeVisible();
  await page.waitForTimeout(OFFLINE_WINDOW_MS);
  expect(api.failed).toEqual([]);
  expect(api.sent).toEqual([]);
  // Nothing from the server about now: the footer keeps the schedule only.
  await expect(footerNow).toHaveCount(0);

  // Back online: the reads that could not run now do, and succeed.
  const statusRead = page.waitForResponse((response) => response.url().endsWith('/api/restaurant/status') && response.ok());
  const menuRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/menu' && response.status() < 400);
  await context.setOffline(false);
  await Promise.all([statusRead, menuRead]);
  await expect(footerNow).toContainText('Deschis acum');
  expect(api.failed).toEqual([]);
  expect(api.sent).toEqual(expect.arrayContaining(['/api/restaurant/status', '/api/menu', '/api/menu/events']));
});
