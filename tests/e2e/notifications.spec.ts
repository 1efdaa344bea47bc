/**
 * Issue 20 in Chromium: a customer turns on notifications from the order's page, the manager accepts
 * the order, the service worker shows "Confirmed — ready at …", and tapping it opens the order's page;
 * the board's "Notify this tablet" likewise rings for a new order and opens the board.
 *
 * How the push gets there without the internet (docs/notifications.md, "Testing"): the browser's own
 * push service (FCM) cannot be reached here, so the page's PushManager.subscribe is replaced (an init
 * script) by one that returns a subscription whose endpoint is this spec's push-service stand-in
 * (tests/mocks/push-service.ts), with a key pair and auth secret the stand-in made like a browser
 * does. Everything after that is the product's own path: the server accepts the endpoint only
 * because PUSH_TEST_ENDPOINT_ORIGIN names the stand-in (playwright.config.ts), encrypts and signs
 * exactly as for FCM, and posts from its outbox; the stand-in checks the VAPID signature, DECRYPTS the
 * payload with the subscription's keys and hands it to the real service worker through the DevTools
 * protocol (ServiceWorker.deliverPushMessage), so the worker's own `push` handler shows the
 * notification. A tap is the worker's own `notificationclick` handler, given the notification the
 * worker shows (getNotifications()): with a tab of the app open it takes that tab to the target page.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { request as apiRequest } from '@playwright/test';
import Database from 'better-sqlite3';

import type { Order } from '../../src/shared/schemas/order';
import type { PushDevice, PushServiceMock } from '../mocks/push-service';
import { startPushServiceMock } from '../mocks/push-service';
import { expect, test } from './fixtures';
import { currentServer } from './helpers/e2e-server';
import { signUpViaApi } from './helpers/auth';
import { acceptOrderViaApi, jsonHeaders, MANAGER, signInAsManager } from './helpers/manager';
import { menuOf, placeOrderViaApi, simpleItems } from './helpers/order-helpers';

test.describe.configure({ mode: 'serial' });

let push: PushServiceMock;

test.beforeAll(async () => {
  push = await startPushServiceMock({ port: currentServer().pushPort });
});
test.afterAll(async () => {
  await push.close();
});

/** The page's PushManager hands out the stand-in's device (kept for the tab's session, like a real subscription). */
async function stubPushManager(context: BrowserContext, device: PushDevice): Promise<void> {
  await context.addInitScript((fake: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
    const KEY = 'e2e-push-subscribed';
    const subscription = {
      endpoint: fake.endpoint,
      expirationTime: null,
      options: { applicationServerKey: null, userVisibleOnly: true },
      toJSON: () => ({ endpoint: fake.endpoint, expirationTime: null, keys: fake.keys }),
      unsubscribe: () => {
        sessionStorage.removeItem(KEY);
        return Promise.resolve(true);
      },
    };
    PushManager.prototype.subscribe = function subscribe() {
      sessionStorage.setItem(KEY, '1');
      return Promise.resolve(subscription as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function getSubscription() {
      return Promise.resolve(sessionStorage.getItem(KEY) ? (subscription as unknown as PushSubscription) : null);
    };
  }, device);
}

/** The app's service worker, controlling `page` (a reload after the first install makes it the page's controller). */
async function controllingWorker(page: Page): Promise<Worker> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
  return worker;
}

/** Delivers what the stand-in decrypted for `device` to the page's service worker as a real push event. */
async function forwardPushesToWorker(page: Page, device: PushDevice): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  session.on(
    'ServiceWorker.workerRegistrationUpdated',
    (event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      for (const registration of event.registrations)
        if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
    },
  );
  await session.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  push.onPush(async (received) => {
    if (received.endpoint !== device.endpoint) return;
    await session.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrations.get(`${origin}/`)!,
      data: JSON.stringify(received.payload),
    });
  });
  return session;
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url?: string } | null;
}

function shownNotifications(worker: Worker): Promise<ShownNotification[]> {
  return worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    return (await scope.registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as { url?: string } | null,
    }));
  });
}

/** The person taps the notification with this tag: the worker's own notificationclick handler runs. */
async function tapNotification(worker: Worker, tag: string): Promise<void> {
  await worker.evaluate(async (wanted) => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  }, tag);
}

