/**
 * Opens the store: the embedded SQLite file in DATA_DIR (WAL) through Kysely, migrated forward at
 * start. Kysely speaks PostgreSQL too, so a DATABASE_URL adapter can be added without touching queries.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';

import type { StoreDialect } from './dialect';
import { migrationsFor } from './migrations';
import type { Database } from './schema';

export interface Store {
  db: Kysely<Database>;
  dialect: StoreDialect;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'storefront.sqlite';
/** How long a writer waits for another writer's lock before failing (two processes, backups). */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

export async function openSqliteStore(dataDir: string): Promise<Store> {
  const inMemory = dataDir === ':memory:';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const file = inMemory ? ':memory:' : path.join(dataDir, SQLITE_FILE_NAME);
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  // NORMAL in WAL mode keeps every committed transaction across a process crash (kill -9);
  // only an OS crash or power loss can drop the last commits, which FULL would also cover at a cost per commit.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  await migrateToLatest(db, 'sqlite');
  return {
    db,
    dialect: 'sqlite',
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

export async function migrateToLatest(db: Kysely<Database>, dialect: StoreDialect): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
