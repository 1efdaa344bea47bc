import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import type { RateLimitRule } from './rate-limit';
import { hitRateLimit, pruneRateLimits, resetRateLimit } from './rate-limit';

const RULE: RateLimitRule = { name: 'test:ip', max: 3, windowMs: 60_000 };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('store-backed fixed-window rate limit', () => {
  it('allows max hits per window, refuses the next with the seconds left, and opens a new window after it', async () => {
    const { db } = t.deps.store;
    for (let hit = 1; hit <= RULE.max; hit += 1) expect((await hitRateLimit(db, t.clock, RULE, '1.2.3.4')).allowed).toBe(true);
    t.clock.advanceMs(20_000);
    const refused = await hitRateLimit(db, t.clock, RULE, '1.2.3.4');
    expect(refused).toMatchObject({ allowed: false, count: RULE.max + 1, retryAfterSeconds: 40 });
    // Hammering does not extend the window.
    t.clock.advanceMs(39_000);
    expect((await hitRateLimit(db, t.clock, RULE, '1.2.3.4')).retryAfterSeconds).toBe(1);
    t.clock.advanceMs(1_000);
    expect(await hitRateLimit(db, t.clock, RULE, '1.2.3.4')).toMatchObject({ allowed: true, count: 1 });
  });

  it('keeps buckets apart, stores only hashes, and can reset or prune them', async () => {
    const { db } = t.deps.store;
    await hitRateLimit(db, t.clock, RULE, 'ana@example.ro');
    await hitRateLimit(db, t.clock, RULE, 'ana@example.ro');
    expect((await hitRateLimit(db, t.clock, RULE, 'bogdan@example.ro')).count).toBe(1);
    const keys = (await db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys.join(' ')).not.toContain('example.ro');
    await resetRateLimit(db, RULE, 'ana@example.ro');
    expect((await hitRateLimit(db, t.clock, RULE, 'ana@example.ro')).count).toBe(1);
    t.clock.advanceMs(2 * 24 * 60 * 60 * 1000);
    await pruneRateLimits(db, t.clock);
    expect(await db.selectFrom('rate_limits').selectAll().execute()).toHaveLength(0);
  });
});
