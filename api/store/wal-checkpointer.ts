/**
 * WAL checkpoints off the event loop (docs/decisions/0062-sqlite-checkpoints-in-a-worker-thread.md). better-sqlite3 is synchronous:
 * with SQLite's automatic checkpoint, the commit that crosses 1,000 WAL pages copies them into the
 * database file and fsyncs it on the main thread, stalling every request for 30-70 ms on this
 * machine, every ~100 orders: exactly the slowest percent of order creation. Instead the main connection never
 * checkpoints (`wal_autocheckpoint = 0`) and a worker thread with its own connection to the same
 * file runs a PASSIVE checkpoint every WAL_CHECKPOINT_INTERVAL_MS. PASSIVE never waits for or blocks
 * the writer; the next write after a complete checkpoint starts the WAL file over, so it stays small.
 *
 * Durability is unchanged: a commit is in the WAL (the OS page cache) when it is acknowledged,
 * whoever later copies it into the database file; a kill -9 at any point loses no acknowledged order.
 * If the worker cannot run, the main connection goes back to automatic checkpoints.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export const WAL_CHECKPOINT_INTERVAL_MS = 1_000;
/** SQLite's own default, restored when the worker fails. */
export const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;

export interface CheckpointResult {
  /** 1 when the checkpoint could not finish (a reader still used the older frames). */
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Frames copied into the database file so far. */
  checkpointed: number;
}

export interface WalCheckpointer {
  /** Checkpoints now (tests; the worker also does it on its own timer). */
  checkpointNow(): Promise<CheckpointResult>;
  stop(): Promise<void>;
}

// Plain CommonJS run by the worker (eval), so it needs no TypeScript loader.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
const timer = setInterval(() => {
  try { checkpoint(); } catch (error) { parentPort.postMessage({ type: 'error', message: String(error) }); }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message.type === 'checkpoint') {
    try { parentPort.postMessage({ type: 'result', id: message.id, result: checkpoint() }); }
    catch (error) { parentPort.postMessage({ type: 'result', id: message.id, error: String(error) }); }
  } else if (message.type === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
parentPort.postMessage({ type: 'ready' });
`;

/**
 * Starts the worker for the database file `file`, whose main connection must already be in WAL
 * mode. `onFailure` runs once if the worker dies or cannot open the file (the caller then turns
 * automatic checkpoints back on).
 */
export function startWalCheckpointer(
  file: string,
  options: { intervalMs?: number; onFailure(error: Error): void },
): { checkpointer: WalCheckpointer; ready: Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  // execArgv []: the worker runs plain JS and must not load the parent's TypeScript loader.
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    execArgv: [],
    workerData: { file, driver, intervalMs: options.intervalMs ?? WAL_CHECKPOINT_INTERVAL_MS },
  });
  // Never keeps the process alive on its own (tests, shutdown).
  worker.unref();
  const pending = new Map<number, { resolve(result: CheckpointResult): void; reject(error: Error): void }>();
  let nextId = 0;
  let failed = false;
  let stopping = false;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const fail = (error: Error) => {
    markReady();
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    if (failed || stopping) return;
    failed = true;
    options.onFailure(error);
  };
  worker.on('message', (message: { type: string; id?: number; result?: CheckpointResult; error?: string; message?: string }) => {
    if (message.type === 'ready') markReady();
    else if (message.type === 'error') fail(new Error(message.message));
    else if (message.type === 'result' && message.id !== undefined) {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result!);
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!stopping) fail(new Error(`the WAL checkpoint worker exited (${code})`));
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    ready,
    checkpointer: {
      checkpointNow() {
        if (failed || stopping) return Promise.reject(new Error('the WAL checkpoint worker is not running'));
        nextId += 1;
        const id = nextId;
        return new Promise<CheckpointResult>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          worker.postMessage({ type: 'checkpoint', id });
        });
      },
      async stop() {
        if (stopping) return exited;
        stopping = true;
        if (failed) return;
        // Held open until the worker has closed its connection: an unref'd worker would let the
        // process exit in the middle of a shutdown that is still awaiting it.
        worker.ref();
        worker.postMessage({ type: 'stop' });
        await exited;
      },
    },
  };
}
