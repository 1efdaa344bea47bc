import { statSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { makeTempDir } from '../../tests/setup/test-app';
import type { Store } from './store';
import { openSqliteStore, SQLITE_FILE_NAME } from './store';
import { startWalCheckpointer } from './wal-checkpointer';

const CHECKPOINT_INTERVAL_MS = 50;
const WAIT_LIMIT_MS = 10_000;
const ROW_BYTES = 4_000;
const ROWS_PER_BATCH = 1_000;
const STABLE_CHECKS = 4;

let store: Store | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
});

async function until(condition: () => boolean) {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_INTERVAL_MS));
  }
}

async function writeBatch(opened: Store) {
  // One row per transaction, like requests: each commit appends its pages to the WAL.
  for (let i = 0; i < ROWS_PER_BATCH; i += 1) {
    await opened.db.transaction().execute((trx) => sql`insert into bulk (v) values (${'x'.repeat(ROW_BYTES)})`.execute(trx));
  }
}

describe('WAL checkpoints in a worker thread', () => {
  it('the main connection never checkpoints; the worker does, so the WAL file is reused instead of growing', async () => {
    const dir = makeTempDir('storefront-wal-');
    const file = path.join(dir, SQLITE_FILE_NAME);
    store = await openSqliteStore(dir, { walCheckpointIntervalMs: CHECKPOINT_INTERVAL_MS });
    const opened = store;
    const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(opened.db);
    expect(autocheckpoint.rows[0]?.wal_autocheckpoint).toBe(0);
    await sql`create table bulk (id integer primary key, v text not null)`.execute(opened.db);

    await writeBatch(opened);
    const batchBytes = ROWS_PER_BATCH * ROW_BYTES;
    // The worker copies the WAL into the database file (this test never checkpoints itself)...
    await until(() => statSync(file).size >= batchBytes);
    // ...and has finished once the file stops growing for a few of its intervals.
    let lastSize = -1;
    let stableChecks = 0;
    await until(() => {
      const size = statSync(file).size;
      stableChecks = size === lastSize ? stableChecks + 1 : 0;
      lastSize = size;
      return stableChecks >= STABLE_CHECKS;
    });
    const walAfterFirst = statSync(`${file}-wal`).size;
    expect(walAfterFirst).toBeGreaterThan(batchBytes * 0.9);

    // After a complete checkpoint the next writer starts the WAL over: the file does not grow.
    await writeBatch(opened);
    // Without checkpoints it would hold both batches (twice the size).
    expect(statSync(`${file}-wal`).size).toBeLessThan(walAfterFirst * 1.5);
    const count = await sql<{ n: number }>`select count(*) as n from bulk`.execute(opened.db);
    expect(count.rows[0]?.n).toBe(2 * ROWS_PER_BATCH);
  });

  it('reports a worker that cannot open the file, so the caller can fall back to automatic checkpoints', async () => {
    const failures: Error[] = [];
    const missing = path.join(makeTempDir('storefront-wal-'), 'no', 'such', 'dir', SQLITE_FILE_NAME);
    const { checkpointer, ready } = startWalCheckpointer(missing, { onFailure: (error) => failures.push(error) });
    await ready;
    await until(() => failures.length > 0);
    expect(failures).toHaveLength(1);
    await expect(checkpointer.checkpointNow()).rejects.toThrow(/not running/);
    await checkpointer.stop();
  });

  it('checkpoints on demand and stops cleanly', async () => {
    const dir = makeTempDir('storefront-wal-');
    store = await openSqliteStore(dir, { walCheckpointIntervalMs: 60_000 });
    await sql`create table bulk (id integer primary key, v text not null)`.execute(store.db);
    await sql`insert into bulk (v) values (${'y'.repeat(ROW_BYTES)})`.execute(store.db);
    const { checkpointer, ready } = startWalCheckpointer(path.join(dir, SQLITE_FILE_NAME), { intervalMs: 60_000, onFailure: () => {} });
    await ready;
    const result = await checkpointer.checkpointNow();
    expect(result.busy).toBe(0);
    expect(result.log).toBeGreaterThan(0);
    expect(result.checkpointed).toBe(result.log);
    await checkpointer.stop();
    await expect(checkpointer.checkpointNow()).rejects.toThrow(/not running/);
  });
});
