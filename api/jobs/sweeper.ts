/**
 * Rows that only grow unless something removes them (issue 21, defect 11), swept on a schedule by
 * every instance (a sweep is a few indexed deletes; two instances sweeping at once delete nothing
 * twice): expired sessions, idempotency keys older than a day (a queued write is sent again within
 * minutes of the connection coming back; a day is the promise), used or expired account links,
 * expired trusted devices, and rate-limit rows whose window ended long ago.
 */
import type { Kysely } from 'kysely';

import type { Clock } from '../../src/shared/clock';
import type { Logger } from '../lib/logger';
import { pruneRateLimits } from '../lib/rate-limit';
import type { Database } from '../store/schema';

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export interface SweepCounts {
  sessions: number;
  idempotencyKeys: number;
  accountTokens: number;
  trustedDevices: number;
}

export async function sweepExpired(db: Kysely<Database>, clock: Clock): Promise<SweepCounts> {
  const now = clock.now();
  const nowIso = now.toISOString();
  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const counts: SweepCounts = {
    sessions: deleted(await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).executeTakeFirst()),
    idempotencyKeys: deleted(await db.deleteFrom('idempotency_keys').where('created_at', '<', keysBefore).executeTakeFirst()),
    // A used link is dead at once; an unused one at its expiry.
    accountTokens: deleted(
      await db
        .deleteFrom('account_tokens')
        .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('used_at', 'is not', null)]))
        .executeTakeFirst(),
    ),
    trustedDevices: deleted(await db.deleteFrom('trusted_devices').where('expires_at', '<=', nowIso).executeTakeFirst()),
  };
  await pruneRateLimits(db, clock);
  return counts;
}

/** Sweeps now and every SWEEP_INTERVAL_MS until stopped; a failed sweep is logged and tried next time. */
export function startSweeper(options: { db: Kysely<Database>; clock: Clock; logger: Logger; intervalMs?: number }): { stop(): void } {
  const sweep = () =>
    sweepExpired(options.db, options.clock).then(
      (counts) => options.logger.info('swept expired rows', { ...counts }),
      (error: unknown) => options.logger.warn('sweep failed', { error: String(error) }),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), options.intervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
