/**
 * Issue 20, end to end inside the test process: orders placed and moved through the real routes,
 * the notifier reading the order event log, the real job queue, and two stand-ins that read what
 * they receive the way the far side would — a push service that checks the VAPID signature and
 * DECRYPTS each payload with the subscription's own keys (tests/mocks/push-service.ts), and a real
 * SMTP server (tests/mocks/smtp.ts, smtp-server + mailparser).
 * - one push per status change the customer cares about, each once however often the log is read;
 *   the board's push for a new order and for one left waiting; 410 removes the subscription; a
 *   push service that is down is retried;
 * - exactly one order confirmation with the right totals although SMTP fails twice first; the
 *   receipt after the card payment, none before;
 * - two instances (two apps on one store, SQLite here and PostgreSQL under
 *   scripts/with-postgres.sh) reading the same events send each mail and push once.
 */
import { randomUUID } from 'node:crypto';

import { afterEach, describe, expect, it } from 'vitest';

import { createStoreKeptMail } from '../../api/integrations/mail/store-kept';
import type { Mail } from '../../api/integrations/mail/port';
import { createSmtpMail } from '../../api/integrations/mail/smtp';
import { createPushFromEnv } from '../../api/integrations/push/select';
import { createOutboxWorker, type OutboxWorker } from '../../api/jobs/outbox-worker';
import { createNotifierMemory, CURSOR_SETTLE_MS, runNotifierPass } from '../../api/notifications/notifier';
import { PUSH_OUTBOX_KIND } from '../../api/notifications/push-job';
import { manualClock } from '../../src/shared/clock';
import { localClockText } from '../../src/shared/domain/opening-hours';
import { asBani, formatLei } from '../../src/shared/money';
import type { Order } from '../../src/shared/schemas/order';
import type { PushPayload } from '../../src/shared/schemas/push';
import { startPushServiceMock, type PushDevice, type PushServiceMock, type ReceivedPush } from '../mocks/push-service';
import { startSmtpMock, type SmtpMock } from '../mocks/smtp';
import type { TestUser } from '../setup/auth';
import { createUserWithSession } from '../setup/auth';
import { createTestDatabase, reportPostgresSkipped, TEST_DATABASE_URL } from '../setup/postgres';
import { createTestApp, makeTempDir, OPEN_HOURS_INSTANT, type TestApp } from '../setup/test-app';
import { firstLocationId, insertAddress, loadCatalogue, minimalModifiers, pickupBody, placeOrder } from './order-fixtures';

reportPostgresSkipped('tests/integration/notifications.test.ts: two instances on one PostgreSQL');

const RETRY_WAIT_MS = 10 * 60_000;

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

interface Instance {
  t: TestApp;
  worker: OutboxWorker;
  /** One notifier pass, then the worker until nothing is due. */
  flush(): Promise<void>;
}

async function instance(options: {
  pushOrigin: string;
  /** Unset: the embedded default, kept in this instance's store. */
  mail?: Mail;
  clock: ReturnType<typeof manualClock>;
  dataDir?: string;
  databaseUrl?: string;
}): Promise<Instance> {
  const t = await createTestApp({
    clock: options.clock,
    dataDir: options.dataDir,
    env: { PUSH_TEST_ENDPOINT_ORIGIN: options.pushOrigin, ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}) },
  });
  const deps = t.deps;
  const worker = createOutboxWorker({
    store: deps.store,
    clock: options.clock,
    logger: deps.logger,
    pos: deps.pos,
    orderEvents: deps.orderEvents,
    mail: options.mail ?? createStoreKeptMail({ db: deps.store.db, clock: options.clock, logger: deps.logger }),
    push: createPushFromEnv(deps.env, deps.store.db, options.clock),
    random: () => 0,
    workerId: `worker-${randomUUID().slice(0, 8)}`,
  });
  cleanups.push(async () => {
    await worker.stop();
    await t.close();
  });
  // What one running instance remembers between its passes (as api/index.ts's notifier does).
  const memory = createNotifierMemory();
  return {
    t,
    worker,
    async flush() {
      await runNotifierPass({ store: deps.store, clock: options.clock, logger: deps.logger, origin: 'https://comenzi.example.ro' }, memory);
      await worker.drain();
    },
  };
}

