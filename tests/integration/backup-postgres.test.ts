/**
 * PostgreSQL backups as docs/operations.md tells them: `pg_dump --format=custom` of a live store and
 * `pg_restore` into an empty database give a store this build opens as it is (every migration
 * recorded, nothing to migrate) with every row of every table. Runs in the PostgreSQL leg
 * (scripts/with-postgres.sh; Debian's postgresql package brings pg_dump and pg_restore).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

import type { Store } from '../../api/store/store';
import { openPostgresStore } from '../../api/store/store';
import { createUserWithSession } from '../setup/auth';
import type { TestDatabase } from '../setup/postgres';
import { createTestDatabase, reportPostgresSkipped, TEST_DATABASE_URL } from '../setup/postgres';
import { createTestApp, makeTempDir } from '../setup/test-app';
import { firstLocationId, loadCatalogue, pickupBody, placeOrder } from './order-fixtures';

const run = promisify(execFile);
const POSTGRES_LIB = '/usr/lib/postgresql';

reportPostgresSkipped('tests/integration/backup-postgres.test.ts (pg_dump and pg_restore)');

/** The newest installed PostgreSQL's tool, the same install scripts/with-postgres.sh runs the server from. */
function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const versions = existsSync(POSTGRES_LIB) ? readdirSync(POSTGRES_LIB).sort((a, b) => Number(a) - Number(b)) : [];
  const tool = path.join(POSTGRES_LIB, versions.at(-1) ?? 'none', 'bin', name);
  if (!existsSync(tool)) throw new Error(`${tool} is missing: scripts/ensure-postgres.sh installs Debian's postgresql package`);
  return tool;
}

/** Row counts of every table and the order numbers with their totals. */
async function contents(store: Store): Promise<{ counts: Record<string, number>; orders: string[] }> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(store.db);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(store.db);
    counts[name] = Number(rows[0]?.n);
  }
  const orders = await store.db.selectFrom('orders').select(['order_number', 'total_bani']).orderBy('order_number').execute();
  return { counts, orders: orders.map((row) => `${row.order_number}:${row.total_bani}`) };
}

const databases: TestDatabase[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!TEST_DATABASE_URL)('pg_dump and pg_restore of a PostgreSQL store', () => {
  it('restore into an empty database gives the same store, which this build opens without migrating', async () => {
    const source = await createTestDatabase('storefront_backup_src');
    databases.push(source);
    const t = await createTestApp({ env: { DATABASE_URL: source.url } });
    const customer = await createUserWithSession(t);
    const catalogue = await loadCatalogue(t);
    const locationId = await firstLocationId(t);
    const plain = [catalogue.find((item) => item.groups.length === 0)!];
    await placeOrder(t, customer, pickupBody(locationId, plain));
    await placeOrder(t, customer, pickupBody(locationId, plain, { paymentMethod: 'card' }));

    // Taken while the app is still connected: pg_dump reads one consistent snapshot.
    const dir = makeTempDir('storefront-pgdump-');
    dirs.push(dir);
    const file = path.join(dir, 'storefront.dump');
    await run(postgresTool('pg_dump'), ['--format=custom', '--no-owner', '--file', file, source.url]);
    await t.close();

    const target = await createTestDatabase('storefront_backup_dst');
    databases.push(target);
    await run(postgresTool('pg_restore'), ['--no-owner', '--exit-on-error', '--dbname', target.url, file]);

    const original = await openPostgresStore(source.url);
    const restored = await openPostgresStore(target.url);
    try {
      expect(await restored.ready()).toBe(true);
      const before = await contents(original);
      const after = await contents(restored);
      expect(after).toEqual(before);
      expect(before.orders).toHaveLength(2);
      expect(before.counts.users).toBeGreaterThanOrEqual(1);
      expect(before.counts.menu_items).toBeGreaterThan(40);
      // The restored store takes new writes: its sequences came along (a new order gets a fresh id).
      const restoredApp = await createTestApp({ env: { DATABASE_URL: target.url } });
      try {
        const next = await placeOrder(restoredApp, await createUserWithSession(restoredApp), pickupBody(locationId, plain));
        expect(before.orders.some((entry) => entry.startsWith(next.orderNumber))).toBe(false);
      } finally {
        await restoredApp.close();
      }
    } finally {
      await original.close();
      await restored.close();
    }
  }, 120_000);
});
