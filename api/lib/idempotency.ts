/**
 * Idempotent writes (ARCHITECTURE "Writes: the outbox"): the client makes one UUID per intended
 * write and sends it as `Idempotency-Key` on every attempt; the server stores
 * (scope = user + route, key) -> (request hash, status, body) and replays the first answer.
 *
 * The key row is written INSIDE the same transaction as the work it guards, so either both the
 * effect (the order) and its remembered answer exist, or neither does: a crash mid-request leaves
 * nothing behind and the client's retry simply does the work once. Concurrent duplicates: the
 * primary key (scope, key) lets only one insert win; on SQLite the single connection serialises
 * transactions, so a duplicate sees the committed answer and replays it; elsewhere the loser's
 * insert fails on the key and we re-read it (replay, or 409 in_progress while the winner runs).
 *
 * Only 2xx and 4xx answers are kept; a 5xx rolls everything back so the client may retry.
 */
import { createHash } from 'node:crypto';

import type { Context } from 'hono';
import type { Kysely, Transaction } from 'kysely';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import type { Clock } from '../../src/shared/clock';
import { errorBody } from '../middleware/errors';
import type { Database } from '../store/schema';
import { ApiHttpError, apiError, HTTP_STATUS } from './http-errors';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StoredAnswer {
  status: ContentfulStatusCode;
  body: unknown;
  /** True when this answer is a replay of an earlier attempt's. */
  replayed: boolean;
}

/** The header, required and a UUID (the client's outbox makes one per intended write). */
export function idempotencyKeyOf(c: Context): string {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim();
  if (!key || !UUID_PATTERN.test(key)) {
    throw apiError(HTTP_STATUS.BAD_REQUEST, 'idempotency_key_required', 'Send an Idempotency-Key header (a UUID) with this request.');
  }
  return key.toLowerCase();
}

/** Stable hash of the validated request: same meaning, same hash, whatever the key order. */
export function requestHash(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v as Record<string, unknown>)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${(error as { code?: string }).code ?? ''} ${error.message}` : String(error);
  return /SQLITE_CONSTRAINT|UNIQUE constraint|duplicate key|23505|SQLITE_BUSY/i.test(text);
}

function replayOf(row: { request_hash: string; status_code: number | null; response_body: string | null }, hash: string): StoredAnswer {
  if (row.request_hash !== hash) {
    throw apiError(
      HTTP_STATUS.CONFLICT,
      'idempotency_conflict',
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
  }
  if (row.status_code === null || row.response_body === null) {
    throw apiError(HTTP_STATUS.CONFLICT, 'in_progress', 'The same request is still being processed. Try again in a moment.');
  }
  return { status: row.status_code as ContentfulStatusCode, body: JSON.parse(row.response_body) as unknown, replayed: true };
}

/**
 * Runs `work` at most once per (scope, key): inside one transaction with the key row. `work`
 * answers with a status and body, or throws an ApiHttpError; 4xx errors are remembered too (and
 * must be thrown before `work` writes anything). Anything else rolls back and propagates.
 */
export async function runIdempotent(
  db: Kysely<Database>,
  clock: Clock,
  guard: { scope: string; key: string; hash: string },
  work: (trx: Transaction<Database>) => Promise<{ status: ContentfulStatusCode; body: unknown }>,
): Promise<StoredAnswer> {
  const { scope, key, hash } = guard;
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await storedAnswerFor(trx, scope, key, hash);
      if (existing) return existing;
      await trx
        .insertInto('idempotency_keys')
        .values({ scope, key, request_hash: hash, status_code: null, response_body: null, created_at: clock.now().toISOString() })
        .execute();
      let answer: { status: ContentfulStatusCode; body: unknown };
      try {
        answer = await work(trx);
      } catch (error) {
        if (error instanceof ApiHttpError && error.status >= HTTP_STATUS.BAD_REQUEST && error.status < HTTP_STATUS.INTERNAL) {
          answer = { status: error.status, body: errorBody(error.status, error.code, error.message, error.details) };
        } else {
          throw error;
        }
      }
      await trx
        .updateTable('idempotency_keys')
        .set({ status_code: answer.status, response_body: JSON.stringify(answer.body) })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
      return { ...answer, replayed: false };
    });
  } catch (error) {
    if (error instanceof ApiHttpError || !isUniqueViolation(error)) throw error;
    // Another instance claimed the key between our read and our insert: answer from its row.
    const stored = await storedAnswerFor(db, scope, key, hash);
    if (!stored) throw apiError(HTTP_STATUS.CONFLICT, 'in_progress', 'The same request is still being processed. Try again in a moment.');
    return stored;
  }
}

/**
 * The finished answer stored for (scope, key), or null when none is stored. A different request
 * under the same key is a 409 idempotency_conflict; one still running is a 409 in_progress.
 */
export async function storedAnswerFor(
  db: Kysely<Database> | Transaction<Database>,
  scope: string,
  key: string,
  hash: string,
): Promise<StoredAnswer | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? replayOf(row, hash) : null;
}

/**
 * For writes the client may send with or without a key (profile, addresses): with an Idempotency-Key
 * (a write the outbox queued offline) `work` runs once per key and its answer is replayed; without
 * one it is a plain transaction.
 *
 * `prepare` holds the checks that may refuse the request before anything is stored (ownership, the
 * geocoder, the zone) and what they compute for `work`. A stored answer is replayed BEFORE `prepare`
 * runs: the first answer is the answer, even if the address was deleted or the zone changed since.
 * A key never stored runs `prepare` first, so a refused request stores nothing.
 */
export async function runIdempotentWhenKeyed<T>(
  c: Context,
  db: Kysely<Database>,
  clock: Clock,
  scope: string,
  input: unknown,
  prepare: () => Promise<T>,
  work: (trx: Transaction<Database>, prepared: T) => Promise<{ status: ContentfulStatusCode; body: unknown }>,
): Promise<{ status: ContentfulStatusCode; body: unknown }> {
  if (!c.req.header(IDEMPOTENCY_HEADER)) {
    const prepared = await prepare();
    return db.transaction().execute((trx) => work(trx, prepared));
  }
  const guard = { scope, key: idempotencyKeyOf(c), hash: requestHash(input) };
  const stored = await storedAnswerFor(db, guard.scope, guard.key, guard.hash);
  if (stored) return stored;
  const prepared = await prepare();
  return runIdempotent(db, clock, guard, (trx) => work(trx, prepared));
}
