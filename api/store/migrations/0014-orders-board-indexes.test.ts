import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, sql, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { migrationsFor } from './index';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The board's reads (api/store/orders-queries.ts boardOrderRows), as SQLite plans them. */
const BOARD_READS = {
  newest: `select * from orders order by created_at desc, id desc limit 300`,
  today: `select * from orders where created_at >= '2026-11-22T00:00:00.000Z' and created_at < '2026-11-23T00:00:00.000Z' order by created_at desc, id desc limit 300`,
  status: `select * from orders where status = 'received' order by created_at desc, id desc limit 300`,
};

async function plan(db: AnyDb, query: string): Promise<string> {
  const rows = await sql.raw<{ detail: string }>(`explain query plan ${query}`).execute(db);
  return rows.rows.map((row) => row.detail).join('\n');
}

describe('migration 0014: indexes for the board', () => {
  let db: AnyDb | null = null;
  afterEach(async () => {
    await db?.destroy();
    db = null;
  });

  it('lets the board read its newest orders from an index instead of sorting every order', async () => {
    db = new Kysely({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor('sqlite') } });
    expect((await migrator.migrateTo('0013-dish-pictures-webp')).error).toBeUndefined();
    // Before: every board read sorts the whole table.
    for (const query of Object.values(BOARD_READS)) expect(await plan(db, query)).toContain('USE TEMP B-TREE FOR ORDER BY');

    expect((await migrator.migrateTo('0014-orders-board-indexes')).error).toBeUndefined();
    expect(await plan(db, BOARD_READS.newest)).toMatch(/SCAN orders USING (COVERING )?INDEX orders_created/);
    expect(await plan(db, BOARD_READS.today)).toMatch(/SEARCH orders USING (COVERING )?INDEX orders_created/);
    expect(await plan(db, BOARD_READS.status)).toMatch(/SEARCH orders USING (COVERING )?INDEX orders_status_created/);
    for (const query of Object.values(BOARD_READS)) expect(await plan(db, query)).not.toContain('TEMP B-TREE');
  });
});
