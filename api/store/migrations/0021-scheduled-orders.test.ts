import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import type { MigrationStore } from '../../../tests/setup/migration-store';
import { MIGRATION_TEST_DIALECTS, openMigrationStore } from '../../../tests/setup/migration-store';
import { reportPostgresSkipped } from '../../../tests/setup/postgres';
import type { StoreDialect } from '../dialect';
import { migrationsFor } from './index';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

reportPostgresSkipped('the PostgreSQL leg of api/store/migrations/0021-scheduled-orders.test.ts');
const AT = '2026-11-27T10:00:00.000Z';
const THIS = '0021-scheduled-orders';

/** The migration before this one, whichever it is (0019 and 0020 are added beside this one). */
function previousOf(dialect: StoreDialect): string {
  const names = Object.keys(migrationsFor(dialect));
  return names[names.indexOf(THIS) - 1]!;
}

describe.each(MIGRATION_TEST_DIALECTS)('migration 0021: orders for later and managers per kitchen on %s', (dialect) => {
  let db: AnyDb | null = null;
  let store: MigrationStore | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
    db = null;
  });

  async function open(): Promise<AnyDb> {
    store = await openMigrationStore(dialect, 'migration_0021');
    return store.db;
  }

  it('reads orders and accounts written before it as "as soon as possible" and "all kitchens"', async () => {
    db = await open();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
    expect((await migrator.migrateTo(previousOf(dialect))).error).toBeUndefined();
    const user = await db
      .insertInto('users')
      .values({ email: 'm@example.com', first_name: 'M', last_name: 'N', created_at: AT, updated_at: AT })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('orders')
      .values({
        order_number: 'ORD-1',
        customer_id: user.id,
        customer_name: 'M N',
        customer_email: 'm@example.com',
        customer_phone: '0700000000',
        fulfilment: 'pickup',
        subtotal_bani: 1000,
        delivery_fee_bani: 0,
        total_bani: 1000,
        payment_method: 'cash',
        created_at: AT,
        updated_at: AT,
      })
      .execute();

    expect((await migrator.migrateTo(THIS)).error).toBeUndefined();
    expect(await db.selectFrom('orders').select(['scheduled_for', 'release_at']).execute()).toEqual([
      { scheduled_for: null, release_at: null },
    ]);
    expect(await db.selectFrom('users').select('manager_location_id').execute()).toEqual([{ manager_location_id: null }]);
    await db.updateTable('orders').set({ scheduled_for: '2026-11-28T11:00:00.000Z', release_at: '2026-11-28T10:30:00.000Z' }).execute();
    await db.updateTable('users').set({ manager_location_id: 2 }).execute();
    expect(await db.selectFrom('orders').select(['scheduled_for', 'release_at']).execute()).toEqual([
      { scheduled_for: '2026-11-28T11:00:00.000Z', release_at: '2026-11-28T10:30:00.000Z' },
    ]);
    expect(await db.selectFrom('users').select('manager_location_id').execute()).toEqual([{ manager_location_id: 2 }]);
  });
});

describe('migration 0021: its indexes on SQLite', () => {
  let db: AnyDb | null = null;
  let sqlite: SqliteDatabase.Database | null = null;
  afterEach(async () => {
    await db?.destroy();
    db = null;
    sqlite = null;
  });

  it('counts a slot and scans releases from its indexes alone', async () => {
    sqlite = new SqliteDatabase(':memory:');
    db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor('sqlite') } });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const plan = (statement: string, ...parameters: unknown[]) =>
      (sqlite!.prepare(`explain query plan ${statement}`).all(...parameters) as { detail: string }[]).map((row) => row.detail).join('\n');
    expect(plan(`select count(*) from orders where scheduled_for = ? and location_id = ? and status <> 'cancelled'`, AT, 1)).toMatch(
      /COVERING INDEX orders_slot_load \(scheduled_for=\? AND location_id=\?\)/,
    );
    expect(plan(`select id from orders where release_at > ? and release_at <= ? and status = 'received'`, AT, AT)).toMatch(
      /COVERING INDEX orders_release \(status=\? AND release_at>\? AND release_at<\?\)/,
    );
  });
});
