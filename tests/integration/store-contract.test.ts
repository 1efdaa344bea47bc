/**
 * The store's contract (issue 10), run against BOTH stores through the real in-process app: the
 * embedded SQLite file and PostgreSQL (a fresh database per run in the cluster TEST_DATABASE_URL
 * names; `npm test` always starts one with scripts/with-postgres.sh). Whatever passes here on SQLite
 * must pass on PostgreSQL with the same queries: migrations, seed, menu, settings, accounts, sessions,
 * addresses, idempotent orders, rate limits and outbox claims, including the concurrent cases where
 * PostgreSQL (concurrent transactions) and SQLite (one writer) differ.
 */
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order } from '../../src/shared/schemas/order';
import { addressResponseSchema, addressListResponseSchema } from '../../src/shared/schemas/address';
import { adminSettingsResponseSchema } from '../../src/shared/schemas/admin';
import { menuSchema } from '../../src/shared/schemas/menu';
import { createOutboxWorker } from '../../api/jobs/outbox-worker';
import type { Pos } from '../../api/integrations/pos/port';
import { acceptOrder, POS_OUTBOX_KIND, posDedupeKey } from '../../api/orders';
import { hitRateLimit } from '../../api/lib/rate-limit';
import { migrateToLatest } from '../../api/store/store';
import { migrationsFor } from '../../api/store/migrations';
import { seedIfEmpty } from '../../api/store/seed';
import type { TestUser } from '../setup/auth';
import { createUserWithSession } from '../setup/auth';
import { createLegApp, storeLegs } from '../setup/store-legs';
import type { TestApp } from '../setup/test-app';
import type { CatalogueItem } from './order-fixtures';
import { firstLocationId, loadCatalogue, pickupBody, postOrder } from './order-fixtures';

// The PostgreSQL leg needs a server; say so loudly when it is missing rather than passing quietly.
const LEGS = storeLegs('tests/integration/store-contract.test.ts').map((name) => ({ name }));
/** Menu versions (content hashes) per store: the same seed must give the same menu on both. */
const menuVersions = new Map<string, string>();

const SEEDED_MENU_ITEMS = 51;
const CONCURRENT_REQUESTS = 6;
/** Five scrypt hashes; on a shared 2-core machine under load that alone can take several seconds each. */
const ACCOUNT_TEST_TIMEOUT_MS = 90_000;

