/**
 * The job queue's SQL on the `outbox` table, and the one place the two SQL dialects differ
 * (docs/decisions/0093-one-job-queue-with-handlers-by-kind.md):
 * - Claim: a lease per row (locked_until/locked_by), so several workers or instances never run the
 *   same row at the same time; a crashed worker's lease simply runs out and another takes over.
 *   SQLite: a conditional UPDATE per candidate row (one writer at a time makes it atomic).
 *   PostgreSQL: one transaction selects the due rows FOR UPDATE SKIP LOCKED (concurrent claimers
 *   skip each other's rows instead of waiting on them) and sets their lease.
 * - Renew, done and failed are conditional on the worker still holding the row (locked_by): a
 *   worker whose lease was taken over writes nothing, so it can neither clear the new holder's lease
 *   (letting a third worker run it too) nor overwrite its result.
 * New rows are written by api/store/outbox-rows.ts in the cause's own transaction.
 */
import type { Kysely, Transaction } from 'kysely';

import type { Database } from '../store/schema';
import type { Store } from '../store/store';

type Db = Kysely<Database> | Transaction<Database>;

export interface ClaimedJob {
  id: number;
  kind: string;
  /** JSON, as stored. */
  payload: string;
  attempts: number;
}

export interface LeaseHolder {
  workerId: string;
  leaseMs: number;
}

function leaseEnd(now: Date, leaseMs: number): string {
  return new Date(now.getTime() + leaseMs).toISOString();
}

/** Leases up to `limit` rows due at `now` to this worker, oldest due first. */
export async function claimDueJobs(store: Store, holder: LeaseHolder, now: Date, limit: number): Promise<ClaimedJob[]> {
  return store.dialect === 'postgres' ? claimSkipLocked(store.db, holder, now, limit) : claimConditionally(store.db, holder, now, limit);
}

function dueRows(db: Db, nowIso: string, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'kind', 'payload', 'attempts'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]))
    .orderBy('next_attempt_at')
    .limit(limit);
}

async function claimConditionally(db: Kysely<Database>, holder: LeaseHolder, now: Date, limit: number): Promise<ClaimedJob[]> {
  const nowIso = now.toISOString();
  const candidates = await dueRows(db, nowIso, limit).execute();
  const claimed = [];
  const lockedUntil = leaseEnd(now, holder.leaseMs);
  for (const row of candidates) {
    const result = await db
      .updateTable('outbox')
      .set({ locked_until: lockedUntil, locked_by: holder.workerId })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push(row);
  }
  return claimed;
}

async function claimSkipLocked(db: Kysely<Database>, holder: LeaseHolder, now: Date, limit: number): Promise<ClaimedJob[]> {
  const lockedUntil = leaseEnd(now, holder.leaseMs);
  return db.transaction().execute(async (trx) => {
    const due = await dueRows(trx, now.toISOString(), limit).forUpdate().skipLocked().execute();
    if (due.length === 0) return [];
    await trx
      .updateTable('outbox')
      .set({ locked_until: lockedUntil, locked_by: holder.workerId })
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .execute();
    return due;
  });
}

/**
 * Renews the row's lease for one run, from now; false when this worker no longer holds it (another
 * worker claimed it after our lease ran out) or it is no longer pending.
 */
export async function renewLease(db: Db, holder: LeaseHolder, rowId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ locked_until: leaseEnd(now, holder.leaseMs) })
    .where('id', '=', rowId)
    .where('locked_by', '=', holder.workerId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The one "mark done": false (nothing written) when another worker holds the row now. */
export async function markJobDone(db: Db, workerId: string, rowId: number, now: Date, storedPayload?: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({
      status: 'done',
      locked_until: null,
      locked_by: null,
      last_error: null,
      updated_at: now.toISOString(),
      ...(storedPayload !== undefined ? { payload: storedPayload } : {}),
    })
    .where('id', '=', rowId)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a failed attempt and when to try again; false (nothing written) when another worker holds the row now. */
export async function markJobFailed(
  db: Db,
  workerId: string,
  rowId: number,
  failure: { attempts: number; nextAttemptAt: string; reason: string; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({
      attempts: failure.attempts,
      next_attempt_at: failure.nextAttemptAt,
      locked_until: null,
      locked_by: null,
      last_error: failure.reason,
      updated_at: failure.now.toISOString(),
    })
    .where('id', '=', rowId)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts a row back in the queue, due now with a fresh attempt count (a manager's re-send). */
export async function requeueJob(trx: Transaction<Database>, dedupeKey: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await trx
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: at, locked_until: null, locked_by: null, updated_at: at })
    .where('dedupe_key', '=', dedupeKey)
    .execute();
}
