import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'kysely';

import { afterEach, describe, expect, it } from 'vitest';

import { manualClock } from '../../src/shared/clock';
import { haversineKm } from '../../src/shared/domain/zones';
import { makeTempDir } from '../../tests/setup/test-app';
import {
  AdminBootstrapError,
  demoteFirstRunAdmin,
  ensureAdminAccount,
  ensureFirstRunAdmin,
  FIRST_RUN_ADMIN_EMAIL,
  FIRST_RUN_PASSWORD_FILE,
  firstRunPasswordStillSet,
} from './admin-account';
import { createSession } from '../lib/sessions';
import { hashPassword, verifyPassword } from '../lib/password';
import { locationFromRow } from './location-row';
import { SEED_MENU, SEED_MODIFIER_GROUPS } from './seed-data';
import { seedIfEmpty } from './seed';
import type { Store } from './store';
import { openSqliteStore, SQLITE_FILE_NAME } from './store';

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

  it('seeds two Ploiești kitchens with distinct pins, each with fee bands by distance, a free threshold and a minimum (issue 22)', async () => {
    const { store } = await freshStore();
    await seedIfEmpty(store.db, clock);
    const kitchens = (await store.db.selectFrom('locations').selectAll().orderBy('sort_order').execute()).map(locationFromRow);
    expect(kitchens.map((k) => k.name)).toEqual(['Casa Grătarului Nord', 'Casa Grătarului Centru']);
    const [nord, centru] = kitchens;
    // Distinct pins, both inside Ploiești, about 2 km apart (each zone covers the other's neighbourhood).
    expect(haversineKm(nord!, centru!)).toBeGreaterThan(1.5);
    expect(haversineKm(nord!, centru!)).toBeLessThan(3);
    for (const kitchen of kitchens) {
      expect(kitchen.address).toMatch(/Ploiești/);
      expect(kitchen.zone).toEqual({ kind: 'radius', radiusKm: 10 });
      expect(kitchen.deliveryFees).toEqual({
        bands: [
          { upToKm: 3, feeBani: 0 },
          { upToKm: 6, feeBani: 999 },
          { upToKm: 10, feeBani: 1499 },
        ],
        freeAboveBani: 12_000,
      });
      expect(kitchen.minimumOrderBani).toBe(4_000);
    }
  });

  it('seeds every price the spec names, verbatim, with its unit', async () => {
    const { store } = await freshStore();
    await seedIfEmpty(store.db, clock);
    const rows = await store.db
      .selectFrom('menu_items')
      .innerJoin('menu_categories', 'menu_categories.id', 'menu_items.category_id')
      .select(['menu_items.name as name', 'menu_items.unit as unit', 'menu_items.price_bani as price', 'menu_categories.name as category'])
      .execute();
    const item = (name: string) => {
      const row = rows.find((r) => r.name === name);
      if (!row) throw new Error(`seed lacks ${name}`);
      return { category: row.category, unit: row.unit, price: row.price };
    };
    // Spec §3 "Static sample menu": category, unit and lei per the examples it names.
    expect(item('Piept de pui la grătar')).toEqual({ category: 'Produse la jar', unit: 'Kg', price: 6400 }); // grilled chicken 64/kg
    expect(item('Mici')).toEqual({ category: 'Produse la jar', unit: 'Buc', price: 550 }); // mici 5.5 each
    expect(item('Ceafă de porc')).toEqual({ category: 'Produse la jar', unit: 'Kg', price: 12900 }); // ceafa 129/kg
    expect(item('Cartofi prăjiți')).toEqual({ category: 'Garnituri', unit: 'Kg', price: 5500 }); // potatoes 55/kg
    expect(item('Pâine 600g')).toEqual({ category: 'Garnituri', unit: 'Buc', price: 690 }); // bread 600g 6.9 each
    expect(item('Meniul zilei')).toEqual({ category: 'Gatite', unit: 'Buc', price: 3799 }); // daily menu 37.99 each
    expect(item('Meniu grătar')).toEqual({ category: 'Gatite', unit: 'Buc', price: 3799 }); // barbecue menu 37.99 each
    expect(item('Felie de tort')).toEqual({ category: 'Desert', unit: 'Felie 50g', price: 400 }); // cake slice 4
    expect(item('Orez cu lapte')).toEqual({ category: 'Desert', unit: '200g', price: 1300 }); // rice pudding 13
    expect(item('Plăcinte asortate')).toEqual({ category: 'Desert', unit: 'Kg', price: 7500 }); // pies 75/kg
    const salads = rows.filter((r) => r.category === 'Salate');
    expect(salads.every((s) => s.unit === 'Kg')).toBe(true); // salads 48-205/kg
    expect(Math.min(...salads.map((s) => s.price))).toBe(4800);
    expect(Math.max(...salads.map((s) => s.price))).toBe(20500);
    // Prices range about 4 to 205 lei.
    expect(Math.min(...rows.map((r) => r.price))).toBe(400);
    expect(Math.max(...rows.map((r) => r.price))).toBe(20500);
  });

  it('keeps the file store in WAL mode', async () => {
    const { store, dir } = await freshStore();
    const { rows } = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(store.db);
    expect(rows).toEqual([{ journal_mode: 'wal' }]);
    expect(existsSync(path.join(dir, SQLITE_FILE_NAME))).toBe(true);
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

  it('has English beside every Romanian name and description it seeds, and stores it (issue 23)', async () => {
    const texts = [
      ...SEED_MENU.flatMap((category) => [
        [category.name, category.nameEn],
        [category.shortLabel, category.shortLabelEn],
        [category.description, category.descriptionEn],
        ...category.items.flatMap((item) => [
          [item.name, item.nameEn],
          [item.description, item.descriptionEn],
        ]),
      ]),
      ...SEED_MODIFIER_GROUPS.flatMap((group) => [
        [group.name, group.nameEn],
        [group.description, group.descriptionEn],
        ...group.options.map((option) => [option.name, option.nameEn]),
      ]),
    ];
    for (const [romanian, english] of texts) {
      if (romanian === null) expect(english).toBeNull();
      else expect(english, romanian).toMatch(/\S/);
    }
    const { store } = await freshStore();
    await seedIfEmpty(store.db, clock);
    const neck = await store.db
      .selectFrom('menu_items')
      .select(['name_en', 'description_en'])
      .where('name', '=', 'Ceafă de porc')
      .executeTakeFirstOrThrow();
    expect(neck).toEqual({ name_en: 'Grilled pork neck', description_en: 'Tender pork neck, marinated for 24 hours.' });
    for (const table of ['menu_categories', 'menu_items', 'modifier_groups', 'modifier_options'] as const) {
      const missing = await store.db.selectFrom(table).select('id').where('name_en', 'is', null).execute();
      expect(missing, table).toEqual([]);
    }
  });

  it('creates the admin account; on the next start a changed password is set and ends its sessions, the same one changes nothing', async () => {
    const { store } = await freshStore();
    const id = await ensureAdminAccount(store.db, clock, 'Manager@Example.ro', 'first-password-1');
    const first = await store.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(first.role).toBe('admin');
    expect(first.email).toBe('manager@example.ro');
    await createSession(store.db, clock, id);
    expect(await ensureAdminAccount(store.db, clock, 'manager@example.ro', 'first-password-1')).toBe(id);
    expect(await store.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
    expect(await ensureAdminAccount(store.db, clock, 'manager@example.ro', 'second-password-2')).toBe(id);
    const second = await store.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await verifyPassword('second-password-2', second.password_hash!)).toBe(true);
    expect(await store.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    expect(await count(store, 'menu_categories')).toBe(0);
  });

  it('defect 2: ADMIN_EMAIL never promotes an existing customer account unless ADMIN_PROMOTE_EXISTING is set', async () => {
    const { store } = await freshStore();
    const now = clock.now().toISOString();
    const { id } = await store.db
      .insertInto('users')
      .values({
        email: 'boss@example.ro',
        password_hash: null,
        first_name: 'Eve',
        last_name: 'X',
        phone: null,
        avatar: null,
        role: 'customer',
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createSession(store.db, clock, id);
    await store.db
      .insertInto('user_identities')
      .values({ provider: 'google', subject: 'g-eve', user_id: id, email: 'boss@example.ro', created_at: now })
      .execute();

    await expect(ensureAdminAccount(store.db, clock, 'Boss@Example.ro', 'managers-password-1')).rejects.toThrow(AdminBootstrapError);
    const untouched = await store.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(untouched.role).toBe('customer');
    expect(untouched.password_hash).toBeNull();

    // Told to: promoted, and whoever was signed in or linked before is out.
    expect(await ensureAdminAccount(store.db, clock, 'boss@example.ro', 'managers-password-1', { promoteExisting: true })).toBe(id);
    expect((await store.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role).toBe('admin');
    expect(await store.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    expect(await store.db.selectFrom('user_identities').selectAll().execute()).toHaveLength(0);
  });

  it('defect 2: the first-run manager password goes to an owner-only file, not the log; the account is demoted when ADMIN_EMAIL names another', async () => {
    const { store, dir } = await freshStore();
    const created = await ensureFirstRunAdmin(store.db, clock, dir);
    // What the caller logs: the e-mail and the file, no password.
    expect(created).toEqual({ email: FIRST_RUN_ADMIN_EMAIL, passwordFile: path.join(dir, FIRST_RUN_PASSWORD_FILE) });
    expect(statSync(created!.passwordFile).mode & 0o777).toBe(0o600);
    const [, password] = readFileSync(created!.passwordFile, 'utf8').split('\n');
    const row = await store.db.selectFrom('users').selectAll().where('email', '=', FIRST_RUN_ADMIN_EMAIL).executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
    expect(await verifyPassword(password!, row.password_hash!)).toBe(true);
    expect(await firstRunPasswordStillSet(store.db, dir)).toBe(true);
    expect(await ensureFirstRunAdmin(store.db, clock, dir)).toBeNull();

    await createSession(store.db, clock, row.id);
    await ensureAdminAccount(store.db, clock, 'manager@example.ro', 'managers-password-1');
    expect(await demoteFirstRunAdmin(store.db, clock, dir)).toBe(true);
    const demoted = await store.db.selectFrom('users').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(demoted.role).toBe('customer');
    expect(demoted.password_hash).toBeNull();
    expect(await store.db.selectFrom('sessions').selectAll().where('user_id', '=', row.id).execute()).toHaveLength(0);
    expect(existsSync(created!.passwordFile)).toBe(false);
    expect(await firstRunPasswordStillSet(store.db, dir)).toBe(false);
  });

  it('the go-live check sees a changed first-run password and removes the stale file', async () => {
    const { store, dir } = await freshStore();
    const created = await ensureFirstRunAdmin(store.db, clock, dir);
    await store.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('a-password-the-manager-chose') })
      .where('email', '=', FIRST_RUN_ADMIN_EMAIL)
      .execute();
    expect(await firstRunPasswordStillSet(store.db, dir)).toBe(false);
    expect(existsSync(created!.passwordFile)).toBe(false);
  });
});
