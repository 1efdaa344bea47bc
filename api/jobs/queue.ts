/**
 * The one durable job queue (docs/decisions/0093-one-job-queue-with-handlers-by-kind.md): rows of
 * the `outbox` table, written in the transaction of the change that causes them, run at least once
 * by whichever worker holds the row's lease, with the upstream's own dedupe key making them exactly
 * once there. What a row does is its kind's handler, registered by kind and kept beside its domain
 * (the kitchen hand-off in api/orders/pos-hand-off.ts, the Cms copies in api/integrations/cms/, mail
 * in api/integrations/mail/outbox.ts); adding a kind is one more handler in the registration list
 * (api/jobs/outbox-worker.ts).
 *
 * - Each row's lease covers its own run: a batch is claimed together, but right before each run the
 *   worker renews that row's lease from the clock's current reading, on condition it still holds the
 *   row. A row whose lease ran out while earlier rows of the batch ran, and which another worker has
 *   taken meanwhile, is skipped instead of run a second time.
 * - Success: the row is done (with the handler's `onDone` in the same transaction); failure: the
 *   attempt is counted and the row waits with exponential backoff and full jitter (with the handler's
 *   `onFailed` in the same transaction). Both only while this worker still holds the row; then the
 *   handler's `afterCommit` tells watchers.
 * - A row of a kind nobody registered fails and waits like any failure, until a worker that knows
 *   the kind takes it.
 * All times come from the injected clock; tests drive it with runOnce()/drain().
 */
import { randomUUID } from 'node:crypto';

import type { Transaction } from 'kysely';

import type { Clock } from '../../src/shared/clock';
import type { Logger } from '../lib/logger';
import { withLogContext } from '../lib/logger';
import type { Database } from '../store/schema';
import type { Store } from '../store/store';
import type { LeaseHolder } from './leases';
import { claimDueJobs, markJobDone, markJobFailed, renewLease } from './leases';
import {
  backoffMs,
  createWakeUps,
  OUTBOX_NUDGE_QUIET_MS,
  OUTBOX_POLL_INTERVAL_MS,
  OUTBOX_RETRY_BASE_MS,
  OUTBOX_RETRY_MAX_MS,
} from './schedule';

/** Longer than any handler's timeout, so a lease never runs out while its run is still in flight. */
export const OUTBOX_LEASE_MS = 60_000;
/** How long one run may take before its signal aborts it (the POS's and the Cms's requests). */
export const OUTBOX_POS_TIMEOUT_MS = 10_000;
export const OUTBOX_BATCH_SIZE = 10;
const MAX_REASON_LENGTH = 200;

export interface JobRunContext {
  /** Aborts when the run has taken the queue's timeout. */
  signal: AbortSignal;
}

export interface JobRunResult {
  /** Replaces the stored payload once done (a sent mail keeps no live link in the store). */
  storedPayload?: unknown;
  /** Logged (info) once the row is recorded done by this worker. */
  doneLog?: { message: string; fields: Record<string, unknown> };
}

/** What one kind of row does. `payload` is the row's parsed JSON (undefined when it is not JSON). */
export interface JobHandler {
  readonly kind: string;
  /** Runs one row; throws to be retried with backoff. */
  run(payload: unknown, context: JobRunContext): Promise<JobRunResult | void>;
  /** In the transaction that marks the row done, only while this worker still holds it. */
  onDone?(trx: Transaction<Database>, payload: unknown, now: Date): Promise<void>;
  /** In the transaction that records a failed attempt, only while this worker still holds it. */
  onFailed?(trx: Transaction<Database>, payload: unknown, reason: string, now: Date): Promise<void>;
  /** After either transaction committed (watchers hear the new state). */
  afterCommit?(payload: unknown): Promise<void>;
}

/** Handlers by kind; a kind registered twice is a programming error, refused at start. */
export function jobRegistry(handlers: readonly JobHandler[]): ReadonlyMap<string, JobHandler> {
  const byKind = new Map<string, JobHandler>();
  for (const handler of handlers) {
    if (byKind.has(handler.kind)) throw new Error(`job kind ${handler.kind} registered twice`);
    byKind.set(handler.kind, handler);
  }
  return byKind;
}

export interface JobQueueOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  handlers: readonly JobHandler[];
  /** "New work" nudges (api/lib/order-events.ts onOutbox); returns the unsubscribe function. */
  onNudge: (listener: () => void) => () => void;
  workerId?: string;
  retryBaseMs?: number;
  retryMaxMs?: number;
  timeoutMs?: number;
  leaseMs?: number;
  /** [0, 1); injected so tests can pin the jitter. */
  random?: () => number;
}

export interface JobQueueWorker {
  /** Claims and processes the rows due now; resolves with how many were processed. */
  runOnce(): Promise<number>;
  /** runOnce until nothing is due at the current clock reading. */
  drain(maxRounds?: number): Promise<number>;
  /** Polls every `intervalMs` and, `nudgeQuietMs` after the last nudge, takes every due row. */
  start(intervalMs?: number, nudgeQuietMs?: number): void;
  stop(): Promise<void>;
}

