/**
 * /api/admin/staff in-process (issue 22, docs/decisions/0146-manager-accounts-invited-by-mail.md):
 * the manager accounts listed; a manager invited for one kitchen gets an account without a password
 * and a mail whose single-use link sets it, then signs in and sees only that kitchen's board; an
 * e-mail that already has an account is refused 409 and never promoted; removal ends the account's
 * sessions, its pending link and its open board stream; never one's own account, never the
 * configured one, never the last manager of every kitchen; a location-limited manager gets 403 on
 * all of it.
 */
import { randomUUID } from 'node:crypto';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { boardResponseSchema } from '../../src/shared/schemas/admin';
import { staffListResponseSchema, staffMemberResponseSchema, STAFF_INVITE_TTL_MS } from '../../src/shared/schemas/staff';
import { meResponseSchema } from '../../src/shared/schemas/user';
import { queuedMail } from '../../tests/fixtures/queued-mail';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import { sseReader } from '../../tests/setup/sse-reader';
import { storeSnapshot } from '../../tests/setup/store-snapshot';
import type { TestApp } from '../../tests/setup/test-app';
import type { StoreLeg } from '../../tests/setup/store-legs';
import { createLegApp, postgresLegRuns } from '../../tests/setup/store-legs';
import { linkOrigin } from '../accounts/tokens';
import { hashPassword } from '../lib/password';
import { createSession, SESSION_COOKIE } from '../lib/sessions';

const OWNER_EMAIL = 'owner@casagratarului.ro';
const OWNER_PASSWORD = 'owner-password-123';
const NEW_PASSWORD = 'parola-noua-789';

let t: TestApp;
/** The account ADMIN_EMAIL names, signed in: a manager of every kitchen with a password. */
let owner: TestUser;
let north: number;
let centre: number;

/** The app every test talks to (SQLite; DATABASE_URL for the PostgreSQL leg), its owner signed in. */
async function openApp(leg: StoreLeg = 'sqlite'): Promise<void> {
  t = await createLegApp(leg, 'admin_staff', { env: { ADMIN_EMAIL: OWNER_EMAIL, ADMIN_PASSWORD: OWNER_PASSWORD } });
  const db = t.deps.store.db;
  const row = await db.selectFrom('users').select('id').where('email', '=', OWNER_EMAIL).executeTakeFirstOrThrow();
  const session = await createSession(db, t.deps.clock, row.id);
  owner = { id: row.id, email: OWNER_EMAIL, cookie: `${SESSION_COOKIE}=${session.token}` };
  const locations = await db.selectFrom('locations').select('id').orderBy('sort_order').orderBy('id').execute();
  north = locations[0]!.id;
  centre = locations[1]!.id;
}
beforeEach(() => openApp());
afterEach(async () => {
  await t.close();
});

const as = (who: TestUser, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string> | undefined), cookie: who.cookie },
});
const invite = (body: unknown, who: TestUser = owner, headers: Record<string, string> = {}) =>
  t.request('/api/admin/staff', as(who, { method: 'POST', json: body, headers }));
const remove = (userId: number, who: TestUser = owner) => t.request(`/api/admin/staff/${userId}`, as(who, { method: 'DELETE' }));
const limit = (userId: number, locationId: number | null, who: TestUser = owner) =>
  t.request(`/api/admin/staff/${userId}/location`, as(who, { method: 'PUT', json: { locationId } }));
const resend = (userId: number, who: TestUser = owner) =>
  t.request(`/api/admin/staff/${userId}/invitation`, as(who, { method: 'POST', json: {} }));

async function staffList(who: TestUser = owner) {
  const response = await t.request('/api/admin/staff', as(who));
  expect(response.status, await response.clone().text()).toBe(200);
  return staffListResponseSchema.parse(await response.json()).staff;
}

/** The token of the newest mail to `to` with a set-password link. */
async function tokenMailedTo(to: string): Promise<string> {
  const mail = (await queuedMail(t)).filter((message) => message.to === to && message.text.includes('/reset-password#token=')).at(-1);
  if (!mail) throw new Error(`no set-password mail to ${to}`);
  return /#token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
}

const setPassword = (token: string) =>
  t.request('/api/account/password-reset/complete', { method: 'POST', json: { token, newPassword: NEW_PASSWORD } });
const login = (email: string, password: string) => t.request('/api/auth/login', { method: 'POST', json: { email, password } });

