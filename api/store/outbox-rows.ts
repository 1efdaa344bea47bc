/**
 * New rows for the server outbox worker (POS hand-offs, copies to the Cms). Written in the caller's
 * transaction, so a row is exactly as durable as the write it follows; a row whose dedupe key is
 * already there is skipped, so enqueueing the same hand-off twice sends it once. Returns how many
 * rows were new.
 */
import type { Kysely, Transaction } from 'kysely';

import type { Database } from './schema';

export interface NewOutboxRow {
  kind: string;
  dedupeKey: string;
  /** Stored as JSON; the worker parses it with the kind's own schema. */
  payload: unknown;
}

export async function enqueueOutboxRows(
  db: Transaction<Database> | Kysely<Database>,
  rows: readonly NewOutboxRow[],
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const at = now.toISOString();
  const result = await db
    .insertInto('outbox')
    .values(
      rows.map((row) => ({
        kind: row.kind,
        dedupe_key: row.dedupeKey,
        payload: JSON.stringify(row.payload),
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        locked_until: null,
        locked_by: null,
        last_error: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  // How many were new (a row whose dedupe key was already there is not counted).
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
