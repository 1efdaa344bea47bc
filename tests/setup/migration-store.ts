/**
 * An empty store for a migration's own test, on each dialect the suite can reach: SQLite in memory,
 * and a throwaway PostgreSQL database when scripts/with-postgres.sh provides one (TEST_DATABASE_URL).
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';

import type { StoreDialect } from '../../api/store/dialect';
import { createTestDatabase, TEST_DATABASE_URL } from './postgres';

/** The dialects a migration's test runs on. */
export const MIGRATION_TEST_DIALECTS: StoreDialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface MigrationStore {
  // Kysely's migration API is untyped by design: a migration's test sees the schema as it was then.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  close(): Promise<void>;
}

/** `name` names the PostgreSQL database (a fresh one each call). */
export async function openMigrationStore(dialect: StoreDialect, name: string): Promise<MigrationStore> {
  if (dialect === 'sqlite') {
    const db = new Kysely({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
    return { db, close: () => db.destroy() };
  }
  const database = await createTestDatabase(name);
  const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }) });
  return {
    db,
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}
