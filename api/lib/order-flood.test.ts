/**
 * Issue 21, defect 6 (order floods): with the default caps, unconfirmed cash orders are capped per
 * account and per client address, and an unverified account's open cash orders too; the refusal is
 * a clear 429, card orders are not held, and a confirmed order frees its place.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { apiErrorSchema } from '../../src/shared/schemas/common';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import { firstLocationId, loadCatalogue, pickupBody, postOrder } from '../../tests/integration/order-fixtures';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { envSchema } from '../env';
import { TOO_MANY_UNCONFIRMED_MESSAGE, VERIFY_EMAIL_FOR_MORE_MESSAGE } from './order-flood';

// The defaults, as a fresh install runs them (createTestApp lifts the caps for other tests).
const DEFAULTS = envSchema.parse({});
const DEFAULT_CAPS = {
  CASH_ORDERS_UNCONFIRMED_PER_ACCOUNT_MAX: String(DEFAULTS.CASH_ORDERS_UNCONFIRMED_PER_ACCOUNT_MAX),
  CASH_ORDERS_UNCONFIRMED_PER_CLIENT_MAX: String(DEFAULTS.CASH_ORDERS_UNCONFIRMED_PER_CLIENT_MAX),
  CASH_ORDERS_OPEN_UNVERIFIED_MAX: String(DEFAULTS.CASH_ORDERS_OPEN_UNVERIFIED_MAX),
};

let t: TestApp;
let catalogue: CatalogueItem[];
let locationId: number;

async function verified(user: TestUser) {
  await t.deps.store.db.updateTable('users').set({ email_verified_at: t.clock.now().toISOString() }).where('id', '=', user.id).execute();
  return user;
}

const cash = () => pickupBody(locationId, [catalogue.find((item) => item.groups.length === 0)!]);

afterEach(async () => {
  await t.close();
});

describe('defect 6: order floods', () => {
  beforeEach(async () => {
    t = await createTestApp({ env: DEFAULT_CAPS });
    catalogue = await loadCatalogue(t);
    locationId = await firstLocationId(t);
  });

  it('caps unconfirmed cash orders per account with a clear 429; a confirmed order frees its place; card orders pass', async () => {
    const ana = await verified(await createUserWithSession(t));
    for (let n = 0; n < DEFAULTS.CASH_ORDERS_UNCONFIRMED_PER_ACCOUNT_MAX; n += 1)
      expect((await postOrder(t, ana, cash())).status).toBe(201);
    const refused = await postOrder(t, ana, cash());
    expect(refused.status).toBe(429);
    const error = apiErrorSchema.parse(await refused.json()).error;
    expect(error).toMatchObject({ code: 'too_many_open_orders', message: TOO_MANY_UNCONFIRMED_MESSAGE });
    expect((await postOrder(t, ana, { ...cash(), paymentMethod: 'card' })).status).toBe(201);

    // The restaurant confirms one: there is room again.
    const first = await t.deps.store.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', ana.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.deps.store.db.updateTable('orders').set({ status: 'confirmed' }).where('id', '=', first.id).execute();
    expect((await postOrder(t, ana, cash())).status).toBe(201);
  });

  it('caps the open cash orders of an account whose e-mail is not verified', async () => {
    const fresh = await createUserWithSession(t);
    for (let n = 0; n < DEFAULTS.CASH_ORDERS_OPEN_UNVERIFIED_MAX; n += 1) {
      expect((await postOrder(t, fresh, cash())).status).toBe(201);
      // Confirmed, but still open: the unverified cap counts open orders, not only unconfirmed ones.
      await t.deps.store.db.updateTable('orders').set({ status: 'preparing' }).where('customer_id', '=', fresh.id).execute();
    }
    const refused = await postOrder(t, fresh, cash());
    expect(refused.status).toBe(429);
    expect(apiErrorSchema.parse(await refused.json()).error).toMatchObject({
      code: 'verify_email_for_more_orders',
      message: VERIFY_EMAIL_FOR_MORE_MESSAGE,
    });
    await t.deps.store.db.updateTable('orders').set({ status: 'delivered' }).where('customer_id', '=', fresh.id).execute();
    expect((await postOrder(t, fresh, cash())).status).toBe(201);
  });

  it('caps unconfirmed cash orders from one client address across fresh accounts', async () => {
    let placed = 0;
    while (placed < DEFAULTS.CASH_ORDERS_UNCONFIRMED_PER_CLIENT_MAX) {
      const someone = await verified(await createUserWithSession(t));
      expect((await postOrder(t, someone, cash())).status).toBe(201);
      placed += 1;
    }
    const another = await verified(await createUserWithSession(t));
    const refused = await postOrder(t, another, cash());
    expect(refused.status).toBe(429);
    expect(apiErrorSchema.parse(await refused.json()).error.code).toBe('too_many_open_orders_here');
  });

  it('a replay of an accepted order (same Idempotency-Key) is never refused by the cap', async () => {
    const ana = await verified(await createUserWithSession(t));
    const keys = Array.from({ length: DEFAULTS.CASH_ORDERS_UNCONFIRMED_PER_ACCOUNT_MAX }, () => crypto.randomUUID());
    for (const key of keys) expect((await postOrder(t, ana, cash(), key)).status).toBe(201);
    const replay = await postOrder(t, ana, cash(), keys[0]);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});