function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createJobQueueWorker(options: JobQueueOptions): JobQueueWorker {
  const { store, clock, logger } = options;
  const db = store.db;
  const handlers = jobRegistry(options.handlers);
  const holder: LeaseHolder = { workerId: options.workerId ?? `worker-${randomUUID()}`, leaseMs: options.leaseMs ?? OUTBOX_LEASE_MS };
  const { workerId } = holder;
  const retryBaseMs = options.retryBaseMs ?? OUTBOX_RETRY_BASE_MS;
  const retryMaxMs = options.retryMaxMs ?? OUTBOX_RETRY_MAX_MS;
  const timeoutMs = options.timeoutMs ?? OUTBOX_POS_TIMEOUT_MS;
  const random = options.random ?? Math.random;
  let queue: Promise<unknown> = Promise.resolve();

  async function succeed(row: { id: number }, handler: JobHandler, payload: unknown, result: JobRunResult | void): Promise<void> {
    const now = clock.now();
    const storedPayload = result?.storedPayload !== undefined ? JSON.stringify(result.storedPayload) : undefined;
    const { onDone } = handler;
    const held = onDone
      ? await db.transaction().execute(async (trx) => {
          if (!(await markJobDone(trx, workerId, row.id, now, storedPayload))) return false;
          await onDone(trx, payload, now);
          return true;
        })
      : await markJobDone(db, workerId, row.id, now, storedPayload);
    if (!held) {
      logger.warn('outbox row taken over by another worker; its holder records the result', { outboxId: row.id, workerId });
      return;
    }
    await handler.afterCommit?.(payload);
    if (result?.doneLog) logger.info(result.doneLog.message, result.doneLog.fields);
  }

  async function fail(
    row: { id: number; attempts: number },
    handler: JobHandler | undefined,
    payload: unknown,
    error: unknown,
  ): Promise<void> {
    const attempts = row.attempts + 1;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_REASON_LENGTH);
    const now = clock.now();
    const nextAttemptAt = new Date(now.getTime() + backoffMs(attempts, retryBaseMs, retryMaxMs, random)).toISOString();
    const held = await db.transaction().execute(async (trx) => {
      if (!(await markJobFailed(trx, workerId, row.id, { attempts, nextAttemptAt, reason, now }))) return false;
      await handler?.onFailed?.(trx, payload, reason, now);
      return true;
    });
    if (!held) {
      logger.warn('outbox delivery failed after another worker took the row over; its holder records the result', {
        outboxId: row.id,
        workerId,
        reason,
      });
      return;
    }
    logger.warn('outbox delivery failed; will retry', { outboxId: row.id, attempts, nextAttemptAt, reason });
    await handler?.afterCommit?.(payload);
  }

  async function processRow(row: { id: number; kind: string; payload: string; attempts: number }): Promise<void> {
    const payload = parsePayload(row.payload);
    // Every line this run writes (the handler's too) names the order it is about, where the payload
    // names one, so one order's story reads the same across requests, jobs and instances.
    const orderNumber = (payload as { orderNumber?: unknown } | undefined)?.orderNumber;
    return withLogContext(typeof orderNumber === 'string' ? { orderNumber } : {}, () => runRow(row, payload));
  }

  async function runRow(row: { id: number; kind: string; attempts: number }, payload: unknown): Promise<void> {
    const handler = handlers.get(row.kind);
    let result: JobRunResult | void;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), timeoutMs);
    try {
      if (!handler) throw new Error(`unknown outbox kind ${row.kind}`);
      if (payload === undefined) throw new Error('outbox payload is not JSON');
      result = await handler.run(payload, { signal: controller.signal });
    } catch (error) {
      await fail(row, handler, payload, error);
      return;
    } finally {
      clearTimeout(timeout);
    }
    await succeed(row, handler, payload, result);
  }

  async function runOnceInner(): Promise<number> {
    const rows = await claimDueJobs(store, holder, clock.now(), OUTBOX_BATCH_SIZE);
    // One at a time: the POS is a single small upstream, and order matters to the kitchen. Each
    // run starts with its own lease; a row another worker took over meanwhile is theirs now.
    let processed = 0;
    for (const row of rows) {
      if (!(await renewLease(db, holder, row.id, clock.now()))) continue;
      await processRow(row);
      processed += 1;
    }
    return processed;
  }

  function runOnce(): Promise<number> {
    // Passes run one after another in one process (the interval and a nudge may coincide).
    const pass = queue.then(runOnceInner);
    queue = pass.catch(() => 0);
    return pass;
  }

  const wakeUps = createWakeUps({ runOnce, batchSize: OUTBOX_BATCH_SIZE, onNudge: options.onNudge, logger });

  return {
    runOnce,
    async drain(maxRounds = 100) {
      let total = 0;
      for (let round = 0; round < maxRounds; round += 1) {
        const processed = await runOnce();
        total += processed;
        if (processed === 0) break;
      }
      return total;
    },
    start(intervalMs = OUTBOX_POLL_INTERVAL_MS, nudgeQuietMs = OUTBOX_NUDGE_QUIET_MS) {
      wakeUps.start(intervalMs, nudgeQuietMs);
    },
    async stop() {
      wakeUps.stop();
      // Let an in-flight pass finish so its row is recorded before the store closes.
      await queue;
    },
  };
}
