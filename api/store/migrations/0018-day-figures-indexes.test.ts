import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import type { ReportScope } from '../reports-queries';
import { dishFigures, ordersPerHour, paymentMethodFigures, preparedOrders, refundsOf } from '../reports-queries';
import type { Database } from '../schema';
import { queryPlansOf } from '../../../tests/setup/query-plans';
import { migrationsFor } from './index';

const SCOPE: ReportScope = { from: '2026-11-21T22:00:00.000Z', to: '2026-11-22T22:00:00.000Z', location: 'all' };

/** SQLite's plan of the one statement a report figure runs (the real query function). */
async function planOf(sqlite: SqliteDatabase.Database, figure: (db: Kysely<Database>) => Promise<unknown>): Promise<string> {
  const [plan] = await queryPlansOf(sqlite, figure);
  if (plan === undefined) throw new Error('no statement ran');
  return plan;
}

const FIGURES = {
  methods: (db: Kysely<Database>) => paymentMethodFigures(db, SCOPE),
  dishes: (db: Kysely<Database>) => dishFigures(db, SCOPE),
  hours: (db: Kysely<Database>) => ordersPerHour(db, SCOPE, [SCOPE.from, '2026-11-21T23:00:00.000Z']),
  prepared: (db: Kysely<Database>) => preparedOrders(db, SCOPE),
  refunds: (db: Kysely<Database>) => refundsOf(db, SCOPE),
};

describe('migration 0018: indexes for the day figures', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let db: Kysely<any> | null = null;
  afterEach(async () => {
    await db?.destroy();
    db = null;
  });

  it('lets the report read the day’s orders and sold lines from the indexes alone instead of every row', async () => {
    const sqlite = new SqliteDatabase(':memory:');
    db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor('sqlite') } });
    expect((await migrator.migrateTo('0017-menu-editor')).error).toBeUndefined();
    // Before: each figure reads the day's order rows (and the dishes their line rows) from the tables.
    for (const figure of Object.values(FIGURES)) expect(await planOf(sqlite, figure)).not.toContain('COVERING INDEX orders_day_figures');
    expect(await planOf(sqlite, FIGURES.dishes)).toMatch(/SEARCH order_items USING INDEX order_items_order/);

    expect((await migrator.migrateTo('0018-day-figures-indexes')).error).toBeUndefined();
    for (const [name, figure] of Object.entries(FIGURES)) {
      expect(await planOf(sqlite, figure), name).toMatch(
        /SEARCH orders USING COVERING INDEX orders_day_figures \(created_at>\? AND created_at<\?\)/,
      );
    }
    expect(await planOf(sqlite, FIGURES.dishes)).toMatch(/SEARCH order_items USING COVERING INDEX order_items_sold \(order_id=\?\)/);
    // Refunds: only a refunded order's row is read (for its number), by its id.
    expect(await planOf(sqlite, FIGURES.refunds)).toMatch(/SEARCH order_refunds USING INDEX order_refunds_order \(order_id=\?\)/);
  });
});