function cookieOf(response: Response): string {
  const line = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`))!;
  return line.split(';')[0]!;
}

/** A manager of every kitchen made directly in the store, with a password (so they count as one who can sign in). */
async function anotherAllKitchensManager(): Promise<TestUser> {
  const manager = await createUserWithSession(t, { role: 'admin' });
  await t.deps.store.db
    .updateTable('users')
    .set({ password_hash: await hashPassword('another-password-1') })
    .where('id', '=', manager.id)
    .execute();
  return manager;
}

describe('inviting a manager', () => {
  it('makes an account without a password for one kitchen and mails a 7-day single-use link that sets it; the invitee then manages that kitchen only', async () => {
    const response = await invite({ email: ' Ioana.Marin@Example.RO ', firstName: 'Ioana', lastName: 'Marin', locationId: centre });
    expect(response.status, await response.clone().text()).toBe(201);
    const { member } = staffMemberResponseSchema.parse(await response.json());
    expect(member).toMatchObject({
      email: 'ioana.marin@example.ro',
      firstName: 'Ioana',
      lastName: 'Marin',
      locationId: centre,
      passwordSet: false,
      setByConfiguration: false,
    });
    const row = await t.deps.store.db.selectFrom('users').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'admin', password_hash: null, manager_location_id: centre });

    // The mail, word for word (the token aside), and its link's token stored only as a hash, for 7 days.
    const mails = (await queuedMail(t)).filter((mail) => mail.to === 'ioana.marin@example.ro');
    expect(mails).toHaveLength(1);
    const token = await tokenMailedTo('ioana.marin@example.ro');
    const origin = linkOrigin(t.deps.env);
    expect(mails[0]!.subject).toBe('You are invited to manage Casa Grătarului');
    expect(mails[0]!.text).toBe(
      [
        'Hello Ioana,',
        '',
        'Manager Restaurant invited you to manage orders for the Casa Grătarului Centru kitchen of Casa Grătarului. ' +
          'To choose your password, open this link (it works for 7 days, once):',
        '',
        `${origin}/reset-password#token=${token}`,
        '',
        `Then sign in at ${origin} with this e-mail address and open ${origin}/admin. ` +
          'If you did not expect this invitation, ignore this message: nobody can sign in to the account without that password.',
        '',
        'Casa Grătarului',
      ].join('\n'),
    );
    expect(mails[0]!.html).toContain(`<a href="${origin}/reset-password#token=${token}">Choose my password</a>`);
    const tokens = await t.deps.store.db.selectFrom('account_tokens').selectAll().where('user_id', '=', member.id).execute();
    expect(tokens).toHaveLength(1);
    expect(JSON.stringify(tokens)).not.toContain(token);
    expect(new Date(tokens[0]!.expires_at).getTime() - t.deps.clock.now().getTime()).toBe(STAFF_INVITE_TTL_MS);

    // No password yet: no sign-in.
    expect((await login('ioana.marin@example.ro', NEW_PASSWORD)).status).toBe(401);
    expect((await setPassword(token)).status).toBe(200);
    expect((await setPassword(token)).status, 'the link works once').toBe(400);
    const signedIn = await login('ioana.marin@example.ro', NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    const invitee: TestUser = { id: member.id, email: member.email, cookie: cookieOf(signedIn) };
    const me = meResponseSchema.parse(await (await t.request('/api/auth/me', as(invitee))).json());
    expect(me.user?.role).toBe('admin');
    const board = boardResponseSchema.parse(await (await t.request('/api/admin/board', as(invitee))).json());
    expect(board.managerLocationId).toBe(centre);
    expect((await staffList()).find((m) => m.id === member.id)?.passwordSet).toBe(true);
  });

  it('invites a manager of every kitchen; the mail says so', async () => {
    const response = await invite({ email: 'radu@example.ro', firstName: 'Radu', lastName: 'Ene', locationId: null });
    expect(response.status).toBe(201);
    expect(staffMemberResponseSchema.parse(await response.json()).member.locationId).toBeNull();
    const mail = (await queuedMail(t)).find((message) => message.to === 'radu@example.ro')!;
    expect(mail.text).toContain('invited you to manage orders for every kitchen of Casa Grătarului.');
  });

  it('refuses an e-mail that already has an account with 409, whatever its case, and never promotes a customer', async () => {
    const customer = await createUserWithSession(t, { email: 'ana.popescu@example.ro' });
    const before = await storeSnapshot(t);
    const taken = await invite({ email: 'ANA.Popescu@example.ro', firstName: 'Ana', lastName: 'Popescu', locationId: north });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: { code: string; message: string } }).error).toEqual({
      status: 409,
      code: 'email_taken',
      message: 'This e-mail already has a customer account. A customer account is never made a manager: invite another e-mail address.',
    });
    const manager = await invite({ email: OWNER_EMAIL, firstName: 'O', lastName: 'W', locationId: null });
    expect(manager.status).toBe(409);
    expect(((await manager.json()) as { error: { message: string } }).error.message).toBe('This e-mail is already a manager account.');
    expect(await storeSnapshot(t), 'no account, token or mail changed').toEqual(before);
    const row = await t.deps.store.db.selectFrom('users').select('role').where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('customer');
  });

  it('refuses bad input with 400 naming the field, and an unknown kitchen with 422, storing nothing', async () => {
    const before = await storeSnapshot(t);
    const noKitchen = await invite({ email: 'x@example.ro', firstName: 'X', lastName: 'Y' });
    expect(noKitchen.status).toBe(400);
    expect(JSON.stringify(await noKitchen.json())).toContain('locationId');
    expect((await invite({ email: 'not an e-mail', firstName: 'X', lastName: 'Y', locationId: null })).status).toBe(400);
    expect((await invite({ email: 'x@example.ro', firstName: ' ', lastName: 'Y', locationId: null })).status).toBe(400);
    const unknown = await invite({ email: 'x@example.ro', firstName: 'X', lastName: 'Y', locationId: 999_999 });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('location_not_found');
    expect(await storeSnapshot(t)).toEqual(before);
  });

  it('replays a retried invitation with the same Idempotency-Key: one account, one mail', async () => {
    const key = randomUUID();
    const body = { email: 'mihai@example.ro', firstName: 'Mihai', lastName: 'Dinu', locationId: north };
    const first = await invite(body, owner, { 'Idempotency-Key': key });
    const retry = await invite(body, owner, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(await first.json());
    expect((await queuedMail(t)).filter((mail) => mail.to === 'mihai@example.ro')).toHaveLength(1);
    const other = await invite({ ...body, email: 'alt@example.ro' }, owner, { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('idempotency_conflict');
  });

  it('sends a new link to an invitee who has not set a password (the old one stops working), and refuses once one is set', async () => {
    const { member } = staffMemberResponseSchema.parse(
      await (await invite({ email: 'dana@example.ro', firstName: 'Dana', lastName: 'Pop', locationId: north })).json(),
    );
    const oldToken = await tokenMailedTo('dana@example.ro');
    expect((await resend(member.id)).status).toBe(200);
    const newToken = await tokenMailedTo('dana@example.ro');
    expect(newToken).not.toBe(oldToken);
    expect((await setPassword(oldToken)).status).toBe(400);
    expect((await setPassword(newToken)).status).toBe(200);
    const again = await resend(member.id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('password_already_set');
    const customer = await createUserWithSession(t);
    expect((await resend(customer.id)).status).toBe(404);
  });
});

describe('the list', () => {
  it('lists every manager account with its kitchen, whether it has a password, and which one the configuration names', async () => {
    const { member } = staffMemberResponseSchema.parse(
      await (await invite({ email: 'ioana@example.ro', firstName: 'Ioana', lastName: 'Marin', locationId: centre })).json(),
    );
    await createUserWithSession(t, { email: 'just-a-customer@example.ro' });
    const staff = await staffList();
    expect(staff.map((m) => m.email)).toEqual([OWNER_EMAIL, 'ioana@example.ro']);
    expect(staff[0]).toMatchObject({ id: owner.id, locationId: null, passwordSet: true, setByConfiguration: true });
    expect(staff[1]).toMatchObject({ id: member.id, locationId: centre, passwordSet: false, setByConfiguration: false });
    expect(staff[1]!.createdAt).toBe(t.deps.clock.now().toISOString());
  });
});

describe('removing a manager', () => {
  it('ends their manager access, their sessions and their pending link; they leave the list', async () => {
    const { member } = staffMemberResponseSchema.parse(
      await (await invite({ email: 'ioana@example.ro', firstName: 'Ioana', lastName: 'Marin', locationId: centre })).json(),
    );
    const pending = await tokenMailedTo('ioana@example.ro');
    const session = await createSession(t.deps.store.db, t.deps.clock, member.id);
    const invitee: TestUser = { id: member.id, email: member.email, cookie: `${SESSION_COOKIE}=${session.token}` };
    expect((await t.request('/api/admin/board', as(invitee))).status).toBe(200);

    const response = await remove(member.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ userId: member.id });
    expect((await t.request('/api/admin/board', as(invitee))).status, 'the session ended').toBe(401);
    expect((await setPassword(pending)).status, 'the invitation link stopped working').toBe(400);
    const row = await t.deps.store.db.selectFrom('users').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'customer', password_hash: null, manager_location_id: null });
    expect((await staffList()).map((m) => m.id)).not.toContain(member.id);
    expect((await remove(member.id)).status, 'no longer a manager').toBe(404);
  });

  it('can invite a removed manager again: the same account is a manager once more, reachable only through the new link', async () => {
    const { member } = staffMemberResponseSchema.parse(
      await (await invite({ email: 'ioana@example.ro', firstName: 'Ioana', lastName: 'Marin', locationId: centre })).json(),
    );
    expect((await setPassword(await tokenMailedTo('ioana@example.ro'))).status).toBe(200);
    expect((await remove(member.id)).status).toBe(200);
    // Meanwhile the former manager set a customer password through "Forgot password?" and signed in.
    const customerPassword = 'parola-de-client-1';
    await t.deps.store.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(customerPassword) })
      .where('id', '=', member.id)
      .execute();
    const customerSession = cookieOf(await login('ioana@example.ro', customerPassword));
    expect((await (await t.request('/api/auth/me', { headers: { cookie: customerSession } })).json()).user).toMatchObject({
      role: 'customer',
    });
    const mailsBefore = (await queuedMail(t)).length;

    const again = await invite({ email: 'IOANA@example.ro', firstName: 'Ioana', lastName: 'Marin-Pop', locationId: null });
    expect(again.status, await again.clone().text()).toBe(201);
    const reinstated = staffMemberResponseSchema.parse(await again.json()).member;
    expect(reinstated).toMatchObject({ id: member.id, lastName: 'Marin-Pop', locationId: null, passwordSet: false });
    expect((await staffList()).map((m) => m.id)).toContain(member.id);
    expect((await queuedMail(t)).length).toBe(mailsBefore + 1);
    // The customer password and session are gone: only the invitation's link opens the account.
    expect((await login('ioana@example.ro', customerPassword)).status).toBe(401);
    expect(await (await t.request('/api/auth/me', { headers: { cookie: customerSession } })).json()).toEqual({ user: null });
    expect((await setPassword(await tokenMailedTo('ioana@example.ro'))).status).toBe(200);
    const manager = cookieOf(await login('ioana@example.ro', NEW_PASSWORD));
    expect((await t.request('/api/admin/board', { headers: { cookie: manager } })).status).toBe(200);
    // Invited again while a manager: refused as any manager's e-mail is.
    expect((await invite({ email: 'ioana@example.ro', firstName: 'Ioana', lastName: 'Marin', locationId: centre })).status).toBe(409);
  });

  it('closes the removed manager’s open board stream, and a manager’s whose kitchen changed (the board reconnects with the new rights)', async () => {
    const removed = await anotherAllKitchensManager();
    const moved = await anotherAllKitchensManager();
    const removedStream = sseReader(await t.request('/api/admin/events', as(removed)));
    const movedStream = sseReader(await t.request('/api/admin/events', as(moved)));
    await removedStream.until(/: connected/);
    await movedStream.until(/: connected/);
    expect((await remove(removed.id)).status).toBe(200);
    expect((await limit(moved.id, centre)).status).toBe(200);
    // Nothing else ends these streams: heartbeats alone would keep them open for good.
    await expect(removedStream.until(/event: never-sent/)).rejects.toThrow('stream ended');
    await expect(movedStream.until(/event: never-sent/)).rejects.toThrow('stream ended');
    expect((await t.request('/api/admin/events', as(removed))).status).toBe(401);
  });

  it('never removes one’s own account, the one ADMIN_EMAIL names, a customer or an unknown id', async () => {
    const other = await anotherAllKitchensManager();
    const before = await storeSnapshot(t);
    const own = await remove(owner.id);
    expect(own.status).toBe(422);
    expect(((await own.json()) as { error: { code: string } }).error.code).toBe('own_account');
    const configured = await remove(owner.id, other);
    expect(configured.status).toBe(422);
    expect(((await configured.json()) as { error: { code: string } }).error.code).toBe('configured_manager');
    const customer = await createUserWithSession(t);
    const afterCustomer = await storeSnapshot(t);
    expect((await remove(customer.id)).status).toBe(404);
    expect((await remove(999_999)).status).toBe(404);
    expect((await remove(0)).status).toBe(400);
    expect(await storeSnapshot(t)).toEqual(afterCustomer);
    expect(before).not.toEqual(afterCustomer);
  });

  // The owner works for one kitchen: `a` and `b` are the only managers of every kitchen, and each acts on the other at once.
  async function twoManagersOfEveryKitchen(): Promise<[TestUser, TestUser]> {
    await t.deps.store.db.updateTable('users').set({ manager_location_id: north }).where('id', '=', owner.id).execute();
    return [await anotherAllKitchensManager(), await anotherAllKitchensManager()];
  }
  async function managersOfEveryKitchen(): Promise<number> {
    const rows = await t.deps.store.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('manager_location_id', 'is', null)
      .execute();
    return rows.length;
  }

  it('never leaves no manager of every kitchen, even when the last two remove each other at once', async () => {
    const [a, b] = await twoManagersOfEveryKitchen();
    const statuses = (await Promise.all([remove(b.id, a), remove(a.id, b)])).map((response) => response.status).sort();
    // One wins; the other is refused by the guard (422), or finds its own session already ended (401).
    expect(statuses[0]).toBe(200);
    expect([401, 422]).toContain(statuses[1]);
    expect(await managersOfEveryKitchen()).toBe(1);
  });

  it('never leaves no manager of every kitchen, even when the last two limit each other to a kitchen at once', async () => {
    const [a, b] = await twoManagersOfEveryKitchen();
    const statuses = (await Promise.all([limit(b.id, centre, a), limit(a.id, centre, b)])).map((response) => response.status).sort();
    // One wins; the other is refused by the guard (422), or is already limited itself when its request is read (403).
    expect(statuses[0]).toBe(200);
    expect([403, 422]).toContain(statuses[1]);
    expect(await managersOfEveryKitchen()).toBe(1);
  });
});

