/**
 * Issue 18, the inbox: a message sent from the storefront's contact page reaches the manager's open
 * inbox without a reload, with the unhandled badge in the navigation; "Reply by e-mail" is a mailto:
 * with the customer's address and "Re: <subject>"; "Mark handled" clears the badge (and stays so
 * after a reload); order feedback shows its rating and links to the order board; a mark made offline
 * shows at once and reaches the server through the outbox when the tablet is back online. Axe on the section.
 * A 1024×768 tablet on the desktop project; the phone width is covered by no-sideways-scroll.spec.ts.
 */
import type { APIRequestContext, Page } from '@playwright/test';

import type { Inbox } from '../../src/shared/schemas/menu-editor';
import { signUpViaApi } from './helpers/auth';
import { jsonHeaders, signInAsManager } from './helpers/manager';
import { menuOf, placeOrderViaApi, simpleItems } from './helpers/order-helpers';
import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const TABLET = { width: 1024, height: 768 };

async function inboxOf(request: APIRequestContext): Promise<Inbox> {
  const response = await request.get(`${serverOrigin()}/api/admin/inbox`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Inbox;
}

/** Earlier specs of the run leave contact messages behind: handle them, so the badge is this test's alone. */
async function handleEverything(request: APIRequestContext): Promise<void> {
  for (const entry of (await inboxOf(request)).entries.filter((e) => e.handledAt === null)) {
    const response = await request.post(`${serverOrigin()}/api/admin/inbox/${entry.kind}/${entry.id}/handled`, {
      data: { handled: true },
      headers: jsonHeaders(),
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  expect((await inboxOf(request)).unhandled).toBe(0);
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });

test('a contact message reaches the open inbox with the badge; reply by e-mail; mark handled clears the badge', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(TABLET);
  await signInAsManager(page.request);
  await handleEverything(page.request);
  await page.goto('/admin?section=inbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(navigation(page).getByRole('button', { name: 'Inbox', exact: true })).toBeVisible();
  await expect(page.getByTestId('inbox-badge')).toHaveCount(0);

  // The customer, in a browser of their own, writes from the contact page.
  const subject = `Masă pentru 12 & tort? (${Date.now()})`;
  const message = `${subject}\nSâmbătă seara, la Centru. Mulțumesc!`;
  const email = `ioana.${Date.now()}@example.ro`;
  const customer = await browser.newContext({ baseURL: serverOrigin() });
  try {
    const storefront = await customer.newPage();
    await storefront.goto('/contact');
    const form = storefront.getByRole('main');
    await form.getByLabel('Name').fill('Ioana Marin');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(storefront.getByTestId('toast')).toContainText('Message sent');
  } finally {
    await customer.close();
  }

  // No reload: the live stream's 'inbox-changed' brings the message and the badge.
  const item = page.getByRole('article', { name: subject });
  await expect(item).toBeVisible();
  await expect(navigation(page).getByRole('button', { name: /^Inbox\s*,\s*1 unhandled$/ })).toBeVisible();
  await expect(item).toContainText('Contact message');
  await expect(item).toContainText(`From Ioana Marin <${email}>`);
  await expect(item).toContainText('Sâmbătă seara, la Centru. Mulțumesc!');
  // The server's clock is pinned to Sunday 22 Nov 2026 from 14:00 Bucharest (playwright.config.ts).
  await expect(item.locator('time').first()).toHaveText(/^Sun, 22 Nov 2026, (1\d|2[0-3]):[0-5]\d$/);
  const reply = item.getByRole('link', { name: 'Reply by e-mail' });
  const href = await reply.getAttribute('href');
  expect(href).toBe(`mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`);
  expect(new URL(href!).searchParams.get('subject')).toBe(`Re: ${subject}`);
  await expectNoSeriousAxeViolations(page);

  await item.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByTestId('inbox-badge')).toHaveCount(0);
  await expect(item.getByRole('button', { name: 'Mark unhandled' })).toBeVisible();
  await expect(item).toContainText(/Handled Sun, 22 Nov 2026/);
  // The mark reached the server (through the outbox): a reload shows it handled.
  await expect.poll(async () => (await inboxOf(page.request)).unhandled).toBe(0);
  await page.reload();
  await expect(page.getByRole('article', { name: subject }).getByRole('button', { name: 'Mark unhandled' })).toBeVisible();
  await expect(page.getByTestId('inbox-badge')).toHaveCount(0);
});

test('order feedback shows its rating and links to the order board; the badge follows marking it unhandled', async ({ page, browser }) => {
  await page.setViewportSize(TABLET);
  const customer = await browser.newContext({ baseURL: serverOrigin() });
  let orderNumber: string;
  try {
    const shopper = await customer.newPage();
    await shopper.goto('/');
    await signUpViaApi(shopper);
    const [dish] = simpleItems(await menuOf(shopper));
    orderNumber = (await placeOrderViaApi(shopper, { paymentMethod: 'cash', lines: [{ item: dish!, quantity: 3 }] })).orderNumber;
    const feedback = await shopper.request.post(`${serverOrigin()}/api/orders/${orderNumber}/feedback`, {
      data: { rating: 4, message: 'Mici foarte buni, cartofii reci.' },
      headers: jsonHeaders(),
    });
    expect(feedback.status(), await feedback.text()).toBe(201);
  } finally {
    await customer.close();
  }

  await signInAsManager(page.request);
  await handleEverything(page.request);
  await page.goto('/admin?section=inbox');
  const item = page.getByRole('article', { name: `Feedback on order ${orderNumber}` });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Order feedback');
  await expect(item.getByRole('img', { name: '4 out of 5' })).toBeVisible();
  await expect(item).toContainText('Mici foarte buni, cartofii reci.');
  await expect(page.getByTestId('inbox-badge')).toHaveCount(0);

  await item.getByRole('button', { name: 'Mark unhandled' }).click();
  await expect(navigation(page).getByRole('button', { name: /^Inbox\s*,\s*1 unhandled$/ })).toBeVisible();
  await expect.poll(async () => (await inboxOf(page.request)).unhandled).toBe(1);
  await expectNoSeriousAxeViolations(page);

  await item.getByRole('link', { name: `Order ${orderNumber}` }).click();
  await expect(page).toHaveURL(/\/admin\?section=orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  // The badge stays in the navigation whatever section is open.
  await expect(navigation(page).getByRole('button', { name: /^Inbox\s*,\s*1 unhandled$/ })).toBeVisible();
});

test.describe('offline', () => {
  // The live stream's reconnect attempts are refused while offline; that is not what this test is about.
  test.use({ allowOfflineRequests: true });

  test('a mark made offline shows at once, is queued, and reaches the server when the tablet is back online', async ({ page, context }) => {
    await page.setViewportSize(TABLET);
    await signInAsManager(page.request);
    await handleEverything(page.request);
    const subject = `Comandă pentru birou (${Date.now()})`;
    const sent = await page.request.post(`${serverOrigin()}/api/contact`, {
      data: { name: 'Andrei Pop', email: 'andrei.pop@example.ro', message: `${subject}\nLuni la 12:00.` },
      headers: jsonHeaders(),
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await page.goto('/admin?section=inbox');
    const item = page.getByRole('article', { name: subject });
    await expect(item).toBeVisible();
    await expect(navigation(page).getByRole('button', { name: /^Inbox\s*,\s*1 unhandled$/ })).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByText(/You are offline: this is the inbox as last loaded/)).toBeVisible();
    await item.getByRole('button', { name: 'Mark handled' }).click();
    await expect(page.getByTestId('inbox-badge')).toHaveCount(0);
    await expect(item.getByRole('button', { name: 'Mark unhandled' })).toBeVisible();
    // Not sent yet: the server still counts it (the test's own request context is not offline).
    expect((await inboxOf(page.request)).unhandled).toBe(1);

    await context.setOffline(false);
    await expect.poll(async () => (await inboxOf(page.request)).unhandled, { timeout: 20_000 }).toBe(0);
    await expect(page.getByTestId('inbox-badge')).toHaveCount(0);
  });
});
