/**
 * Upgrades (issue 26): stores written by earlier commits (tests/fixtures/upgrade/, made by
 * make-fixtures.sh from the commit before each new migration) open under this build, migrate to its
 * newest migration, and lose nothing: every row of every table is still there with the same values
 * (save the columns a migration changes on purpose, listed below with the migration that does it),
 * and the customer still sees her orders and address through the API. A store written by a newer
 * build stops the server at start with a message that says so (docs/decisions/0102-upgrades.md).
 */
import { copyFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

import { createSession, SESSION_COOKIE } from '../../api/lib/sessions';
import { migrationsFor } from '../../api/store/migrations';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../api/store/store';
import { spawnServer } from '../setup/spawn-server';
import { createTestApp, makeTempDir } from '../setup/test-app';

const FIXTURE_DIR = path.resolve(import.meta.dirname, '../fixtures/upgrade');
const FIXTURES = readdirSync(FIXTURE_DIR)
  .filter((name) => name.endsWith('.sqlite'))
  .sort();
/** Columns a migration rewrites on purpose: table.column -> the migration and why. */
const CHANGED_ON_PURPOSE: Record<string, string> = {
  'menu_items.image': '0013-dish-pictures-webp points the seeded dishes at their WebP pictures',
};
/** Tables a migration drops on purpose: table -> the migration and why. */
const DROPPED_ON_PURPOSE: Record<string, string> = {
  kitchen_tickets: '0015-order-lifecycle: the embedded board is the kitchen; nothing read the tickets (decision 0094)',
};
/** How many orders make-store.ts places. */
const FIXTURE_ORDERS = 3;

type Rows = Record<string, Record<string, Record<string, unknown>>>;

/** Every row of every table (but the migrator's own), keyed by table and rowid. */
function readRows(file: string): Rows {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const tables = (
      db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'").all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    const rows: Rows = {};
    for (const table of tables) {
      rows[table] = {};
      for (const row of db.prepare(`select rowid as __rowid, * from "${table}"`).all() as Record<string, unknown>[]) {
        const { __rowid, ...values } = row;
        rows[table][String(__rowid)] = values;
      }
    }
    return rows;
  } finally {
    db.close();
  }
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function copyFixture(name: string): string {
  const dataDir = makeTempDir('storefront-upgrade-');
  dirs.push(dataDir);
  copyFileSync(path.join(FIXTURE_DIR, name), path.join(dataDir, SQLITE_FILE_NAME));
  return dataDir;
}

describe('a store written by an earlier release', () => {
  it('has a fixture for each of the last migrations, the newest one included', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(4);
    const known = Object.keys(migrationsFor('sqlite')).sort();
    const missingOne = (name: string) => {
      const db = new SqliteDatabase(path.join(FIXTURE_DIR, name), { readonly: true });
      const applied = (db.prepare('select name from kysely_migration').all() as { name: string }[]).map((row) => row.name);
      db.close();
      return known.filter((migration) => !applied.includes(migration));
    };
    // The previous release's store: every migration of this build but the newest. A new migration
    // after that one needs a line in make-fixtures.sh (the commit before it) and a run of the script.
    const previousRelease = FIXTURES.filter((name) => {
      const missing = missingOne(name);
      return missing.length === 1 && missing[0] === known.at(-1);
    });
    expect(previousRelease, `a fixture with every migration but ${known.at(-1)} (run tests/fixtures/upgrade/make-fixtures.sh)`).not.toEqual(
      [],
    );
    // And every migration since the fixtures began (0010) has a store from just before it: the
    // fixture whose first missing migration is that one. 0012 was committed before 0011 (two
    // sessions at once), so no release ran 0011 without 0012 (make-fixtures.sh says more).
    const firstMissing = new Set(FIXTURES.map((name) => missingOne(name)[0]));
    const sinceFixturesBegan = known.slice(known.findIndex((migration) => migration.startsWith('0010-')));
    const withoutOne = sinceFixturesBegan.filter((migration) => !firstMissing.has(migration));
    expect(withoutOne).toEqual(['0012-weights-pickup-minimum']);
  });

  it.each(FIXTURES)(
    '%s migrates to this build with every row and value kept',
    async (name) => {
      const dataDir = copyFixture(name);
      const file = path.join(dataDir, SQLITE_FILE_NAME);
      const before = readRows(file);
      expect(Object.keys(before.orders ?? {})).toHaveLength(FIXTURE_ORDERS);

      const store = await openSqliteStore(dataDir);
      expect(await store.ready()).toBe(true);
      await store.close();

      const after = readRows(file);
      for (const table of Object.keys(DROPPED_ON_PURPOSE)) expect(after[table], `table ${table}`).toBeUndefined();
      const keptTables = Object.entries(before).filter(([table]) => !(table in DROPPED_ON_PURPOSE));
      for (const [table, rows] of keptTables) {
        expect(after[table], `table ${table}`).toBeDefined();
        expect(Object.keys(after[table]!).length, `rows of ${table}`).toBe(Object.keys(rows).length);
        for (const [rowid, values] of Object.entries(rows)) {
          const kept = after[table]![rowid];
          expect(kept, `${table} row ${rowid}`).toBeDefined();
          for (const [column, value] of Object.entries(values)) {
            if (`${table}.${column}` in CHANGED_ON_PURPOSE) continue;
            if (!(column in kept!)) continue; // a column a migration dropped on purpose would be listed; none is
            expect(kept![column], `${table}.${column} of row ${rowid}`).toEqual(value);
          }
        }
      }
      // Every column is still there.
      for (const [table, rows] of keptTables) {
        const firstBefore = Object.values(rows)[0];
        const firstAfter = Object.values(after[table]!)[0];
        if (firstBefore && firstAfter) expect(Object.keys(firstAfter), table).toEqual(expect.arrayContaining(Object.keys(firstBefore)));
      }

      // Through the API: the fixture's customer sees her orders (with their lines) and her address.
      const t = await createTestApp({ dataDir });
      try {
        const ana = await t.deps.store.db.selectFrom('users').select('id').where('email', '=', 'ana@example.ro').executeTakeFirstOrThrow();
        const session = await createSession(t.deps.store.db, t.deps.clock, ana.id);
        const cookie = `${SESSION_COOKIE}=${session.token}`;
        const list = await t.request('/api/orders', { headers: { cookie } });
        expect(list.status).toBe(200);
        const text = await list.text();
        for (const order of Object.values(before.orders!)) expect(text).toContain(String(order.order_number));
        for (const order of Object.values(before.orders!)) {
          const one = await t.request(`/api/orders/${String(order.order_number)}`, { headers: { cookie } });
          expect(one.status, String(order.order_number)).toBe(200);
          expect(((await one.json()) as { order: { totalBani: number } }).order.totalBani).toBe(order.total_bani);
        }
        const addresses = await t.request('/api/addresses', { headers: { cookie } });
        expect(addresses.status).toBe(200);
        expect(((await addresses.json()) as { addresses: unknown[] }).addresses.length).toBe(
          Object.keys(before.customer_addresses ?? {}).length,
        );
        expect((await t.request('/api/menu')).status).toBe(200);
      } finally {
        await t.close();
      }
    },
    60_000,
  );
});

describe('a store written by a newer build', () => {
  function newerStore(): string {
    const dataDir = copyFixture(FIXTURES.at(-1)!);
    const db = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME));
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-a-newer-build', '2027-01-01T00:00:00.000Z');
    db.close();
    return dataDir;
  }

  it('is refused when opened, and left as it was', async () => {
    const dataDir = newerStore();
    const before = readRows(path.join(dataDir, SQLITE_FILE_NAME));
    await expect(openSqliteStore(dataDir)).rejects.toThrow(/written by a newer build: it records migration 9999-from-a-newer-build/);
    expect(readRows(path.join(dataDir, SQLITE_FILE_NAME))).toEqual(before);
  });

  it('stops the server at start with a clear message instead of running', async () => {
    const dataDir = newerStore();
    const error = await spawnServer({ dataDir }).then(
      (server) => {
        server.child.kill('SIGKILL');
        return null;
      },
      (refused: unknown) => refused,
    );
    expect(String(error)).toMatch(/server exited during start-up/);
    expect(String(error)).toMatch(
      /This store was written by a newer build: it records migration 9999-from-a-newer-build.*Refusing to start/s,
    );
  }, 60_000);
});
