/**
 * Opens the store: the embedded SQLite file in DATA_DIR (WAL) by default, or PostgreSQL when
 * DATABASE_URL is a postgres:// URL (several API instances share it). Both go through Kysely with the
 * same migrations (dialect-aware where they must be) and the same queries, migrated forward at start.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';

import type { StoreDialect } from './dialect';
import { migrationsFor } from './migrations';
import type { Database } from './schema';
import { withStatementCache } from './sqlite-statements';
import type { WalCheckpointer } from './wal-checkpointer';
import { SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES, startWalCheckpointer } from './wal-checkpointer';

export interface Store {
  db: Kysely<Database>;
  dialect: StoreDialect;
  ping(): Promise<boolean>;
  /** The store answers and every migration this build knows is recorded (readiness). */
  ready(): Promise<boolean>;
  /**
   * Runs start-up work (seed, first admin) while holding a store-wide lock, so several instances
   * starting at once on one PostgreSQL do not seed twice. SQLite: one process, no lock needed.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'storefront.sqlite';
/** How long a writer waits for another writer's lock before failing (two processes, backups). */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** Connections per instance; N instances need N × this (plus one LISTEN client each) on the server. */
export const POSTGRES_POOL_SIZE = 10;
/** A connection attempt that takes longer fails (and /api/ready answers 503) rather than hanging. */
const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;
/** Arbitrary constant naming the start-up advisory lock (pg_advisory_lock takes a bigint). */
const STARTUP_LOCK_KEY = 7_310_042;

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/** DATABASE_URL set to postgres://… selects PostgreSQL; otherwise the embedded SQLite file in dataDir. */
export async function openStore(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  onError?: (error: Error) => void;
}): Promise<Store> {
  return isPostgresUrl(options.databaseUrl)
    ? openPostgresStore(options.databaseUrl, options.onError)
    : openSqliteStore(options.dataDir, { onError: options.onError });
}

function storeOf(db: Kysely<Database>, dialect: StoreDialect, extra: Pick<Store, 'withStartupLock' | 'close'>): Store {
  const ping = async () => {
    try {
      await sql`select 1`.execute(db);
      return true;
    } catch {
      return false;
    }
  };
  return {
    db,
    dialect,
    ping,
    async ready() {
      try {
        const applied = await db
          .selectFrom('kysely_migration' as never)
          .select(sql<string>`name`.as('name'))
          .execute();
        const names = new Set(applied.map((row) => (row as { name: string }).name));
        return Object.keys(migrationsFor(dialect)).every((name) => names.has(name));
      } catch {
        return false;
      }
    },
    ...extra,
  };
}

export async function openSqliteStore(
  dataDir: string,
  options: { walCheckpointIntervalMs?: number; onError?: (error: Error) => void } = {},
): Promise<Store> {
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
  let checkpointer: WalCheckpointer | null = null;
  if (!inMemory) {
    // Checkpoints run in a worker thread (wal-checkpointer.ts), never inside a request's commit.
    database.pragma('wal_autocheckpoint = 0');
    const started = startWalCheckpointer(file, {
      intervalMs: options.walCheckpointIntervalMs,
      onFailure: (error) => {
        if (database.open) database.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
        options.onError?.(error);
      },
    });
    checkpointer = started.checkpointer;
    await started.ready;
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  try {
    await migrateToLatest(db, 'sqlite');
  } catch (error) {
    await checkpointer?.stop();
    await db.destroy();
    throw error;
  }
  return storeOf(db, 'sqlite', {
    withStartupLock: (work) => work(),
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },
  });
}

export async function openPostgresStore(connectionString: string, onError?: (error: Error) => void): Promise<Store> {
  const pool = new pg.Pool({ connectionString, max: POSTGRES_POOL_SIZE, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool
  // replaces it on the next checkout.
  pool.on('error', (error) => onError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    // Kysely's migrator takes a PostgreSQL advisory lock, so instances starting together migrate once.
    await migrateToLatest(db, 'postgres');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return storeOf(db, 'postgres', {
    async withStartupLock(work) {
      // A session-level advisory lock held on one pooled connection while `work` uses the others.
      return db.connection().execute(async (connection) => {
        await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
        try {
          return await work();
        } finally {
          await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
        }
      });
    },
    async close() {
      await db.destroy();
    },
  });
}

/**
 * A store that records a migration this build does not have was written by a newer build: running on
 * it would misread its tables, so the start stops and says so (issue 26; docs/decisions/0102-upgrades.md).
 */
export async function refuseNewerStore(db: Kysely<Database>, dialect: StoreDialect): Promise<void> {
  let applied: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = rows.map((row) => row.name);
  } catch {
    return; // A fresh store: no migration table yet.
  }
  const known = Object.keys(migrationsFor(dialect));
  const unknown = applied.filter((name) => !known.includes(name)).sort();
  if (unknown.length > 0) {
    throw new Error(
      `This store was written by a newer build: it records migration ${unknown.join(', ')}, which this build does not have ` +
        `(its newest is ${known.sort().at(-1) ?? 'none'}). Refusing to start: run that build or a newer one, ` +
        'or restore a backup taken by this build (docs/operations.md).',
    );
  }
}

export async function migrateToLatest(db: Kysely<Database>, dialect: StoreDialect): Promise<void> {
  await refuseNewerStore(db, dialect);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
    // Migrations are numbered by whoever writes them, and two pieces of work can land in either order
    // (0012 was committed before 0011): a store that has the later number runs the missing earlier one
    // instead of refusing to start. Each migration stands alone (docs/decisions/0102-upgrades.md).
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
