/**
 * Issue 21, defect 11 (growth): what the sweep removes and what it keeps, with a fixed clock.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { hitRateLimit } from '../lib/rate-limit';
import { SESSION_TTL_MS } from '../lib/sessions';
import { IDEMPOTENCY_KEY_TTL_MS, sweepExpired } from './sweeper';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const HOUR_MS = 60 * 60 * 1000;

describe('defect 11: the sweep', () => {
  it('removes expired sessions, day-old idempotency keys, used or expired links, expired devices and old counters; keeps live ones', async () => {
    const db = t.deps.store.db;
    const old = await createUserWithSession(t);
    const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
    await db
      .insertInto('idempotency_keys')
      .values([
        { scope: 's', key: 'old', request_hash: 'h', status_code: 201, response_body: '{}', created_at: at(0) },
        {
          scope: 's',
          key: 'fresh',
          request_hash: 'h',
          status_code: 201,
          response_body: '{}',
          created_at: at(SESSION_TTL_MS + HOUR_MS - IDEMPOTENCY_KEY_TTL_MS + HOUR_MS),
        },
      ])
      .execute();
    const token = (id: string, expiresAt: string, usedAt: string | null) => ({
      id,
      user_id: old.id,
      purpose: 'reset_password',
      email: old.email,
      created_at: at(0),
      expires_at: expiresAt,
      used_at: usedAt,
    });
    await db
      .insertInto('account_tokens')
      .values([token('expired', at(HOUR_MS), null), token('used', at(100 * HOUR_MS), at(0)), token('live', at(2 * SESSION_TTL_MS), null)])
      .execute();
    await db
      .insertInto('trusted_devices')
      .values([
        { id: 'gone', user_id: old.id, created_at: at(0), expires_at: at(HOUR_MS) },
        { id: 'kept', user_id: old.id, created_at: at(0), expires_at: at(SESSION_TTL_MS * 10) },
      ])
      .execute();
    await hitRateLimit(db, t.clock, { name: 'test', max: 5, windowMs: HOUR_MS }, 'someone');

    // Two days and a bit later, a new session appears.
    t.clock.advanceMs(SESSION_TTL_MS + HOUR_MS);
    const fresh = await createUserWithSession(t);
    const counts = await sweepExpired(db, t.clock);

    expect(counts).toEqual({ sessions: 1, idempotencyKeys: 1, accountTokens: 2, trustedDevices: 1 });
    expect((await db.selectFrom('sessions').select('user_id').execute()).map((row) => row.user_id)).toEqual([fresh.id]);
    expect((await db.selectFrom('idempotency_keys').select('key').execute()).map((row) => row.key)).toEqual(['fresh']);
    expect((await db.selectFrom('account_tokens').select('id').execute()).map((row) => row.id)).toEqual(['live']);
    expect((await db.selectFrom('trusted_devices').select('id').execute()).map((row) => row.id)).toEqual(['kept']);
    expect(await db.selectFrom('rate_limits').selectAll().execute()).toHaveLength(0);
    // A second sweep finds nothing more.
    expect(await sweepExpired(db, t.clock)).toEqual({ sessions: 0, idempotencyKeys: 0, accountTokens: 0, trustedDevices: 0 });
  });
});
