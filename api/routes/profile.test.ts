import { randomUUID } from 'node:crypto';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { userResponseSchema } from '../../src/shared/schemas/account';
import { apiErrorSchema } from '../../src/shared/schemas/common';
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

function patchProfile(body: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return t.request('/api/profile', { method: 'PATCH', json: body, headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

describe('PATCH /api/profile', () => {
  it('updates first name, last name and phone of the signed-in person; the e-mail stays', async () => {
    const ana = await createUserWithSession(t, { email: 'ana@example.ro', firstName: 'Ana' });
    const response = await patchProfile(
      { firstName: 'Ana-Maria', lastName: 'Ionescu', phone: '0744 555 666', email: 'hijack@example.ro' },
      ana.cookie,
    );
    expect(response.status).toBe(200);
    const { user } = userResponseSchema.parse(await response.json());
    expect(user).toMatchObject({ id: ana.id, email: 'ana@example.ro', firstName: 'Ana-Maria', lastName: 'Ionescu', phone: '0744 555 666' });
    const row = await t.deps.store.db.selectFrom('users').selectAll().where('id', '=', ana.id).executeTakeFirstOrThrow();
    expect(row.email).toBe('ana@example.ro');
    expect(row.first_name).toBe('Ana-Maria');
    // GET /api/auth/me reflects the change.
    const me = await (await t.request('/api/auth/me', { headers: { cookie: ana.cookie } })).json();
    expect(me).toMatchObject({ user: { firstName: 'Ana-Maria', phone: '0744 555 666' } });
  });

  it('clears the phone when it is sent empty', async () => {
    const ana = await createUserWithSession(t);
    const { user } = userResponseSchema.parse(
      await (await patchProfile({ firstName: 'Ana', lastName: 'Pop', phone: '' }, ana.cookie)).json(),
    );
    expect(user.phone).toBeNull();
  });

  it("never touches another person's data", async () => {
    const ana = await createUserWithSession(t, { firstName: 'Ana' });
    const bogdan = await createUserWithSession(t, { firstName: 'Bogdan' });
    await patchProfile({ firstName: 'Changed', lastName: 'Changed', phone: null, id: bogdan.id }, ana.cookie);
    const row = await t.deps.store.db.selectFrom('users').selectAll().where('id', '=', bogdan.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Bogdan', last_name: 'Test', phone: '0722000000', email: bogdan.email });
  });

  it('answers 401 to a guest and changes nothing', async () => {
    const response = await patchProfile({ firstName: 'X', lastName: 'Y', phone: null });
    expect(response.status).toBe(401);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe('unauthenticated');
  });

  it.each([
    ['an empty first name', { firstName: '', lastName: 'Pop', phone: null }],
    ['a missing last name', { firstName: 'Ana', phone: null }],
    ['wrong types', { firstName: ['Ana'], lastName: { x: 1 }, phone: 7 }],
    ['an oversized name', { firstName: 'A'.repeat(10_000), lastName: 'Pop', phone: null }],
    ['null', null],
  ])('answers 400, never 500, for %s and changes nothing', async (_label, body) => {
    const ana = await createUserWithSession(t, { firstName: 'Ana' });
    const response = await patchProfile(body, ana.cookie);
    expect(response.status).toBe(400);
    const row = await t.deps.store.db.selectFrom('users').selectAll().where('id', '=', ana.id).executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Ana');
  });

  it('refuses a cross-origin or text/plain update (CSRF)', async () => {
    const ana = await createUserWithSession(t, { firstName: 'Ana' });
    const cross = await patchProfile({ firstName: 'Evil', lastName: 'Evil', phone: null }, ana.cookie, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const plain = await t.request('/api/profile', {
      method: 'PATCH',
      body: JSON.stringify({ firstName: 'Evil', lastName: 'Evil', phone: null }),
      headers: { cookie: ana.cookie, 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    const row = await t.deps.store.db.selectFrom('users').selectAll().where('id', '=', ana.id).executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Ana');
  });
});

describe('GET /api/profile', () => {
  it('answers the signed-in person and 401 for guests', async () => {
    const ana = await createUserWithSession(t, { email: 'ana2@example.ro' });
    const response = await t.request('/api/profile', { headers: { cookie: ana.cookie } });
    expect(userResponseSchema.parse(await response.json()).user.email).toBe('ana2@example.ro');
    expect((await t.request('/api/profile')).status).toBe(401);
  });
});

describe('PATCH /api/profile with an Idempotency-Key (an edit queued offline)', () => {
  it('applies once and replays the first answer, even after a later edit', async () => {
    const ana = await createUserWithSession(t);
    const key = randomUUID();
    const first = await patchProfile({ firstName: 'Ioana', lastName: 'Pop', phone: '0722000000' }, ana.cookie, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect((await patchProfile({ firstName: 'Maria', lastName: 'Pop', phone: '0722000000' }, ana.cookie)).status).toBe(200);
    const replay = await patchProfile({ firstName: 'Ioana', lastName: 'Pop', phone: '0722000000' }, ana.cookie, { 'Idempotency-Key': key });
    expect(userResponseSchema.parse(await replay.json()).user.firstName).toBe('Ioana');
    // The replay changed nothing: the later edit stands.
    const me = await t.request('/api/profile', { headers: { cookie: ana.cookie } });
    expect(userResponseSchema.parse(await me.json()).user.firstName).toBe('Maria');
  });
});
