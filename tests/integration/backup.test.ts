/**
 * Backups of the SQLite store (api/ops/backup.ts): taken from a store in use, restored into a fresh
 * DATA_DIR with DATA_DIR's other files, and refused when the backup is missing, not a store, damaged,
 * written by a newer build, or when the target store is open in a running server. The CLI commands
 * (npm run backup / restore) are driven in backup-kill.test.ts against a real server process.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { backupDataDir, BackupError, checkBackupFile, filesDirOf, restoreDataDir } from '../../api/ops/backup';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../api/store/store';
import type { Order } from '../../src/shared/schemas/order';
import type { TestUser } from '../setup/auth';
import { createUserWithSession } from '../setup/auth';
import type { TestApp } from '../setup/test-app';
import { spawnServer } from '../setup/spawn-server';
import { createTestApp, makeTempDir } from '../setup/test-app';
import { firstLocationId, loadCatalogue, pickupBody, placeOrder } from './order-fixtures';

let t: TestApp;
let alice: TestUser;
let placed: Order[];
const dirs: string[] = [];

function tempDir(): string {
  const dir = makeTempDir('storefront-backup-');
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t);
  const catalogue = await loadCatalogue(t);
  const locationId = await firstLocationId(t);
  const plain = [catalogue.find((item) => item.groups.length === 0)!];
  placed = [];
  for (let i = 0; i < 3; i += 1) placed.push(await placeOrder(t, alice, pickupBody(locationId, plain)));
  // Files a store keeps beside itself: uploaded photos (issue 18) and the mail drop.
  mkdirSync(path.join(t.dataDir, 'uploads', 'dishes'), { recursive: true });
  writeFileSync(path.join(t.dataDir, 'uploads', 'dishes', 'abc123.webp'), 'photo bytes');
  mkdirSync(path.join(t.dataDir, 'mail'), { recursive: true });
  writeFileSync(path.join(t.dataDir, 'mail', 'one.eml'), 'Subject: hi');
});

afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function orderNumbersIn(dataDir: string): Promise<string[]> {
  const store = await openSqliteStore(dataDir);
  try {
    return (await store.db.selectFrom('orders').select('order_number').orderBy('order_number').execute()).map((row) => row.order_number);
  } finally {
    await store.close();
  }
}

describe('backup and restore of the SQLite store', () => {
  it('copies the store in use and DATA_DIR’s files; a fresh DATA_DIR restored from it has every order and file', async () => {
    const out = tempDir();
    const file = path.join(out, 'nightly', 'store.sqlite');
    const result = await backupDataDir(t.dataDir, file);
    expect(result.file).toBe(file);
    expect(result.filesDir).toBe(filesDirOf(file));
    expect(result.migrations.length).toBeGreaterThan(10);
    // One self-contained file: no write-ahead log beside it, and SQLite opens it on its own.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const copy = new SqliteDatabase(file, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect((copy.prepare('select count(*) as n from orders').get() as { n: number }).n).toBe(placed.length);
    copy.close();

    const fresh = path.join(tempDir(), 'data');
    const restored = restoreDataDir(file, fresh, 'test');
    expect(restored).toMatchObject({ replaced: null, restoredFiles: true });
    expect(await orderNumbersIn(fresh)).toEqual(placed.map((order) => order.orderNumber).sort());
    expect(readFileSync(path.join(fresh, 'uploads', 'dishes', 'abc123.webp'), 'utf8')).toBe('photo bytes');
    expect(readFileSync(path.join(fresh, 'mail', 'one.eml'), 'utf8')).toBe('Subject: hi');
  });

  it('never overwrites an existing backup, and leaves no half-written one behind', async () => {
    const file = path.join(tempDir(), 'store.sqlite');
    await backupDataDir(t.dataDir, file);
    await expect(backupDataDir(t.dataDir, file)).rejects.toThrow(/already exists/);
    await expect(backupDataDir(tempDir(), path.join(tempDir(), 'x.sqlite'))).rejects.toThrow(/no store to back up/);
  });

  it('keeps the store it replaces, and refuses while the target store is open in a server', async () => {
    const file = path.join(tempDir(), 'store.sqlite');
    await backupDataDir(t.dataDir, file);
    const target = tempDir();
    const other = await openSqliteStore(target);
    // The running server holds the store: restoring under it would be overwritten by its next checkpoint.
    expect(() => restoreDataDir(file, target, 'busy')).toThrow(/open in a running server/);
    await other.close();
    const result = restoreDataDir(file, target, '2026-11-27T04-00-00-000Z');
    expect(result.replaced).toBe(path.join(target, `${SQLITE_FILE_NAME}.replaced-2026-11-27T04-00-00-000Z`));
    expect(existsSync(result.replaced!)).toBe(true);
    expect(await orderNumbersIn(target)).toHaveLength(placed.length);
  });

  it('refuses a missing file, a file that is not a store, a damaged one, and one written by a newer build', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'data');
    expect(() => restoreDataDir(path.join(dir, 'missing.sqlite'), target, 'x')).toThrow(/does not exist/);

    const text = path.join(dir, 'notes.sqlite');
    writeFileSync(text, 'not a database at all, just text that is long enough to have a header');
    expect(() => restoreDataDir(text, target, 'x')).toThrow(BackupError);

    const empty = path.join(dir, 'empty.sqlite');
    new SqliteDatabase(empty).exec('create table t (a)');
    expect(() => checkBackupFile(empty)).toThrow(/not a storefront store/);

    const damaged = path.join(dir, 'damaged.sqlite');
    await backupDataDir(t.dataDir, damaged);
    const bytes = readFileSync(damaged);
    // Scribble over the middle of the file's pages (past the header): quick_check or the first read notices.
    bytes.fill(0xa5, Math.floor(bytes.length / 3), Math.floor(bytes.length / 3) + 8192);
    writeFileSync(damaged, bytes);
    expect(() => checkBackupFile(damaged)).toThrow(BackupError);

    const newer = path.join(dir, 'newer.sqlite');
    await backupDataDir(t.dataDir, newer);
    const db = new SqliteDatabase(newer);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-the-future', '2027-01-01T00:00:00.000Z');
    db.close();
    expect(() => restoreDataDir(newer, target, 'x')).toThrow(/newer build \(migrations 9999-from-the-future; this build knows up to/);
    expect(existsSync(path.join(target, SQLITE_FILE_NAME))).toBe(false);
  });
});

describe('the daily backup in the server process', () => {
  it('with BACKUP_DIR and BACKUP_KEEP_DAYS, a server with no backup yet takes one at start', async () => {
    const dataDir = tempDir();
    const backupDir = path.join(tempDir(), 'daily');
    const server = await spawnServer({ dataDir, env: { BACKUP_DIR: backupDir, BACKUP_KEEP_DAYS: '7' } });
    try {
      const deadline = Date.now() + 20_000;
      while (!server.output().includes('"backup taken"') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      // Named by the server's clock (spawnServer pins CLOCK_START_AT to 2026-11-22T12:00Z).
      const taken = readdirSync(backupDir).filter((name) => name.endsWith('.sqlite'));
      expect(taken).toHaveLength(1);
      expect(taken[0]).toMatch(/^storefront-20261122T12\d{4}Z\.sqlite$/);
      expect(checkBackupFile(path.join(backupDir, taken[0]!)).length).toBeGreaterThan(10);
    } finally {
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }
  }, 60_000);
});