/** A push service stand-in and one instance sending to it, on the clock at opening hours. */
async function withPushService() {
  const push = await startPushServiceMock();
  cleanups.push(() => push.close());
  const clock = manualClock(OPEN_HOURS_INSTANT);
  const one = await instance({ pushOrigin: push.origin, clock });
  return { push, clock, one, t: one.t };
}

async function subscribe(t: TestApp, who: TestUser, device: PushDevice, audience: 'customer' | 'board'): Promise<number> {
  const response = await t.request(audience === 'board' ? '/api/admin/push/subscriptions' : '/api/push/subscriptions', {
    method: 'POST',
    headers: { cookie: who.cookie },
    json: { endpoint: device.endpoint, keys: device.keys, deviceLabel: audience === 'board' ? 'Kitchen tablet' : 'Phone' },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { subscription: { id: number } }).subscription.id;
}

async function accept(t: TestApp, manager: TestUser, order: Order, prepMinutes = 30): Promise<Order> {
  const response = await t.request(`/api/admin/board/${encodeURIComponent(order.orderNumber)}/accept`, {
    method: 'POST',
    headers: { cookie: manager.cookie },
    json: { prepMinutes },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { order: Order }).order;
}

async function move(t: TestApp, manager: TestUser, order: Order, status: string): Promise<void> {
  const response = await t.request(`/api/admin/board/${encodeURIComponent(order.orderNumber)}/status`, {
    method: 'POST',
    headers: { cookie: manager.cookie },
    json: { status },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const pushesTo = (push: PushServiceMock, device: PushDevice) => push.received.filter((received) => received.endpoint === device.endpoint);
const payloadOf = (received: ReceivedPush) => received.payload as PushPayload;

/** The English the seed wrote for a dish or an option: an English customer's e-mail names it so (0172). */
async function englishName(t: TestApp, table: 'menu_items' | 'modifier_options', id: number): Promise<string> {
  const row = await t.deps.store.db.selectFrom(table).select(['name', 'name_en']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(row.name_en, `${table} ${id} (${row.name}) has an English name`).toBeTruthy();
  return row.name_en!;
}

async function cashPickup(t: TestApp, who: TestUser): Promise<Order> {
  const catalogue = await loadCatalogue(t);
  return placeOrder(t, who, pickupBody(await firstLocationId(t), [catalogue.find((item) => item.groups.length === 0)!]));
}

describe('Web Push through the outbox, read by a push service that decrypts it', () => {
  it("one push per status change the customer cares about, the board's for a new order, each once however often the log is read", async () => {
    const push = await startPushServiceMock();
    cleanups.push(() => push.close());
    const clock = manualClock(OPEN_HOURS_INSTANT);
    const dataDir = makeTempDir();
    const one = await instance({ pushOrigin: push.origin, clock, dataDir });
    const { t } = one;
    const ana = await createUserWithSession(t);
    const manager = await createUserWithSession(t, { role: 'admin' });
    const phone = push.subscribe();
    const tablet = push.subscribe();
    await subscribe(t, ana, phone, 'customer');
    await subscribe(t, manager, tablet, 'board');

    const order = await cashPickup(t, ana);
    await one.flush();
    expect(pushesTo(push, phone)).toEqual([]);
    const [ring] = pushesTo(push, tablet);
    expect(payloadOf(ring!)).toMatchObject({ audience: 'board', kind: 'new-order', orderNumber: order.orderNumber, status: 'received' });
    expect(payloadOf(ring!).text).toContain(formatLei(asBani(order.totalBani)));
    expect(ring!.headers).toMatchObject({ urgency: 'high', contentEncoding: 'aes128gcm' });
    // The body on the wire is ciphertext: neither the order number nor the text are readable in it.
    expect(ring!.body.toString('latin1')).not.toContain(order.orderNumber);

    const accepted = await accept(t, manager, order, 30);
    await one.flush();
    const confirmed = pushesTo(push, phone).map(payloadOf);
    expect(confirmed).toEqual([
      {
        audience: 'customer',
        kind: 'status',
        orderNumber: order.orderNumber,
        status: 'confirmed',
        text: `Confirmed — ready at ${localClockText(new Date(accepted.readyAt!))}`,
      },
    ]);
    expect(localClockText(new Date(accepted.readyAt!))).toBe('14:30');

    // The kitchen's steps are not worth a push; ready for pickup is.
    await move(t, manager, order, 'preparing');
    await move(t, manager, order, 'sent to kitchen');
    await one.flush();
    expect(pushesTo(push, phone)).toHaveLength(1);
    await move(t, manager, order, 'out for delivery');
    await one.flush();
    const ready = pushesTo(push, phone).map(payloadOf).at(-1)!;
    expect(ready).toMatchObject({ status: 'out for delivery', orderNumber: order.orderNumber });
    expect(ready.text).toMatch(/^Ready for pickup/);

    // Read again and again (the cursor's settling window, a restart): nothing twice.
    await one.flush();
    clock.advanceMs(CURSOR_SETTLE_MS + 1_000);
    await one.flush();
    // A second instance (or this one restarted) reading the same log.
    const again = await instance({ pushOrigin: push.origin, clock, dataDir });
    await again.flush();
    expect(pushesTo(push, phone).map((p) => payloadOf(p).status)).toEqual(['confirmed', 'out for delivery']);
    expect(pushesTo(push, tablet)).toHaveLength(1);
    // Every push was signed with the key the browsers subscribe with.
    const publicKey = ((await (await t.request('/api/push/public-key')).json()) as { publicKey: string }).publicKey;
    expect(new Set(push.received.map((p) => p.vapidPublicKey))).toEqual(new Set([publicKey]));
  });

  it("each device hears in its owner's language: a Romanian customer, and each manager's tablet in that manager's", async () => {
    const { push, one, t } = await withPushService();
    const ana = await createUserWithSession(t);
    const ioana = await createUserWithSession(t, { role: 'admin' });
    const mark = await createUserWithSession(t, { role: 'admin' });
    const choose = (who: TestUser, language: string) =>
      t.deps.store.db.updateTable('users').set({ language }).where('id', '=', who.id).execute();
    await choose(ana, 'ro');
    await choose(ioana, 'ro');
    const phone = push.subscribe();
    const ioanasTablet = push.subscribe();
    const marksTablet = push.subscribe();
    await subscribe(t, ana, phone, 'customer');
    await subscribe(t, ioana, ioanasTablet, 'board');
    await subscribe(t, mark, marksTablet, 'board');

    const order = await cashPickup(t, ana);
    await one.flush();
    const total = asBani(order.totalBani);
    expect(pushesTo(push, ioanasTablet).map((p) => payloadOf(p).text)).toEqual([
      `Comandă nouă — ${formatLei(total, 'ro')}, ridicare personală, numerar`,
    ]);
    expect(pushesTo(push, marksTablet).map((p) => payloadOf(p).text)).toEqual([`New order — ${formatLei(total)}, pickup, cash`]);

    const accepted = await accept(t, mark, order, 30);
    await one.flush();
    expect(pushesTo(push, phone).map((p) => payloadOf(p).text)).toEqual([
      `Comandă confirmată — gata la ${localClockText(new Date(accepted.readyAt!))}`,
    ]);
  });

  it('410 from the push service removes the subscription; a push service that is down is retried', async () => {
    const { push, clock, one, t } = await withPushService();
    const ana = await createUserWithSession(t);
    const manager = await createUserWithSession(t, { role: 'admin' });
    const phone = push.subscribe();
    await subscribe(t, ana, phone, 'customer');

    // Down twice: the row waits with backoff, then goes once.
    const first = await cashPickup(t, ana);
    await one.flush();
    await accept(t, manager, first);
    push.failNext(2);
    await one.flush();
    clock.advanceMs(RETRY_WAIT_MS);
    await one.flush();
    clock.advanceMs(RETRY_WAIT_MS);
    await one.flush();
    expect(push.refused.filter((r) => r.status === 503)).toHaveLength(2);
    expect(pushesTo(push, phone).map((p) => payloadOf(p).status)).toEqual(['confirmed']);
    const row = await t.deps.store.db.selectFrom('outbox').selectAll().where('kind', '=', PUSH_OUTBOX_KIND).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', attempts: 2 });

    // The browser dropped the subscription: the service answers 410, the row goes.
    push.setGone(phone.endpoint);
    await move(t, manager, first, 'preparing');
    await move(t, manager, first, 'sent to kitchen');
    await move(t, manager, first, 'out for delivery');
    await one.flush();
    expect(push.refused.filter((r) => r.status === 410)).toHaveLength(1);
    expect(await t.deps.store.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
    const list = (await (await t.request('/api/push/subscriptions', { headers: { cookie: ana.cookie } })).json()) as {
      subscriptions: unknown[];
    };
    expect(list.subscriptions).toEqual([]);
  });

  it('the board rings again for an order still not accepted past its deadline, once', async () => {
    const { push, clock, one, t } = await withPushService();
    const ana = await createUserWithSession(t);
    const manager = await createUserWithSession(t, { role: 'admin' });
    const tablet = push.subscribe();
    await subscribe(t, manager, tablet, 'board');
    const order = await cashPickup(t, ana);
    await one.flush();
    expect(pushesTo(push, tablet).map((p) => payloadOf(p).kind)).toEqual(['new-order']);
    const deadline = (
      await t.deps.store.db.selectFrom('orders').select('accept_deadline_at').where('id', '=', order.id).executeTakeFirstOrThrow()
    ).accept_deadline_at!;
    clock.advanceMs(new Date(deadline).getTime() - clock.now().getTime() - 1_000);
    await one.flush();
    expect(pushesTo(push, tablet)).toHaveLength(1);
    clock.advanceMs(61_000);
    await one.flush();
    await one.flush();
    const kinds = pushesTo(push, tablet).map(payloadOf);
    expect(kinds.map((p) => p.kind)).toEqual(['new-order', 'waiting']);
    expect(kinds[1]!.text).toMatch(/^Waiting \d+ min — not accepted yet$/);
  });
});

describe('a paid card order cancelled by the restaurant', () => {
  it('the customer hears of the cancellation and, once the refund is confirmed, of the refund, by push and e-mail, once each', async () => {
    const smtp = await startSmtpMock();
    cleanups.push(() => smtp.close());
    const push = await startPushServiceMock();
    cleanups.push(() => push.close());
    const clock = manualClock(OPEN_HOURS_INSTANT);
    const mail = createSmtpMail({ url: smtp.url, from: 'Casa Grătarului <comenzi@example.ro>' });
    cleanups.push(() => mail.close());
    const one = await instance({ pushOrigin: push.origin, clock, mail });
    const { t } = one;
    const ana = await createUserWithSession(t);
    const manager = await createUserWithSession(t, { role: 'admin' });
    const phone = push.subscribe();
    await subscribe(t, ana, phone, 'customer');
    const catalogue = await loadCatalogue(t);
    const order = await placeOrder(
      t,
      ana,
      pickupBody(await firstLocationId(t), [catalogue.find((item) => item.groups.length === 0)!], { paymentMethod: 'card' }),
    );
    const started = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      headers: { cookie: ana.cookie },
      json: { orderNumber: order.orderNumber },
    });
    const checkoutUrl = ((await started.json()) as { url: string }).url;
    await t.request(new URL(checkoutUrl).pathname, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', cardNumber: '4242 4242 4242 4242' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    await one.flush();

    const cancelled = await t.request(`/api/admin/board/${encodeURIComponent(order.orderNumber)}/cancel`, {
      method: 'POST',
      headers: { cookie: manager.cookie },
      json: { reasonCode: 'sold_out' },
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    await one.flush();
    await one.flush();
    clock.advanceMs(CURSOR_SETTLE_MS + 1_000);
    await one.flush();

    const texts = pushesTo(push, phone).map((p) => payloadOf(p).text);
    expect(texts).toEqual([
      'Cancelled by the restaurant — Sold out',
      `Refund of ${formatLei(asBani(order.totalBani))} confirmed — back on your card in a few days`,
    ]);
    const refundMails = smtp.messages.filter((m) => m.subject.startsWith('Casa Grătarului: refund of'));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.subject).toBe(`Casa Grătarului: refund of ${formatLei(asBani(order.totalBani))} for order ${order.orderNumber}`);
    expect(refundMails[0]!.text).toContain(`Refunded: ${formatLei(asBani(order.totalBani))}`);
    // The receipt came first, once.
    expect(smtp.messages.filter((m) => m.subject.includes('receipt'))).toHaveLength(1);
  });
});

describe('order e-mail through the outbox, received by a real SMTP server', () => {
  let smtp: SmtpMock;

  it('exactly one confirmation with the right totals although SMTP fails twice first', async () => {
    smtp = await startSmtpMock();
    cleanups.push(() => smtp.close());
    const push = await startPushServiceMock();
    cleanups.push(() => push.close());
    const clock = manualClock(OPEN_HOURS_INSTANT);
    const mail = createSmtpMail({ url: smtp.url, from: 'Casa Grătarului <comenzi@example.ro>' });
    cleanups.push(() => mail.close());
    const one = await instance({ pushOrigin: push.origin, clock, mail });
    const { t } = one;
    const ana = await createUserWithSession(t);
    const catalogue = await loadCatalogue(t);
    const withOptions = catalogue.find((item) => item.groups.some((group) => group.options.length > 0)) ?? catalogue[0]!;
    const plain = catalogue.find((item) => item.groups.length === 0)!;
    const addressId = await insertAddress(t, ana.id);
    const order = await placeOrder(t, ana, {
      ...pickupBody(0, [withOptions, plain]),
      fulfilment: { type: 'delivery', addressId },
    });

    smtp.setFailing(true);
    await one.flush();
    clock.advanceMs(RETRY_WAIT_MS);
    await one.worker.drain();
    expect(smtp.messages).toEqual([]);
    const failed = await t.deps.store.db.selectFrom('outbox').selectAll().where('kind', '=', 'mail').executeTakeFirstOrThrow();
    expect(failed.attempts).toBe(2);
    smtp.setFailing(false);
    clock.advanceMs(RETRY_WAIT_MS);
    await one.flush();
    await one.flush();

    const confirmations = smtp.messages.filter((m) => m.subject.includes(order.orderNumber));
    expect(confirmations).toHaveLength(1);
    const [message] = confirmations;
    expect(message!.to).toEqual([order.customerEmail]);
    expect(message!.subject).toBe(`Casa Grătarului: we received your order ${order.orderNumber}`);
    expect(message!.text).toContain(`Total: ${formatLei(asBani(order.totalBani))}`);
    expect(message!.text).toContain(`Subtotal: ${formatLei(asBani(order.subtotalBani))}`);
    expect(message!.text).toContain(`Delivery: ${formatLei(asBani(order.deliveryFeeBani))}`);
    // Ana reads English: the dishes and options by the menu's English names.
    for (const item of order.orderItems) {
      expect(message!.text).toContain(`${item.quantity} × ${await englishName(t, 'menu_items', item.menuItemId)}`);
      for (const option of item.selectedModifiers)
        expect(message!.text).toContain(`+ ${await englishName(t, 'modifier_options', option.modifierId)}`);
    }
    expect(message!.text).toContain(order.deliveryAddress!.formatted);
    expect(message!.text).toContain('Cash, paid to the driver on delivery');
    const settings = await t.deps.store.db.selectFrom('restaurant_settings').selectAll().executeTakeFirstOrThrow();
    for (const part of [settings.name, settings.address, settings.phone]) {
      expect(message!.text).toContain(part);
      expect(message!.html).toContain(part.replace(/&/g, '&#38;'));
    }
    expect(message!.text).toContain(`https://comenzi.example.ro/order-details/${order.orderNumber}`);
  });

  it('the receipt follows the card payment, and nothing is mailed before it', async () => {
    smtp = await startSmtpMock();
    cleanups.push(() => smtp.close());
    const push = await startPushServiceMock();
    cleanups.push(() => push.close());
    const clock = manualClock(OPEN_HOURS_INSTANT);
    const mail = createSmtpMail({ url: smtp.url, from: 'Casa Grătarului <comenzi@example.ro>' });
    cleanups.push(() => mail.close());
    const one = await instance({ pushOrigin: push.origin, clock, mail });
    const { t } = one;
    const ana = await createUserWithSession(t);
    const catalogue = await loadCatalogue(t);
    const order = await placeOrder(
      t,
      ana,
      pickupBody(await firstLocationId(t), [catalogue.find((item) => item.groups.length === 0)!], { paymentMethod: 'card' }),
    );
    await one.flush();
    expect(smtp.messages).toEqual([]);

    const started = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      headers: { cookie: ana.cookie },
      json: { orderNumber: order.orderNumber },
    });
    const checkoutUrl = ((await started.json()) as { url: string }).url;
    const paid = await t.request(new URL(checkoutUrl).pathname, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', cardNumber: '4242 4242 4242 4242' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await one.flush();
    await one.flush();
    expect(smtp.messages).toHaveLength(1);
    const [receipt] = smtp.messages;
    expect(receipt!.subject).toBe(`Casa Grătarului: receipt for order ${order.orderNumber}`);
    expect(receipt!.text).toContain(`Paid by card: ${formatLei(asBani(order.totalBani))}`);
    expect(receipt!.text).toContain(await englishName(t, 'menu_items', order.orderItems[0]!.menuItemId));
  });

  it("names the dishes and options in the customer's language: the menu's English, the Romanian the order keeps", async () => {
    const push = await startPushServiceMock();
    cleanups.push(() => push.close());
    const one = await instance({ pushOrigin: push.origin, clock: manualClock(OPEN_HOURS_INSTANT) });
    const { t } = one;
    const catalogue = await loadCatalogue(t);
    // A dish with a required choice: its line carries an option.
    const withOption = catalogue.find((item) => minimalModifiers(item).length > 0)!;
    const english = await createUserWithSession(t);
    const romanian = await createUserWithSession(t);
    await t.deps.store.db.updateTable('users').set({ language: 'ro' }).where('id', '=', romanian.id).execute();
    const body = pickupBody(await firstLocationId(t), [withOption]);
    const [inEnglish, inRomanian] = [await placeOrder(t, english, body), await placeOrder(t, romanian, body)];
    await one.flush();

    const mailTo = async (order: Order) => {
      const rows = await t.deps.store.db.selectFrom('sent_mail').select(['subject', 'text_body']).execute();
      return rows.find((row) => row.subject.includes(order.orderNumber))!.text_body;
    };
    const [line] = inEnglish.orderItems;
    const option = line!.selectedModifiers[0]!;
    const dishEn = await englishName(t, 'menu_items', line!.menuItemId);
    const optionEn = await englishName(t, 'modifier_options', option.modifierId);
    expect(dishEn).not.toBe(line!.itemName);
    const englishMail = await mailTo(inEnglish);
    expect(englishMail).toContain(`${line!.quantity} × ${dishEn}`);
    expect(englishMail).toContain(`+ ${optionEn}`);
    expect(englishMail).not.toContain(`× ${line!.itemName}`);
    const romanianMail = await mailTo(inRomanian);
    expect(romanianMail).toContain(`${line!.quantity} × ${line!.itemName}`);
    expect(romanianMail).toContain(`+ ${option.name}`);
    expect(romanianMail).not.toContain(dishEn);
    // The order keeps the Romanian the kitchen reads.
    expect(inEnglish.orderItems[0]!.itemName).toBe(line!.itemName);
  });
});

/** A second worker and notifier on the same app: on the embedded SQLite store, what a second instance would be. */
function secondOn(first: Instance, clock: ReturnType<typeof manualClock>, mail: Mail): Instance {
  const deps = first.t.deps;
  const worker = createOutboxWorker({
    store: deps.store,
    clock,
    logger: deps.logger,
    pos: deps.pos,
    orderEvents: deps.orderEvents,
    mail,
    push: createPushFromEnv(deps.env, deps.store.db, clock),
    random: () => 0,
    workerId: `worker-${randomUUID().slice(0, 8)}`,
  });
  cleanups.push(() => worker.stop());
  const memory = createNotifierMemory();
  return {
    t: first.t,
    worker,
    async flush() {
      await runNotifierPass({ store: deps.store, clock, logger: deps.logger, origin: 'https://comenzi.example.ro' }, memory);
      await worker.drain();
    },
  };
}

async function twoInstancesSendOnce(databaseUrl: string | undefined): Promise<void> {
  const smtp = await startSmtpMock();
  cleanups.push(() => smtp.close());
  const push = await startPushServiceMock();
  cleanups.push(() => push.close());
  const clock = manualClock(OPEN_HOURS_INSTANT);
  const mailA = createSmtpMail({ url: smtp.url, from: 'A <a@example.ro>' });
  const mailB = createSmtpMail({ url: smtp.url, from: 'B <b@example.ro>' });
  cleanups.push(() => mailA.close());
  cleanups.push(() => mailB.close());
  const a = await instance({ pushOrigin: push.origin, clock, mail: mailA, databaseUrl });
  const b = databaseUrl ? await instance({ pushOrigin: push.origin, clock, mail: mailB, databaseUrl }) : secondOn(a, clock, mailB);
  const ana = await createUserWithSession(a.t);
  const manager = await createUserWithSession(a.t, { role: 'admin' });
  const phone = push.subscribe();
  const tablet = push.subscribe();
  await subscribe(a.t, ana, phone, 'customer');
  await subscribe(b.t, manager, tablet, 'board');

  const orders = [await cashPickup(a.t, ana), await cashPickup(b.t, ana), await cashPickup(a.t, ana)];
  const both = () => Promise.all([a.flush(), b.flush()]);
  await both();
  await accept(b.t, manager, orders[0]!);
  await accept(a.t, manager, orders[1]!);
  await both();
  await both();
  clock.advanceMs(CURSOR_SETTLE_MS + 1_000);
  await both();

  for (const order of orders)
    expect(
      smtp.messages.filter((m) => m.subject.includes(order.orderNumber)),
      order.orderNumber,
    ).toHaveLength(1);
  expect(
    pushesTo(push, tablet)
      .map((p) => payloadOf(p).orderNumber)
      .sort(),
  ).toEqual(orders.map((o) => o.orderNumber).sort());
  expect(
    pushesTo(push, phone)
      .map((p) => payloadOf(p).orderNumber)
      .sort(),
  ).toEqual([orders[0]!.orderNumber, orders[1]!.orderNumber].sort());
  expect(a.t.deps.store.dialect).toBe(databaseUrl ? 'postgres' : 'sqlite');
}

describe('two instances reading the same order events send each e-mail and each push once', () => {
  it('two workers and two notifiers on the embedded store', async () => {
    await twoInstancesSendOnce(undefined);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('two instances on one PostgreSQL (scripts/with-postgres.sh)', () => {
  it('two apps, each with its worker and notifier, on one database', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    await twoInstancesSendOnce(database.url);
  });
});