describe.each(LEGS)('store contract on $name', ({ name }) => {
  let t: TestApp;
  let admin: TestUser;
  let catalogue: CatalogueItem[];

  beforeAll(async () => {
    // A vendor POS: accepting an order writes its hand-off job (the workers below bring their own stand-in).
    const pos = { POS: 'http', POS_URL: 'http://127.0.0.1:9/unused' };
    t = await createLegApp(name, 'store_contract', { env: pos });
    admin = await createUserWithSession(t, { role: 'admin' });
    catalogue = await loadCatalogue(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const asUser = (user: TestUser, init: RequestInit & { json?: unknown } = {}) => ({
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), cookie: user.cookie },
  });

  it('opens the requested dialect, migrated from empty, and a second migration run is a no-op', async () => {
    expect(t.deps.store.dialect).toBe(name);
    expect(await t.deps.store.ready()).toBe(true);
    const applied = await t.deps.store.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(applied.map((row) => (row as { name: string }).name).sort()).toEqual(Object.keys(migrationsFor(name)).sort());
    await migrateToLatest(t.deps.store.db, name);
    expect(await t.deps.store.ready()).toBe(true);
    const ready = await t.request('/api/ready');
    expect(ready.status).toBe(200);
    const health = (await (await t.request('/api/health')).json()) as { store: { dialect: string } };
    expect(health.store.dialect).toBe(name);
  });

  it('seeds once: a second seed run writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.deps.store.db
            .selectFrom('menu_items')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(SEEDED_MENU_ITEMS);
    expect(await seedIfEmpty(t.deps.store.db, t.clock)).toEqual({ menu: false, settings: false, locations: false });
    expect(await count()).toBe(SEEDED_MENU_ITEMS);
  });

  it('reads the menu with its version and ETag', async () => {
    const response = await t.request('/api/menu');
    expect(response.status).toBe(200);
    const menu = menuSchema.parse(await response.json());
    expect(menu.items).toHaveLength(SEEDED_MENU_ITEMS);
    expect(response.headers.get('etag')).toBe(`"${menu.version}"`);
    menuVersions.set(name, menu.version);
    const revalidated = await t.request('/api/menu', { headers: { 'if-none-match': `"${menu.version}"` } });
    expect(revalidated.status).toBe(304);
  });

  it('reads settings with exact coordinates and saves them versioned: one of several concurrent saves wins', async () => {
    const load = async () => adminSettingsResponseSchema.parse(await (await t.request('/api/admin/settings', asUser(admin))).json());
    const { settings } = await load();
    // PostgreSQL `real` would read 44.9537 back as 44.953701 (see migration 0007).
    expect(settings.deliveryBaseLat).toBe(44.9537);
    expect(settings.deliveryBaseLng).toBe(26.0224);
    const { zoneValidationType: _z, deliveryZoneName: _d, status: _s, updatedAt: _u, ...editable } = settings;
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT_REQUESTS }, (_, i) =>
        t.request('/api/admin/settings', asUser(admin, { method: 'PUT', json: { ...editable, name: `Casa Grătarului ${i}` } })),
      ),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(CONCURRENT_REQUESTS - 1).fill(409)]);
    const after = await load();
    expect(after.settings.version).toBe(settings.version + 1);
    const stale = await t.request('/api/admin/settings', asUser(admin, { method: 'PUT', json: { ...editable, name: 'Stale' } }));
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe('settings_conflict');
  });

  it(
    'keeps e-mails unique whatever their case, and sessions work until logout',
    async () => {
      const suffix = randomUUID().slice(0, 8);
      const register = (email: string) =>
        t.request('/api/auth/register', {
          method: 'POST',
          json: { email, password: 'contract-password-1', firstName: 'Ioana', lastName: 'Marin', phone: '0722000000' },
        });
      const first = await register(`Ioana.${suffix}@Example.ro`);
      expect(first.status).toBe(201);
      expect((await register(`ioana.${suffix}@EXAMPLE.RO`)).status).toBe(409);
      // Concurrent registrations of one new address: the unique index lets exactly one through.
      const racing = await Promise.all(Array.from({ length: 3 }, () => register(`race.${suffix}@example.ro`)));
      expect(racing.map((response) => response.status).sort()).toEqual([201, 409, 409]);

      const login = await t.request('/api/auth/login', {
        method: 'POST',
        json: { email: `IOANA.${suffix}@example.ro`, password: 'contract-password-1' },
      });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const me = (await (await t.request('/api/auth/me', { headers: { cookie } })).json()) as { user: { email: string } | null };
      expect(me.user?.email).toBe(`ioana.${suffix}@example.ro`);
      expect((await t.request('/api/auth/logout', { method: 'POST', headers: { cookie } })).status).toBeLessThan(300);
      const after = (await (await t.request('/api/auth/me', { headers: { cookie } })).json()) as { user: unknown };
      expect(after.user).toBeNull();
    },
    ACCOUNT_TEST_TIMEOUT_MS,
  );

  it('keeps addresses to their owner and exactly one default under concurrent changes', async () => {
    const alice = await createUserWithSession(t);
    const bob = await createUserWithSession(t);
    const body = (n: number) => ({
      label: 'home',
      streetAddress: `Strada Doja Gheorghe ${n}`,
      city: 'Ploiești',
      postalCode: '100151',
      country: 'Romania',
      latitude: 44.9418,
      longitude: 26.0336,
      formattedAddress: `Strada Doja Gheorghe ${n}, 100151 Ploiești, Romania`,
      placeId: `gazetteer:strada-doja-gheorghe:${n}`,
      pinConfirmed: true,
    });
    const ids: number[] = [];
    for (let n = 1; n <= 4; n += 1) {
      const response = await t.request('/api/addresses', asUser(alice, { method: 'POST', json: body(n) }));
      expect(response.status).toBe(201);
      const address = addressResponseSchema.parse(await response.json()).address;
      expect(address.latitude).toBe(44.9418);
      ids.push(address.id);
    }
    expect((await t.request(`/api/addresses/${ids[0]}`, asUser(bob, { method: 'DELETE' }))).status).toBe(404);
    expect((await t.request(`/api/addresses/${ids[0]}/default`, asUser(bob, { method: 'POST' }))).status).toBe(404);

    const answers = await Promise.all(ids.map((id) => t.request(`/api/addresses/${id}/default`, asUser(alice, { method: 'POST' }))));
    expect(answers.map((response) => response.status)).toEqual(ids.map(() => 200));
    // Concurrent creations that each ask to be the default: still exactly one.
    const created = await Promise.all(
      [5, 6, 7].map((n) => t.request('/api/addresses', asUser(alice, { method: 'POST', json: { ...body(n), isDefault: true } }))),
    );
    expect(created.map((response) => response.status)).toEqual([201, 201, 201]);
    const list = addressListResponseSchema.parse(await (await t.request('/api/addresses', asUser(alice))).json()).addresses;
    expect(list).toHaveLength(7);
    expect(list.filter((address) => address.isDefault)).toHaveLength(1);
    expect(addressListResponseSchema.parse(await (await t.request('/api/addresses', asUser(bob))).json()).addresses).toHaveLength(0);
  });

  it('creates an order once per Idempotency-Key, also for concurrent duplicates, and 409s a different body', async () => {
    const customer = await createUserWithSession(t);
    const locationId = await firstLocationId(t);
    const body = pickupBody(locationId, catalogue.slice(0, 2));
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 3 }, () => postOrder(t, customer, body, key)));
    const created = answers.filter((response) => response.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // A duplicate that arrives while the first is still running may be told to retry; none makes a second order.
    for (const response of answers) expect([201, 409]).toContain(response.status);
    const replay = await postOrder(t, customer, body, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const numbers = new Set(
      await Promise.all([...created, replay].map(async (response) => ((await response.json()) as { order: Order }).order.orderNumber)),
    );
    expect(numbers.size).toBe(1);
    const rows = await t.deps.store.db.selectFrom('orders').select('id').where('customer_id', '=', customer.id).execute();
    expect(rows).toHaveLength(1);
    const orderNumber = [...numbers][0]!;
    const posRows = () => t.deps.store.db.selectFrom('outbox').select('id').where('dedupe_key', '=', posDedupeKey(orderNumber)).execute();
    // The kitchen hears of it once a person accepts it: then exactly one hand-off.
    expect(await posRows()).toHaveLength(0);
    await acceptOrder(t.deps, { orderNumber, prepMinutes: 30 });
    expect(await posRows()).toHaveLength(1);

    const different = await postOrder(t, customer, { ...body, notes: 'fără ceapă' }, key);
    expect(different.status).toBe(409);
    expect(((await different.json()) as { error: { code: string } }).error.code).toBe('idempotency_conflict');
  });

  it('counts rate-limit hits atomically: of concurrent hits exactly max are allowed', async () => {
    const rule = { name: `contract:${name}`, max: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(t.deps.store.db, t.clock, rule, 'client-1')));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    t.clock.advanceMs(rule.windowMs + 1);
    expect((await hitRateLimit(t.deps.store.db, t.clock, rule, 'client-1')).count).toBe(1);
  });

  it('never lets two concurrent outbox workers claim the same row', async () => {
    const customer = await createUserWithSession(t);
    const locationId = await firstLocationId(t);
    const orderNumbers: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await postOrder(t, customer, pickupBody(locationId, [catalogue[i % catalogue.length]!]));
      expect(response.status).toBe(201);
      const { orderNumber } = ((await response.json()) as { order: Order }).order;
      await acceptOrder(t.deps, { orderNumber, prepMinutes: 30 });
      orderNumbers.push(orderNumber);
    }
    const sends = new Map<string, number>();
    const pos: Pos = {
      name: 'http',
      async send(payload) {
        const key = payload.bill.externalOrderNo;
        sends.set(key, (sends.get(key) ?? 0) + 1);
        // Slow enough that the workers' passes overlap.
        await new Promise((resolve) => setTimeout(resolve, 5));
        return 'sent';
      },
    };
    const workers = [1, 2, 3, 4].map((n) =>
      createOutboxWorker({
        store: t.deps.store,
        clock: t.clock,
        logger: t.deps.logger,
        pos,
        orderEvents: t.deps.orderEvents,
        workerId: `contract-${n}`,
      }),
    );
    for (let round = 0; round < 10; round += 1) {
      const processed = await Promise.all(workers.map((worker) => worker.runOnce()));
      if (processed.every((count) => count === 0)) break;
    }
    for (const orderNumber of orderNumbers) expect(sends.get(orderNumber), orderNumber).toBe(1);
    // The kitchen hand-offs this test made; earlier tests' account mail waits for a mail handler these workers lack.
    const pending = await t.deps.store.db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('kind', '=', POS_OUTBOX_KIND)
      .execute();
    expect(pending).toHaveLength(0);
  });
});

describe('store contract across stores', () => {
  it(`builds the same menu from the same seed on every store (${LEGS.map((leg) => leg.name).join(' and ')})`, () => {
    const versions = new Set(menuVersions.values());
    expect(menuVersions.size).toBe(LEGS.length);
    expect(versions.size).toBe(1);
  });
});
