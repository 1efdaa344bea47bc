import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LiveEvent } from '../../src/shared/schemas/admin';
import { inboxSchema } from '../../src/shared/schemas/menu-editor';
import { menuSchema } from '../../src/shared/schemas/menu';
import { orderResponseSchema } from '../../src/shared/schemas/order';
import { restaurantInfoSchema } from '../../src/shared/schemas/restaurant';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp, OPEN_HOURS_INSTANT } from '../../tests/setup/test-app';
import { contactSubject, feedbackSubject, INBOX_MAX_ENTRIES, INBOX_SUBJECT_MAX_CHARS } from './admin-inbox';

let t: TestApp;
let admin: TestUser;
const MINUTE_MS = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithSession(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const inbox = async () => {
  const response = await t.request('/api/admin/inbox', { headers: { cookie: admin.cookie } });
  expect(response.status).toBe(200);
  return inboxSchema.parse(await response.json());
};
const mark = (kind: string, id: number | string, body: unknown) =>
  t.request(`/api/admin/inbox/${kind}/${id}/handled`, { method: 'POST', json: body, headers: { cookie: admin.cookie } });

async function sendContact(name: string, email: string, message: string): Promise<number> {
  const response = await t.request('/api/contact', { method: 'POST', json: { name, email, message } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A cash pickup order for `customer`, placed through the real order route, then feedback on it. */
async function orderWithFeedback(customer: TestUser, rating: number, message: string) {
  const menu = menuSchema.parse(await (await t.request('/api/menu')).json());
  const info = restaurantInfoSchema.parse(await (await t.request('/api/restaurant')).json());
  const item = menu.items.find((i) => i.modifierGroups.length === 0 && !i.soldOut && i.priceBani > 0)!;
  const quantity = Math.min(99, Math.ceil(info.settings.minimumOrderBani / item.priceBani) + 1);
  const placed = await t.request('/api/orders', {
    method: 'POST',
    headers: { cookie: customer.cookie, 'Idempotency-Key': crypto.randomUUID() },
    json: {
      items: [{ menuItemId: item.id, quantity, modifierIds: [] }],
      fulfilment: { type: 'pickup', locationId: info.locations[0]!.id },
      paymentMethod: 'cash',
      customer: { firstName: 'Ana', lastName: 'Pop', email: customer.email, phone: '0722000000' },
    },
  });
  expect(placed.status).toBe(201);
  const order = orderResponseSchema.parse(await placed.json()).order;
  const feedback = await t.request(`/api/orders/${order.orderNumber}/feedback`, {
    method: 'POST',
    headers: { cookie: customer.cookie },
    json: { rating, message },
  });
  expect(feedback.status).toBe(201);
  return { orderNumber: order.orderNumber, feedbackId: ((await feedback.json()) as { feedback: { id: number } }).feedback.id };
}

describe('subjects', () => {
  it('a contact message is named by its first line, cut with an ellipsis', () => {
    expect(contactSubject('  Catering for 40?\nWe are a company in Ploiești.')).toBe('Catering for 40?');
    const long = 'ă'.repeat(INBOX_SUBJECT_MAX_CHARS + 10);
    const subject = contactSubject(long);
    expect([...subject]).toHaveLength(INBOX_SUBJECT_MAX_CHARS);
    expect(subject.endsWith('…')).toBe(true);
    expect(contactSubject('x'.repeat(INBOX_SUBJECT_MAX_CHARS))).toBe('x'.repeat(INBOX_SUBJECT_MAX_CHARS));
    expect(feedbackSubject('ORD-1')).toBe('Feedback on order ORD-1');
  });
});

describe('GET /api/admin/inbox', () => {
  it('lists contact messages and order feedback newest first, with the unhandled count, and marks them handled', async () => {
    t.clock.set(OPEN_HOURS_INSTANT);
    const customer = await createUserWithSession(t, { firstName: 'Ioana' });
    const empty = await inbox();
    expect(empty).toEqual({ entries: [], unhandled: 0 });

    const events: LiveEvent['type'][] = [];
    const stop = t.deps.liveEvents.subscribe((event) => events.push(event.type));
    const first = await sendContact('Mihai', 'mihai@example.ro', 'Do you cater weddings?\nAbout 120 guests in June.');
    t.clock.advanceMs(MINUTE_MS);
    const { orderNumber, feedbackId } = await orderWithFeedback(customer, 4, 'Mici were great, fries cold.');
    t.clock.advanceMs(MINUTE_MS);
    const last = await sendContact('Elena', 'elena@example.ro', 'Is there parking near the restaurant?');
    stop();
    // A new message or feedback reaches the manager's stream (the badge follows without a reload).
    expect(events.filter((type) => type === 'inbox-changed')).toHaveLength(3);

    const listed = await inbox();
    expect(listed.unhandled).toBe(3);
    expect(listed.entries.map((entry) => `${entry.kind}:${entry.id}`)).toEqual([
      `contact:${last}`,
      `feedback:${feedbackId}`,
      `contact:${first}`,
    ]);
    expect(listed.entries[2]).toMatchObject({
      name: 'Mihai',
      email: 'mihai@example.ro',
      subject: 'Do you cater weddings?',
      body: 'Do you cater weddings?\nAbout 120 guests in June.',
      rating: null,
      orderId: null,
      orderNumber: null,
      handledAt: null,
      at: OPEN_HOURS_INSTANT.toISOString(),
    });
    const feedback = listed.entries[1]!;
    expect(feedback).toMatchObject({
      kind: 'feedback',
      name: 'Ioana Test',
      email: customer.email,
      subject: `Feedback on order ${orderNumber}`,
      body: 'Mici were great, fries cold.',
      rating: 4,
      orderNumber,
      handledAt: null,
    });
    const order = await t.deps.store.db.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
    expect(feedback.orderId).toBe(order.id);

    // Mark handled: the count drops, the time is the server's clock; a second mark keeps the first time.
    t.clock.advanceMs(MINUTE_MS);
    const handledAt = t.clock.now().toISOString();
    const marked = await mark('feedback', feedbackId, { handled: true });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toEqual({ kind: 'feedback', id: feedbackId, handledAt });
    t.clock.advanceMs(MINUTE_MS);
    expect(await (await mark('feedback', feedbackId, { handled: true })).json()).toMatchObject({ handledAt });
    expect((await mark('contact', first, { handled: true })).status).toBe(200);
    const after = await inbox();
    expect(after.unhandled).toBe(1);
    expect(after.entries.find((entry) => entry.kind === 'feedback')?.handledAt).toBe(handledAt);
    // The contact message with the same id as the feedback is untouched: kinds are separate tables.
    expect(after.entries.find((entry) => entry.kind === 'contact' && entry.id === last)?.handledAt).toBeNull();

    // Unmark: back to unhandled.
    const unmarked = await mark('feedback', feedbackId, { handled: false });
    expect(await unmarked.json()).toEqual({ kind: 'feedback', id: feedbackId, handledAt: null });
    expect((await inbox()).unhandled).toBe(2);
  });

  it('refuses bad input with 400 and an unknown entry with 404, changing nothing', async () => {
    const id = await sendContact('Radu', 'radu@example.ro', 'Please call me back about an order.');
    const before = await inbox();
    for (const body of [{}, { handled: 'yes' }, { handled: 1 }, null, []]) {
      const response = await mark('contact', id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    }
    expect((await mark('letters', id, { handled: true })).status).toBe(400);
    expect((await mark('contact', 'abc', { handled: true })).status).toBe(400);
    expect((await mark('contact', 0, { handled: true })).status).toBe(400);
    const missing = await mark('contact', 999_999, { handled: true });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('inbox_entry_not_found');
    expect(await inbox()).toEqual(before);
  });

  it('refuses guests (401) and customers (403)', async () => {
    const customer = await createUserWithSession(t);
    expect((await t.request('/api/admin/inbox')).status).toBe(401);
    expect((await t.request('/api/admin/inbox', { headers: { cookie: customer.cookie } })).status).toBe(403);
    const id = await sendContact('Dan', 'dan@example.ro', 'A message the customer must not mark.');
    const refused = await t.request(`/api/admin/inbox/contact/${id}/handled`, {
      method: 'POST',
      json: { handled: true },
      headers: { cookie: customer.cookie },
    });
    expect(refused.status).toBe(403);
    expect((await inbox()).entries.find((entry) => entry.kind === 'contact' && entry.id === id)?.handledAt).toBeNull();
  });

  it(`lists at most ${INBOX_MAX_ENTRIES} entries, the newest, and counts every unhandled one`, async () => {
    const db = t.deps.store.db;
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const { count: existing } = await db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('handled_at', 'is', null)
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: INBOX_MAX_ENTRIES + 5 }, (_, index) => ({
      name: `Bulk ${index}`,
      email: `bulk${index}@example.ro`,
      message: `Bulk message number ${index}`,
      client_key: 'bulk',
      // Older than every message above, so the newest of these fill the rest of the list.
      created_at: new Date(base + index * MINUTE_MS).toISOString(),
    }));
    await db.insertInto('contact_messages').values(rows).execute();
    const listed = await inbox();
    expect(listed.entries).toHaveLength(INBOX_MAX_ENTRIES);
    expect(listed.unhandled).toBe(Number(existing) + INBOX_MAX_ENTRIES + 5 + 1);
    const ats = listed.entries.map((entry) => entry.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    // The oldest bulk messages are the ones left out.
    expect(listed.entries.some((entry) => entry.name === 'Bulk 0')).toBe(false);
    expect(listed.entries.some((entry) => entry.name === `Bulk ${INBOX_MAX_ENTRIES + 4}`)).toBe(true);
  });
});
