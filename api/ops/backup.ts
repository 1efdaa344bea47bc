/**
 * Backups of the embedded SQLite store and of DATA_DIR's files (docs/decisions/0101-backups.md).
 *
 * A backup is two things side by side:
 * - FILE: the store, copied by SQLite's online backup API (better-sqlite3's db.backup()) in one step,
 *   so it is one consistent snapshot even while the server keeps writing (WAL readers do not block
 *   writers). It is a plain SQLite file (journal mode DELETE, no -wal beside it): `sqlite3 FILE` opens it.
 * - FILE.files/: every other file under DATA_DIR (uploaded photos, the mail drop, the first-run
 *   password), present only when there is any.
 * Both are written under temporary names and renamed into place, the store last: a FILE that exists is
 * a complete backup.
 *
 * Restoring checks that FILE opens, passes SQLite's quick_check and holds no migration this build does
 * not know (a newer build's store), that the target DATA_DIR's store is not open in a running server,
 * keeps whatever store was there under a `.replaced-<time>` name, then puts the backup in place.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';

import { migrationsFor } from '../store/migrations';
import { SQLITE_FILE_NAME } from '../store/store';

/** Pages per backup step: all of them, so the copy is one snapshot (a stepped copy restarts whenever the server writes). */
const ALL_PAGES = 0x7fffffff;
/** How long the backup waits for a writer's lock before giving up. */
const BACKUP_BUSY_TIMEOUT_MS = 5_000;
const STORE_FILES = new Set([SQLITE_FILE_NAME, `${SQLITE_FILE_NAME}-wal`, `${SQLITE_FILE_NAME}-shm`, `${SQLITE_FILE_NAME}-journal`]);

export interface BackupResult {
  file: string;
  bytes: number;
  /** FILE.files/ when DATA_DIR held other files, else null. */
  filesDir: string | null;
  migrations: string[];
}

export class BackupError extends Error {}

/** FILE.files: DATA_DIR's other files beside the store's copy. */
export function filesDirOf(backupFile: string): string {
  return `${backupFile}.files`;
}

/** The migrations recorded in a SQLite store (kysely_migration), oldest first; throws when it is not a store. */
function recordedMigrations(db: SqliteDatabase.Database, file: string): string[] {
  try {
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((row) => row.name);
  } catch {
    throw new BackupError(`${file} is not a storefront store (it has no migration table)`);
  }
}

/** Migration names in `applied` that this build does not have: the store was written by a newer build. */
export function unknownMigrations(applied: readonly string[]): string[] {
  const known = new Set(Object.keys(migrationsFor('sqlite')));
  return applied.filter((name) => !known.has(name));
}

/** The newest migration this build knows. */
export function latestKnownMigration(): string {
  return Object.keys(migrationsFor('sqlite')).sort().at(-1) ?? '';
}

