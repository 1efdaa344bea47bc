import { rmSync } from 'node:fs';

import { afterEach, describe, expect, it } from 'vitest';

import { manualClock } from '../../src/shared/clock';
import { makeTempDir } from '../../tests/setup/test-app';
import { ensureAdminAccount, ensureFirstRunAdmin, FIRST_RUN_ADMIN_EMAIL } from './admin-account';
import { verifyPassword } from '../lib/password';
import { SEED_MENU } from './seed-data';
import { seedIfEmpty } from './seed';
import type { Store } from './store';
import { openSqliteStore } from './store';

const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
const dirs: string[] = [];
const stores: Store[] = [];

async function freshStore(dir = makeTempDir()) {
  dirs.push(dir);
  const store = await openSqliteStore(dir);
  stores.push(store);
  return { store, dir };
}

async function count(
  store: Store,
  table:
    | 'menu_categories'
    | 'menu_items'
    | 'modifier_groups'
    | 'modifier_options'
    | 'locations'
    | 'restaurant_settings'
    | 'menu_items_modifier_groups',
) {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('migrations and seed', () => {
  it('migrates an empty directory and seeds the Romanian menu with the spec counts', async () => {
    const { store } = await freshStore();
    const report = await seedIfEmpty(store.db, clock);
    expect(report).toEqual({ menu: true, settings: true, locations: true });

    const categories = await store.db.selectFrom('menu_categories').select(['name', 'slug', 'id']).orderBy('sort_order').execute();
    expect(categories.map((c) => c.name)).toEqual(['Produse la jar', 'Garnituri', 'Gatite', 'Salate', 'Desert']);
    const perCategory = await Promise.all(
      categories.map(async (c) => (await store.db.selectFrom('menu_items').select('id').where('category_id', '=', c.id).execute()).length),
    );
    expect(perCategory).toEqual([12, 11, 11, 12, 5]);
    expect(await count(store, 'locations')).toBe(2);
    expect(await count(store, 'restaurant_settings')).toBe(1);
  });

  it('stores the spec example prices in bani and the default sku formats', async () => {
    const { store } = await freshStore();
    await seedIfEmpty(store.db, clock);
    const byName = async (name: string) => store.db.selectFrom('menu_items').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    expect((await byName('Piept de pui la grătar')).price_bani).toBe(6400);
    expect((await byName('Mici')).price_bani).toBe(550);
    expect((await byName('Ceafă de porc')).price_bani).toBe(12900);
    expect((await byName('Pâine 600g')).price_bani).toBe(690);
    expect((await byName('Meniul zilei')).price_bani).toBe(3799);
    expect((await byName('Orez cu lapte')).unit).toBe('200g');
    const mici = await byName('Mici');
    expect(mici.sku).toBe(`SKU-${mici.id}`);
    const option = await store.db.selectFrom('modifier_options').selectAll().executeTakeFirstOrThrow();
    expect(option.sku).toBe(`MOD-${option.id}`);
    const salads = await store.db
      .selectFrom('menu_items')
      .innerJoin('menu_categories', 'menu_categories.id', 'menu_items.category_id')
      .select('price_bani')
      .where('menu_categories.slug', '=', 'salate')
      .execute();
    expect(Math.min(...salads.map((s) => s.price_bani))).toBe(4800);
    expect(Math.max(...salads.map((s) => s.price_bani))).toBe(20500);
  });

  it('is idempotent and never touches a non-empty store', async () => {
    const { store, dir } = await freshStore();
    await seedIfEmpty(store.db, clock);
    const before = await Promise.all(
      (['menu_items', 'modifier_options', 'menu_items_modifier_groups'] as const).map((t) => count(store, t)),
    );

    // The restaurant edits its menu; a restart must keep the edits.
    await store.db.updateTable('menu_items').set({ price_bani: 6000 }).where('name', '=', 'Mici').execute();
    await store.db.deleteFrom('menu_items').where('name', '=', 'Iahnie de fasole').execute();
    await store.close();
    stores.splice(stores.indexOf(store), 1);

    const reopened = await freshStore(dir);
    expect(await seedIfEmpty(reopened.store.db, clock)).toEqual({ menu: false, settings: false, locations: false });
    const after = await Promise.all(
      (['menu_items', 'modifier_options', 'menu_items_modifier_groups'] as const).map((t) => count(reopened.store, t)),
    );
    expect(after).toEqual([before[0]! - 1, before[1], before[2]]);
    const mici = await reopened.store.db.selectFrom('menu_items').select('price_bani').where('name', '=', 'Mici').executeTakeFirstOrThrow();
    expect(mici.price_bani).toBe(6000);
  });

  it('uses every seed item exactly once with a sane unit and price range', () => {
    const names = SEED_MENU.flatMap((c) => c.items.map((i) => i.name));
    expect(new Set(names).size).toBe(names.length);
    for (const item of SEED_MENU.flatMap((c) => c.items)) {
      expect(item.priceLei).toBeGreaterThanOrEqual(4);
      expect(item.priceLei).toBeLessThanOrEqual(205);
    }
  });

  it('creates the admin account, then updates its password and role on the next start', async () => {
    const { store } = await freshStore();
    const id = await ensureAdminAccount(store.db, clock, 'Manager@Example.ro', 'first-password-1');
    const first = await store.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(first.role).toBe('admin');
    expect(first.email).toBe('manager@example.ro');
    await store.db.updateTable('users').set({ role: 'customer' }).where('id', '=', id).execute();
    const again = await ensureAdminAccount(store.db, clock, 'manager@example.ro', 'second-password-2');
    expect(again).toBe(id);
    const second = await store.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(second.role).toBe('admin');
    expect(second.password_hash).not.toBe(first.password_hash);
    expect(await count(store, 'menu_categories')).toBe(0);
  });

  it('gives a fresh install one manager account with a random password, once', async () => {
    const { store } = await freshStore();
    const created = await ensureFirstRunAdmin(store.db, clock);
    expect(created?.email).toBe(FIRST_RUN_ADMIN_EMAIL);
    const row = await store.db.selectFrom('users').selectAll().where('email', '=', FIRST_RUN_ADMIN_EMAIL).executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
    expect(await verifyPassword(created!.password, row.password_hash!)).toBe(true);
    expect(await ensureFirstRunAdmin(store.db, clock)).toBeNull();
  });
});
