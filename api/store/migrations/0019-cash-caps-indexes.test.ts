import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { enforceCashOrderLimits } from '../../lib/order-flood';
import type { UserRow } from '../schema';
import { queryPlansOf } from '../../../tests/setup/query-plans';
import { migrationsFor } from './index';

const UNVERIFIED = { id: 7, email_verified_at: null } as UserRow;
const NO_CAPS = { unconfirmedPerAccount: 1_000, unconfirmedPerClient: 1_000, openUnverified: 1_000 };

/** SQLite's plans of the three counts the real cap check runs. */
function capPlans(sqlite: SqliteDatabase.Database): Promise<string[]> {
  return queryPlansOf(sqlite, (db) =>
    db.transaction().execute((trx) => enforceCashOrderLimits(trx, 'sqlite', { user: UNVERIFIED, clientKey: 'k', limits: NO_CAPS })),
  );
}

describe('migration 0019: the cash caps counted from indexes', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let db: Kysely<any> | null = null;
  afterEach(async () => {
    await db?.destroy();
    db = null;
  });

  it('lets each of the three counts read the index alone instead of every matching order row', async () => {
    const sqlite = new SqliteDatabase(':memory:');
    db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor('sqlite') } });
    expect((await migrator.migrateTo('0018-day-figures-indexes')).error).toBeUndefined();
    const before = await capPlans(sqlite);
    expect(before).toHaveLength(3);
    for (const plan of before) expect(plan).not.toContain('COVERING INDEX');

    expect((await migrator.migrateTo('0019-cash-caps-indexes')).error).toBeUndefined();
    const [mineUnconfirmed, mineOpen, fromHere] = await capPlans(sqlite);
    expect(mineUnconfirmed).toMatch(
      /SEARCH orders USING COVERING INDEX orders_customer_status_method \(customer_id=\? AND status=\? AND payment_method=\?\)/,
    );
    expect(mineOpen).toMatch(/SEARCH orders USING COVERING INDEX orders_customer_status_method \(customer_id=\? AND status=\?/);
    expect(fromHere).toMatch(
      /SEARCH orders USING COVERING INDEX orders_client_status_method \(client_key=\? AND status=\? AND payment_method=\?\)/,
    );
  });
});
