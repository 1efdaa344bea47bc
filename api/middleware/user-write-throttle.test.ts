/**
 * Issue 21, defect 11: per-user write throttles on the profile and the address book.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { PROFILE_WRITES } from './user-write-throttle';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('defect 11: per-user write throttles', () => {
  it('refuses profile writes past the limit with 429 + Retry-After, for that user only, and never reads', async () => {
    const ana = await createUserWithSession(t);
    const ion = await createUserWithSession(t);
    const patch = (cookie: string, n: number) =>
      t.request('/api/profile', { method: 'PATCH', json: { firstName: `Ana${n}`, lastName: 'Pop', phone: null }, headers: { cookie } });
    for (let n = 0; n < PROFILE_WRITES.max; n += 1) expect((await patch(ana.cookie, n)).status).toBe(200);
    const refused = await patch(ana.cookie, 99);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.request('/api/profile', { headers: { cookie: ana.cookie } })).status).toBe(200);
    expect((await patch(ion.cookie, 1)).status).toBe(200);
    t.clock.advanceMs(PROFILE_WRITES.windowMs);
    expect((await patch(ana.cookie, 100)).status).toBe(200);
  });

  it('counts address-book writes too (a refused write stores nothing)', async () => {
    const ana = await createUserWithSession(t);
    for (let n = 0; n < 60; n += 1) {
      const response = await t.request('/api/addresses/999999', { method: 'DELETE', headers: { cookie: ana.cookie } });
      expect(response.status).toBe(404);
    }
    const refused = await t.request('/api/addresses/999999', { method: 'DELETE', headers: { cookie: ana.cookie } });
    expect(refused.status).toBe(429);
  });
});