describe('a location-limited manager', () => {
  it('gets 403 on every staff route, whatever the body, and changes nothing', async () => {
    const limitedManager = await anotherAllKitchensManager();
    expect((await limit(limitedManager.id, north)).status).toBe(200);
    const before = await storeSnapshot(t);
    const refused = [
      await t.request('/api/admin/staff', as(limitedManager)),
      await invite({ email: 'x@example.ro', firstName: 'X', lastName: 'Y', locationId: north }, limitedManager),
      await invite({}, limitedManager),
      await remove(owner.id, limitedManager),
      await limit(owner.id, north, limitedManager),
      await resend(owner.id, limitedManager),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('all_kitchens_only');
    }
    expect(await storeSnapshot(t)).toEqual(before);
  });
});

describe.runIf(postgresLegRuns('api/routes/admin-staff.test.ts'))('on PostgreSQL', () => {
  it('invites once when two invitations for one e-mail arrive at once, and keeps the last manager of every kitchen when the last two remove each other at once (their rows locked)', async () => {
    await t.close();
    await openApp('postgres');
    try {
      const body = { email: 'dublu@example.ro', firstName: 'Ana', lastName: 'Dublu', locationId: centre };
      // Both pass the check before either inserts: the unique e-mail index decides, the loser gets 409.
      const statuses = (await Promise.all([invite(body), invite(body)])).map((response) => response.status).sort();
      expect(statuses).toEqual([201, 409]);
      expect((await staffList()).filter((member) => member.email === 'dublu@example.ro')).toHaveLength(1);
      expect((await queuedMail(t)).filter((mail) => mail.to === 'dublu@example.ro')).toHaveLength(1);

      await t.deps.store.db.updateTable('users').set({ manager_location_id: north }).where('id', '=', owner.id).execute();
      const a = await anotherAllKitchensManager();
      const b = await anotherAllKitchensManager();
      const removals = (await Promise.all([remove(b.id, a), remove(a.id, b)])).map((response) => response.status).sort();
      expect(removals[0]).toBe(200);
      expect([401, 422]).toContain(removals[1]);
      const everyKitchen = await t.deps.store.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('manager_location_id', 'is', null)
        .execute();
      expect(everyKitchen).toHaveLength(1);
    } finally {
      await t.close();
      // afterEach closes `t` again: give it a fresh SQLite app to close.
      await openApp();
    }
  });
});
