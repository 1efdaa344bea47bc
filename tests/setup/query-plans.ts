/**
 * SQLite's query plans of the statements real store code runs: the code runs against a Kysely whose
 * log hook captures every compiled statement, and each one is explained on the same database. Index
 * migrations' tests read them to show a query moved onto its index.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { Kysely, SqliteDialect } from 'kysely';

import type { Database } from '../../api/store/schema';

/** The plan of each statement `run` executed, in order (one line per plan step). */
export async function queryPlansOf(sqlite: SqliteDatabase.Database, run: (db: Kysely<Database>) => Promise<unknown>): Promise<string[]> {
  const statements: CompiledQuery[] = [];
  const spy = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      statements.push(event.query);
    },
  });
  await run(spy);
  return statements
    .filter((query) => /^\s*(select|with)\b/i.test(query.sql))
    .map((query) =>
      (sqlite.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as { detail: string }[])
        .map((row) => row.detail)
        .join('\n'),
    );
}