/** Opens a backup read-only, checks it, and returns its migrations; throws a BackupError saying what is wrong. */
export function checkBackupFile(file: string): string[] {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  let db: SqliteDatabase.Database;
  try {
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} does not open as a SQLite database: ${String(error)}`);
  }
  try {
    let check: unknown;
    try {
      check = db.pragma('quick_check', { simple: true });
    } catch (error) {
      throw new BackupError(`${file} is not a readable SQLite database: ${String(error)}`);
    }
    if (check !== 'ok') throw new BackupError(`${file} is damaged (SQLite quick_check: ${String(check)})`);
    const migrations = recordedMigrations(db, file);
    const unknown = unknownMigrations(migrations);
    if (unknown.length > 0) {
      throw new BackupError(
        `${file} was written by a newer build (migrations ${unknown.join(', ')}; this build knows up to ${latestKnownMigration()}). ` +
          'Restore it with that build or a newer one.',
      );
    }
    return migrations;
  } finally {
    db.close();
  }
}

/** Files and folders of DATA_DIR besides the store itself (and besides `exclude`, e.g. a BACKUP_DIR inside it). */
function dataFiles(dataDir: string, exclude: readonly string[]): string[] {
  if (!existsSync(dataDir)) return [];
  const excluded = new Set(exclude.map((dir) => path.resolve(dir)));
  return readdirSync(dataDir).filter((name) => {
    if (STORE_FILES.has(name) || name.startsWith(`${SQLITE_FILE_NAME}.`)) return false;
    return !excluded.has(path.resolve(dataDir, name));
  });
}

/**
 * Takes a backup of DATA_DIR's store (which may be in use by a running server) into `file`, and
 * DATA_DIR's other files into `file`.files/. Refuses to overwrite an existing backup.
 */
export async function backupDataDir(dataDir: string, file: string, options: { exclude?: readonly string[] } = {}): Promise<BackupResult> {
  const source = path.join(dataDir, SQLITE_FILE_NAME);
  if (!existsSync(source)) throw new BackupError(`no store to back up: ${source} does not exist`);
  const target = path.resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists; choose a new name (backups are never overwritten)`);
  mkdirSync(path.dirname(target), { recursive: true });
  const stamp = `partial-${process.pid}-${Date.now()}`;
  const partial = `${target}.${stamp}`;
  const filesPartial = `${filesDirOf(target)}.${stamp}`;
  try {
    const db = new SqliteDatabase(source, { fileMustExist: true });
    try {
      db.pragma(`busy_timeout = ${BACKUP_BUSY_TIMEOUT_MS}`);
      await db.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      db.close();
    }
    // One self-contained file: no -wal beside it, so a copy of FILE alone is the whole backup.
    const copy = new SqliteDatabase(partial, { fileMustExist: true });
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const migrations = checkBackupFile(partial);
    const others = dataFiles(dataDir, [...(options.exclude ?? []), path.dirname(target)]);
    if (others.length > 0) {
      mkdirSync(filesPartial, { recursive: true });
      for (const name of others)
        cpSync(path.join(dataDir, name), path.join(filesPartial, name), { recursive: true, preserveTimestamps: true });
      renameSync(filesPartial, filesDirOf(target));
    }
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, filesDir: others.length > 0 ? filesDirOf(target) : null, migrations };
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(filesPartial, { recursive: true, force: true });
    throw error;
  }
}

/** True when some process (a running server) has the store open: it holds a lock we cannot take. */
export function storeInUse(dataDir: string): boolean {
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  if (!existsSync(file)) return false;
  const db = new SqliteDatabase(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    try {
      db.exec('BEGIN EXCLUSIVE');
      db.exec('COMMIT');
      return false;
    } catch {
      return true;
    }
  } finally {
    // Closing also folds a killed server's write-ahead log into the file, so the store moved aside is whole.
    db.close();
  }
}

export interface RestoreResult {
  migrations: string[];
  /** Where the store that was in DATA_DIR went, or null when there was none. */
  replaced: string | null;
  restoredFiles: boolean;
}

/**
 * Puts the backup `file` (and `file`.files/) into `dataDir` for a stopped server. `stamp` names the
 * replaced store (the caller's clock).
 */
export function restoreDataDir(file: string, dataDir: string, stamp: string): RestoreResult {
  const migrations = checkBackupFile(file);
  mkdirSync(dataDir, { recursive: true });
  if (storeInUse(dataDir)) {
    throw new BackupError(`the store in ${dataDir} is open in a running server: stop it first, then restore`);
  }
  const target = path.join(dataDir, SQLITE_FILE_NAME);
  let replaced: string | null = null;
  if (existsSync(target)) {
    replaced = `${target}.replaced-${stamp}`;
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(target + suffix)) renameSync(target + suffix, replaced + suffix);
  }
  const partial = `${target}.restoring`;
  cpSync(file, partial);
  renameSync(partial, target);
  const filesDir = filesDirOf(file);
  const restoredFiles = existsSync(filesDir);
  if (restoredFiles) cpSync(filesDir, dataDir, { recursive: true, force: true, preserveTimestamps: true });
  return { migrations, replaced, restoredFiles };
}
