/**
 * Issue 22, "each manager account can be given one location or all" (desktop project only: nothing
 * here differs on a phone): the manager of every kitchen invites a manager for the first kitchen and
 * one for the second in the Staff section; each sets a password from the invitation mail the test
 * SMTP server received; a customer's pickup for tomorrow 13:00 at the second location then waits in
 * the second kitchen manager's Scheduled lane, while the first kitchen's manager neither sees it nor
 * has a kitchen filter (docs/decisions/0146-manager-accounts-invited-by-mail.md, 0139-boards-per-location.md).
 * The order is placed through the API (orders-for-later.spec.ts drives that checkout in the browser).
 */
import type { BrowserContext, Page } from '@playwright/test';

import type { Order } from '../../src/shared/schemas/order';
import type { RestaurantInfo } from '../../src/shared/schemas/restaurant';
import { expect, test } from './fixtures';
import { signUpViaApi } from './helpers/auth';
import { serverOrigin } from './helpers/e2e-server';
import { mailLinkTo, waitForMailTo } from './helpers/mail';
import { jsonHeaders, signInAsManager } from './helpers/manager';
import { menuOf, placeOrderViaApi, simpleItems } from './helpers/order-helpers';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

/** Tomorrow 13:00 in Bucharest: the e2e server's clock starts on Sunday 22 Nov 2026 at 14:00. */
const TOMORROW_13_00 = '2026-11-23T11:00:00.000Z';
const PASSWORD = 'parola-manager-123';

interface Invitee {
  email: string;
  firstName: string;
  lastName: string;
}

/** Opens the invitation's link in a browser of its own, sets the password there, and signs in with it. */
async function acceptInvitation(context: BrowserContext, invitee: Invitee): Promise<Page> {
  const mail = await waitForMailTo(invitee.email, /^You are invited to manage /);
  const page = await context.newPage();
  await page.goto(mailLinkTo(mail, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sign in with your new password' })).toBeVisible();
  const signedIn = await page.request.post(`${serverOrigin()}/api/auth/login`, {
    data: { email: invitee.email, password: PASSWORD },
    headers: jsonHeaders(),
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return page;
}

test('a manager per kitchen, invited by mail: only the second kitchen’s manager sees its order for tomorrow in Scheduled', async ({
  page,
  browser,
}) => {
  // Four password hashes (two set, two sign-ins) and a sign-up on a shared machine.
  test.setTimeout(150_000);
  await signInAsManager(page.request);
  const { locations } = (await (await page.request.get(`${serverOrigin()}/api/restaurant`)).json()) as RestaurantInfo;
  const [first, second] = locations;
  const run = `${Date.now().toString(36)}-${process.pid}`;
  const invitees: [Invitee, Invitee] = [
    { email: `manager-first-${run}@example.ro`, firstName: 'Ioana', lastName: 'Nord' },
    { email: `manager-second-${run}@example.ro`, firstName: 'Radu', lastName: 'Centru' },
  ];
  const contexts: BrowserContext[] = [];
  let order: Order | null = null;
  try {
    await page.goto('/admin?section=staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    const form = page.getByRole('region', { name: 'Invite a manager' });
    const managers = page.getByRole('list', { name: 'Manager accounts' });
    for (const [invitee, kitchen] of [
      [invitees[0], first!],
      [invitees[1], second!],
    ] as const) {
      await form.getByLabel('E-mail').fill(invitee.email);
      await form.getByLabel('First name').fill(invitee.firstName);
      await form.getByLabel('Last name').fill(invitee.lastName);
      await form.getByLabel('Kitchen').selectOption({ label: kitchen.name });
      await form.getByRole('button', { name: 'Send invitation' }).click();
      const row = managers.getByRole('listitem').filter({ hasText: invitee.email });
      await expect(row).toContainText('no password set yet');
      await expect(row.getByLabel(`Kitchen of ${invitee.firstName} ${invitee.lastName}`)).toHaveValue(String(kitchen.id));
    }
    await expectNoSeriousAxeViolations(page);

    const boards: Page[] = [];
    for (const invitee of invitees) {
      const context = await browser.newContext({ baseURL: serverOrigin() });
      contexts.push(context);
      boards.push(await acceptInvitation(context, invitee));
    }

    const customer = await browser.newContext({ baseURL: serverOrigin() });
    contexts.push(customer);
    const customerPage = await customer.newPage();
    await customerPage.goto('/');
    await signUpViaApi(customerPage);
    const [dish] = simpleItems(await menuOf(customerPage));
    order = await placeOrderViaApi(customerPage, {
      paymentMethod: 'cash',
      lines: [{ item: dish!, quantity: 1 }],
      pickupLocationId: second!.id,
      slotStart: TOMORROW_13_00,
    });
    const card = (board: Page) =>
      board.getByRole('region', { name: /^Scheduled/ }).getByRole('article', { name: `Order ${order!.orderNumber}` });

    const [firstBoard, secondBoard] = boards as [Page, Page];
    await secondBoard.goto('/admin?section=orders');
    await expect(card(secondBoard)).toBeVisible();
    await expect(secondBoard.getByTestId('board-kitchen')).toHaveText(`Kitchen: ${second!.name}`);

    await firstBoard.goto('/admin?section=orders');
    await expect(firstBoard.getByTestId('board-kitchen')).toHaveText(`Kitchen: ${first!.name}`);
    await expect(firstBoard.getByRole('region', { name: /^Scheduled/ })).toBeVisible();
    await expect(card(firstBoard)).toHaveCount(0);
    // No filter for the other kitchen, and no Staff section for a manager of one kitchen.
    await expect(firstBoard.getByRole('combobox', { name: 'Kitchen' })).toHaveCount(0);
    await expect(firstBoard.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Staff' })).toHaveCount(0);
    // Their day report is their kitchen's only: the choice offers nothing else.
    await firstBoard.goto('/admin?section=reports');
    await expect(firstBoard.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(firstBoard.getByLabel('Location').locator('option')).toHaveText([first!.name]);
  } finally {
    // The invitees' boards close first: removed, their live stream ends and its reconnect is refused (401).
    for (const context of contexts) await context.close();
    // Leave the run's data as found: the order rejected (it would count in tomorrow's slot), the invitees no longer managers.
    if (order) {
      const cancelled = await page.request.post(`${serverOrigin()}/api/admin/board/${order.orderNumber}/cancel`, {
        data: { reasonCode: 'too_busy' },
        headers: jsonHeaders(),
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    }
    const staff = (await (await page.request.get(`${serverOrigin()}/api/admin/staff`)).json()) as {
      staff: { id: number; email: string }[];
    };
    for (const member of staff.staff.filter((m) => invitees.some((invitee) => invitee.email === m.email))) {
      const removed = await page.request.delete(`${serverOrigin()}/api/admin/staff/${member.id}`, { headers: { origin: serverOrigin() } });
      expect(removed.status(), await removed.text()).toBe(200);
    }
  }
});