/** The VAPID private key the server generated and keeps in its store (SQLite in DATA_DIR). */
function storedVapidPrivateKey(): string {
  const database = new Database(path.join(currentServer().dataDir, 'storefront.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (database.prepare('select private_key from push_vapid_keys where id = 1').get() as { private_key: string }).private_key;
  } finally {
    database.close();
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test('a customer turns notifications on from the order page; the confirmation shows, and tapping it opens the order', async ({
  page,
  context,
  baseURL,
}) => {
  const phone = push.subscribe();
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await stubPushManager(context, phone);
  await signUpViaApi(page);
  await page.goto('/menu');
  const worker = await controllingWorker(page);
  const order: Order = await placeOrderViaApi(page, {
    paymentMethod: 'cash',
    lines: [{ item: simpleItems(await menuOf(page))[0]!, quantity: 1 }],
  });

  // The offer waits on the order's page; nothing asked the browser for a permission before the tap.
  await page.goto(`/order-details/${order.orderNumber}`);
  const offer = page.getByRole('region', { name: 'Order notifications' });
  await expect(offer.getByText('Get a notification when your order is confirmed and on its way')).toBeVisible();
  await offer.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Notifications are on for this device' })).toBeVisible();
  await forwardPushesToWorker(page, phone);

  // The profile lists this device with "Turn off".
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: /Turn off notifications on .* \(this device\)/ })).toBeVisible();

  const manager = await apiRequest.newContext({ baseURL });
  try {
    await signInAsManager(manager);
    const accepted = await acceptOrderViaApi(manager, order.orderNumber, 30);
    const readyAt = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bucharest', hour: '2-digit', minute: '2-digit' }).format(
      new Date(accepted.readyAt!),
    );
    await expect
      .poll(async () => (await shownNotifications(worker)).find((n) => n.tag === `customer-${order.orderNumber}`), { timeout: 20_000 })
      .toEqual({
        title: `Order ${order.orderNumber}`,
        body: `Confirmed — ready at ${readyAt}`,
        tag: `customer-${order.orderNumber}`,
        data: expect.objectContaining({ url: `/order-details/${order.orderNumber}` }) as unknown,
      });
    const received = push.received.filter((r) => r.endpoint === phone.endpoint);
    expect(received).toHaveLength(1);

    // Tapping it, with the app open on another page, takes the tab to the order.
    await page.goto('/menu');
    await tapNotification(worker, `customer-${order.orderNumber}`);
    await expect(page).toHaveURL(new RegExp(`/order-details/${order.orderNumber}$`));
    await expect(page.getByText(order.orderNumber).first()).toBeVisible();

    // The private key the pushes were signed with is in no answer the browser got and in no built file.
    const privateKey = storedVapidPrivateKey();
    expect(await (await page.request.get('/api/push/public-key')).text()).not.toContain(privateKey);
    const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
    for (const file of filesUnder(staticDir)) expect(readFileSync(file).includes(privateKey), file).toBe(false);
  } finally {
    await manager.dispose();
  }
});

test("the board's 'Notify this tablet' rings for a new order, and tapping it opens the board", async ({ page, context, baseURL }) => {
  const tablet = push.subscribe();
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await stubPushManager(context, tablet);
  const login = await page.request.post('/api/auth/login', { data: MANAGER, headers: jsonHeaders() });
  expect(login.status()).toBe(200);
  await page.goto('/admin?section=orders');
  const worker = await controllingWorker(page);
  const toggle = page.getByRole('checkbox', { name: /Notify this tablet/ });
  await expect(toggle).toBeEnabled();
  // A controlled box: it shows ticked once the server has the tablet (so click, then wait).
  await toggle.click();
  await expect(toggle).toBeChecked();
  await forwardPushesToWorker(page, tablet);

  // A customer orders from their own phone.
  const customerPage = await context.browser()!.newContext({ baseURL });
  const customer = await customerPage.newPage();
  try {
    await signUpViaApi(customer);
    const order = await placeOrderViaApi(customer, {
      paymentMethod: 'cash',
      lines: [{ item: simpleItems(await menuOf(customer))[0]!, quantity: 2 }],
    });
    await expect
      .poll(async () => (await shownNotifications(worker)).find((n) => n.tag === `board-${order.orderNumber}`), { timeout: 20_000 })
      .toMatchObject({
        title: `New order ${order.orderNumber}`,
        body: expect.stringMatching(/^New order — .* lei, pickup, cash$/) as unknown,
      });

    await page.goto('/menu');
    await tapNotification(worker, `board-${order.orderNumber}`);
    await expect(page).toHaveURL(/\/admin\?section=orders$/);

    // Unticked, the tablet is no longer rung (the server forgets it).
    await page.getByRole('checkbox', { name: /Notify this tablet/ }).click();
    await expect(page.getByRole('checkbox', { name: /Notify this tablet/ })).not.toBeChecked();
    // The box unticks at once; the server forgets the tablet when the request it sends has arrived.
    await expect
      .poll(async () => {
        const tablets = await page.request.get('/api/admin/push/subscriptions');
        return ((await tablets.json()) as { subscriptions: { endpoint: string }[] }).subscriptions.map((s) => s.endpoint);
      })
      .not.toContain(tablet.endpoint);
  } finally {
    await customerPage.close();
  }
});
