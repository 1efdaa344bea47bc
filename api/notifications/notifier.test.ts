/**
 * The notifier's memory between passes (docs/decisions/0133-the-notifier-remembers-what-it-handled.md):
 * a busy restaurant's settle window is read once, not on every pass, a long burst is reached past the
 * first batch, an event that becomes visible late below what was read is still handled, and the
 * durable cursor moves only over events that are settled and handled.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { createUserWithSession } from '../../tests/setup/auth';
import { createTestApp, type TestApp } from '../../tests/setup/test-app';
import { firstLocationId, loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';
import { NOTIFIER_CURSOR_NAME, CURSOR_SETTLE_MS, NOTIFIER_BATCH_SIZE, createNotifierMemory, runNotifierPass } from './notifier';

let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps) await app.close();
  apps = [];
});

async function appWithOneOrder() {
  const t = await createTestApp();
  apps.push(t);
  const ana = await createUserWithSession(t);
  const catalogue = await loadCatalogue(t);
  const order = await placeOrder(t, ana, pickupBody(await firstLocationId(t), [catalogue.find((item) => item.groups.length === 0)!]));
  const pass = (memory = createNotifierMemory()) =>
    runNotifierPass({ store: t.deps.store, clock: t.clock, logger: t.deps.logger, origin: 'https://comenzi.example.ro' }, memory);
  return { t, order, pass };
}

/** Status events for the order, as the orders module writes them (the notifier reads only the log). */
async function writeEvents(t: TestApp, orderId: number, count: number, ids?: number[]) {
  const at = t.clock.now().toISOString();
  await t.deps.store.db
    .insertInto('order_events')
    .values(
      Array.from({ length: count }, (_, index) => ({
        ...(ids ? { id: ids[index] } : {}),
        order_id: orderId,
        kind: 'status',
        value: 'preparing',
        at,
        detail: null,
      })),
    )
    .execute();
}

const mailsOut = async (t: TestApp) =>
  (await t.deps.store.db.selectFrom('outbox').select('dedupe_key').where('kind', '=', 'mail').execute()).map((row) => row.dedupe_key);
const cursorOf = async (t: TestApp) =>
  (
    await t.deps.store.db
      .selectFrom('notification_cursors')
      .select('last_event_id')
      .where('name', '=', NOTIFIER_CURSOR_NAME)
      .executeTakeFirst()
  )?.last_event_id;

describe('the notifier remembers what it handled', () => {
  it('reads the settle window once: a second pass reads nothing new, a third only what came since', async () => {
    const { t, order, pass } = await appWithOneOrder();
    const memory = createNotifierMemory();
    expect(await pass(memory)).toEqual({ events: 1, rows: 1 });
    expect(await mailsOut(t)).toHaveLength(1);
    expect(await pass(memory)).toEqual({ events: 0, rows: 0 });
    await writeEvents(t, order.id, 2);
    expect((await pass(memory)).events).toBe(2);
    // Without a memory (a restart) the window is read again, and its notices are not written twice.
    expect(await pass()).toEqual({ events: 3, rows: 0 });
    expect(await mailsOut(t)).toHaveLength(1);
  });

  it('reaches a burst past the first batch instead of re-reading the first batch until it settles', async () => {
    const { t, order, pass } = await appWithOneOrder();
    await writeEvents(t, order.id, NOTIFIER_BATCH_SIZE + 49);
    const memory = createNotifierMemory();
    expect((await pass(memory)).events).toBe(NOTIFIER_BATCH_SIZE);
    expect((await pass(memory)).events).toBe(50);
    expect((await pass(memory)).events).toBe(0);
  });

  it('handles an event that becomes visible below what was read (PostgreSQL commit order), and moves the cursor only past handled, settled events', async () => {
    const { t, order, pass } = await appWithOneOrder();
    const memory = createNotifierMemory();
    await pass(memory);
    const [first] = await t.deps.store.db.selectFrom('order_events').select('id').orderBy('id').execute();
    // Ids taken by transactions that commit later: the next pass reads id+3 first.
    await writeEvents(t, order.id, 1, [first!.id + 3]);
    expect((await pass(memory)).events).toBe(1);
    await writeEvents(t, order.id, 2, [first!.id + 1, first!.id + 2]);
    t.clock.advanceMs(CURSOR_SETTLE_MS + 1_000);
    expect((await pass(memory)).events).toBe(2);
    expect(await cursorOf(t)).toBe(first!.id + 3);
    // The next pass forgets what the cursor now covers.
    expect((await pass(memory)).events).toBe(0);
    expect(memory.handled.size).toBe(0);
  });
});
