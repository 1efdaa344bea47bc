/**
 * Issue 21, defect 7 (server half): a queued write names its owner in X-Outbox-Owner and is applied
 * only under that owner's session; under another person's session it is refused (409) and changes
 * nothing, without one it is a 401 (the owner signs in again).
 */
import { randomUUID } from 'node:crypto';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { apiErrorSchema } from '../../src/shared/schemas/common';
import { OUTBOX_OWNER_HEADER, SESSION_USER_CHANGED_CODE } from '../../src/shared/outbox-owner';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

function queuedProfileChange(owner: string, cookie?: string) {
  return t.request('/api/profile', {
    method: 'PATCH',
    json: { firstName: 'Queued', lastName: 'Change', phone: '' },
    headers: { 'Idempotency-Key': randomUUID(), [OUTBOX_OWNER_HEADER]: owner, ...(cookie ? { cookie } : {}) },
  });
}

async function firstNameOf(id: number): Promise<string> {
  const row = await t.deps.store.db.selectFrom('users').select('first_name').where('id', '=', id).executeTakeFirstOrThrow();
  return row.first_name;
}

describe('X-Outbox-Owner', () => {
  it("a write queued by one person is refused under another person's session and changes nothing", async () => {
    const ana = await createUserWithSession(t, { email: 'ana@example.ro', firstName: 'Ana' });
    const bogdan = await createUserWithSession(t, { email: 'bogdan@example.ro', firstName: 'Bogdan' });
    const response = await queuedProfileChange(String(ana.id), bogdan.cookie);
    expect(response.status).toBe(409);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe(SESSION_USER_CHANGED_CODE);
    expect(await firstNameOf(bogdan.id)).toBe('Bogdan');
    expect(await firstNameOf(ana.id)).toBe('Ana');
  });

  it("is applied under its owner's session", async () => {
    const ana = await createUserWithSession(t, { email: 'ana@example.ro', firstName: 'Ana' });
    const response = await queuedProfileChange(String(ana.id), ana.cookie);
    expect(response.status).toBe(200);
    expect(await firstNameOf(ana.id)).toBe('Queued');
  });

  it('without a session it is a 401 (the owner signs in again)', async () => {
    const ana = await createUserWithSession(t, { email: 'ana@example.ro', firstName: 'Ana' });
    const response = await queuedProfileChange(String(ana.id));
    expect(response.status).toBe(401);
    expect(await firstNameOf(ana.id)).toBe('Ana');
  });

  it('a header that is not a user id is a 400 in the one error shape', async () => {
    const ana = await createUserWithSession(t, { email: 'ana@example.ro', firstName: 'Ana' });
    for (const bad of ['abc', '0', '-1', '1.5', ' ', `${ana.id}x`]) {
      const response = await queuedProfileChange(bad, ana.cookie);
      expect(response.status, bad).toBe(400);
      expect(apiErrorSchema.parse(await response.json()).error.code).toBe('invalid_outbox_owner');
    }
    expect(await firstNameOf(ana.id)).toBe('Ana');
  });
});
