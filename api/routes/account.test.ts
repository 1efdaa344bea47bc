/**
 * /api/account (issue 21, QUALITY S8): verification and reset links are single-use, hashed and
 * expire (fixed clock); a reset request answers the same for unknown addresses and is rate limited;
 * a password change ends every other session; sign out everywhere ends them all; the export holds
 * the person's data; deletion anonymises their orders and removes the rest.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  accountSecuritySchema,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  RECENT_SIGN_IN_MS,
  RESET_PASSWORD_TTL_MS,
  VERIFY_EMAIL_TTL_MS,
  type AccountExport,
} from '../../src/shared/schemas/account-security';
import { userResponseSchema } from '../../src/shared/schemas/account';
import { meResponseSchema } from '../../src/shared/schemas/user';
import { createUserWithSession, type TestUser } from '../../tests/setup/auth';
import { queuedMail } from '../../tests/fixtures/queued-mail';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../tests/setup/test-app';
import { firstLocationId, insertAddress, loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';
import { SESSION_COOKIE } from '../lib/sessions';
import { DELETED_CUSTOMER_NAME, deletedEmailOf, RESET_PER_EMAIL } from './account';

const PASSWORD = 'parola-buna-123';
const NEW_PASSWORD = 'alta-parola-456';
const EMAIL = 'ana.popescu@example.ro';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

function sessionCookie(response: Response): string {
  const line = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error('no session cookie was set');
  return line.split(';')[0]!;
}

async function register(email = EMAIL): Promise<{ id: number; cookie: string }> {
  const response = await t.request('/api/auth/register', {
    method: 'POST',
    json: { email, password: PASSWORD, firstName: 'Ana', lastName: 'Popescu', phone: '0722 123 456' },
  });
  expect(response.status).toBe(201);
  const { user } = userResponseSchema.parse(await response.json());
  return { id: user.id, cookie: sessionCookie(response) };
}

async function login(email: string, password: string): Promise<Response> {
  return t.request('/api/auth/login', { method: 'POST', json: { email, password } });
}

async function me(cookie: string) {
  const response = await t.request('/api/auth/me', { headers: { cookie } });
  return meResponseSchema.parse(await response.json()).user;
}

/** The link and token of the last mail to `to` whose link goes to `path`. */
async function linkIn(to: string, path: string): Promise<{ url: URL; token: string }> {
  const mail = (await queuedMail(t)).filter((message) => message.to === to && message.text.includes(path)).at(-1);
  if (!mail) throw new Error(`no mail to ${to} with a ${path} link`);
  const url = new URL(/https?:\/\/\S+/.exec(mail.text.slice(mail.text.indexOf(path) - 40))![0]);
  const token = new URLSearchParams(url.hash.slice(1)).get('token')!;
  return { url, token };
}

function post(path: string, json: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return t.request(path, { method: 'POST', json, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

describe('verify e-mail', () => {
  it('registration mails a single-use link whose token is stored only as a hash; opening it verifies the e-mail', async () => {
    const { id, cookie } = await register();
    const { url, token } = await linkIn(EMAIL, '/verify-email');
    expect(url.origin).toBe(TEST_ORIGIN);
    expect(url.pathname).toBe('/verify-email');
    const stored = await t.deps.store.db.selectFrom('account_tokens').selectAll().where('user_id', '=', id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]!.expires_at).toBe(new Date(t.clock.now().getTime() + VERIFY_EMAIL_TTL_MS).toISOString());

    const security = async () =>
      accountSecuritySchema.parse(await (await t.request('/api/account/security', { headers: { cookie } })).json());
    expect((await security()).emailVerified).toBe(false);
    const verified = await post('/api/account/verify-email', { token });
    expect(verified.status).toBe(200);
    expect((await security()).emailVerified).toBe(true);
    const again = await post('/api/account/verify-email', { token });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('invalid_token');
  });

  it('a link older than 24 hours does not verify', async () => {
    await register();
    const { token } = await linkIn(EMAIL, '/verify-email');
    t.clock.advanceMs(VERIFY_EMAIL_TTL_MS);
    expect((await post('/api/account/verify-email', { token })).status).toBe(400);
    const row = await t.deps.store.db.selectFrom('users').select('email_verified_at').where('email', '=', EMAIL).executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
  });

  it('resend mails a new link, is limited per account, and is refused once verified', async () => {
    const { cookie } = await register();
    const before = (await queuedMail(t)).length;
    expect((await post('/api/account/verify-email/resend', {}, cookie)).status).toBe(200);
    expect((await queuedMail(t)).length).toBe(before + 1);
    for (let i = 0; i < 4; i += 1) await post('/api/account/verify-email/resend', {}, cookie);
    expect((await post('/api/account/verify-email/resend', {}, cookie)).status).toBe(429);
    const { token } = await linkIn(EMAIL, '/verify-email');
    expect((await post('/api/account/verify-email', { token })).status).toBe(200);
    expect((await post('/api/account/verify-email/resend', {}, cookie)).status).toBe(409);
  });
});

describe('password change', () => {
  it('needs the current password; every other session ends, this one stays; the owner is told by mail', async () => {
    const { cookie } = await register();
    const other = sessionCookie(await login(EMAIL, PASSWORD));
    expect(await me(other)).not.toBeNull();

    const wrong = await post('/api/account/password', { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD }, cookie);
    expect(wrong.status).toBe(403);
    expect((await post('/api/account/password', { newPassword: NEW_PASSWORD }, cookie)).status).toBe(400);
    expect(await me(other)).not.toBeNull();

    const changed = await post('/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, cookie);
    expect(changed.status).toBe(204);
    expect(await me(other)).toBeNull();
    expect(await me(cookie)).not.toBeNull();
    expect((await login(EMAIL, PASSWORD)).status).toBe(401);
    expect((await login(EMAIL, NEW_PASSWORD)).status).toBe(200);
    expect((await queuedMail(t)).some((mail) => mail.to === EMAIL && /password was changed/.test(mail.subject))).toBe(true);
  });

  it('an account without a password sets one only within 10 minutes of signing in', async () => {
    const fresh = await createUserWithSession(t);
    const security = accountSecuritySchema.parse(
      await (await t.request('/api/account/security', { headers: { cookie: fresh.cookie } })).json(),
    );
    expect(security).toMatchObject({
      hasPassword: false,
      recentSignInUntil: new Date(t.clock.now().getTime() + RECENT_SIGN_IN_MS).toISOString(),
    });
    expect((await post('/api/account/password', { newPassword: NEW_PASSWORD }, fresh.cookie)).status).toBe(204);
    expect((await login(fresh.email, NEW_PASSWORD)).status).toBe(200);

    const stale = await createUserWithSession(t);
    t.clock.advanceMs(RECENT_SIGN_IN_MS + 1);
    const refused = await post('/api/account/password', { newPassword: NEW_PASSWORD }, stale.cookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('reauthentication_required');
  });
});

describe('password reset by e-mail', () => {
  it('answers the same for an unknown address, and mails nothing then', async () => {
    await register();
    const mailBefore = (await queuedMail(t)).length;
    const unknown = await post('/api/account/password-reset/request', { email: 'nobody@example.ro' });
    const known = await post('/api/account/password-reset/request', { email: EMAIL });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(known.status).toBe(200);
    const mail = await queuedMail(t);
    expect(mail.length).toBe(mailBefore + 1);
    expect(mail.at(-1)!.to).toBe(EMAIL);
    expect(PASSWORD_RESET_REQUESTED_MESSAGE).toMatch(/If an account uses this e-mail/);
  });

  it('is rate limited per e-mail, alike for known and unknown addresses, and per client', async () => {
    await register();
    for (const email of [EMAIL, 'nobody@example.ro']) {
      for (let i = 0; i < RESET_PER_EMAIL.max; i += 1)
        expect((await post('/api/account/password-reset/request', { email })).status).toBe(200);
      const refused = await post('/api/account/password-reset/request', { email });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
    }
    for (let i = 0; i < 20; i += 1) await post('/api/account/password-reset/request', { email: `other${i}@example.ro` });
    expect((await post('/api/account/password-reset/request', { email: 'fresh@example.ro' })).status).toBe(429);
  });

  it('the link sets the password once, verifies the e-mail and ends every session', async () => {
    const { id, cookie } = await register();
    const other = sessionCookie(await login(EMAIL, PASSWORD));
    // A forged Host header does not change where the link points.
    // (The request reaches the app as http://evil.example/…, Origin to match, as a forged Host header makes it.)
    const forged = await post('http://evil.example/api/account/password-reset/request', { email: EMAIL }, undefined, {
      origin: 'http://evil.example',
    });
    expect(forged.status).toBe(200);
    const { url, token } = await linkIn(EMAIL, '/reset-password');
    expect(url.origin).toBe(TEST_ORIGIN);
    const stored = await t.deps.store.db.selectFrom('account_tokens').selectAll().where('purpose', '=', 'reset_password').execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await post('/api/account/password-reset/complete', { token, newPassword: NEW_PASSWORD })).status).toBe(200);
    expect(await me(cookie)).toBeNull();
    expect(await me(other)).toBeNull();
    expect((await login(EMAIL, PASSWORD)).status).toBe(401);
    expect((await login(EMAIL, NEW_PASSWORD)).status).toBe(200);
    const user = await t.deps.store.db.selectFrom('users').select('email_verified_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();

    const reused = await post('/api/account/password-reset/complete', { token, newPassword: 'a-third-password' });
    expect(reused.status).toBe(400);
    expect((await login(EMAIL, 'a-third-password')).status).toBe(401);
  });

  it('a link is dead 30 minutes after it was requested', async () => {
    await register();
    await post('/api/account/password-reset/request', { email: EMAIL });
    const { token } = await linkIn(EMAIL, '/reset-password');
    t.clock.advanceMs(RESET_PASSWORD_TTL_MS);
    expect((await post('/api/account/password-reset/complete', { token, newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await login(EMAIL, PASSWORD)).status).toBe(200);
  });

  it('a link still works just before 30 minutes', async () => {
    await register();
    await post('/api/account/password-reset/request', { email: EMAIL });
    const { token } = await linkIn(EMAIL, '/reset-password');
    t.clock.advanceMs(RESET_PASSWORD_TTL_MS - 1_000);
    expect((await post('/api/account/password-reset/complete', { token, newPassword: NEW_PASSWORD })).status).toBe(200);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the account, this one included', async () => {
    const { cookie } = await register();
    const other = sessionCookie(await login(EMAIL, PASSWORD));
    const bystander = await createUserWithSession(t);
    const response = await post('/api/account/sign-out-everywhere', undefined, cookie);
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(await me(cookie)).toBeNull();
    expect(await me(other)).toBeNull();
    expect(await me(bystander.cookie)).not.toBeNull();
  });
});

async function placeOrders(user: TestUser) {
  const catalogue = await loadCatalogue(t);
  const items = [catalogue.find((item) => item.groups.length === 0)!];
  const addressId = await insertAddress(t, user.id);
  const delivery = await placeOrder(t, user, {
    ...pickupBody(await firstLocationId(t), items),
    items: items.map((item) => ({ menuItemId: item.id, quantity: 10, modifierIds: [] })),
    fulfilment: { type: 'delivery', addressId },
    notes: 'Fără ceapă, vă rog',
  });
  return { delivery, addressId };
}

describe('export', () => {
  it('downloads the profile, addresses and orders as JSON, never cached', async () => {
    const user = await createUserWithSession(t, { firstName: 'Ioana' });
    const { delivery } = await placeOrders(user);
    await createUserWithSession(t, { firstName: 'Someone' });
    const response = await t.request('/api/account/export', { headers: { cookie: user.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="my-account-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = (await response.json()) as AccountExport;
    expect(body.profile).toMatchObject({ email: user.email, firstName: 'Ioana', phone: '0722000000' });
    expect(body.addresses.map((address) => address.streetAddress)).toEqual(['Strada Mihai Bravu 10']);
    expect(body.orders.map((order) => order.orderNumber)).toEqual([delivery.orderNumber]);
    expect(JSON.stringify(body)).not.toContain('Someone');
  });
});

describe('account deletion', () => {
  it('needs an explicit yes and the password', async () => {
    const { cookie } = await register();
    expect((await post('/api/account/delete', { password: PASSWORD }, cookie)).status).toBe(400);
    expect((await post('/api/account/delete', { confirm: true }, cookie)).status).toBe(400);
    expect((await post('/api/account/delete', { confirm: true, password: 'wrong-password' }, cookie)).status).toBe(403);
    expect(await me(cookie)).not.toBeNull();
  });

  it('a password-less account needs a sign-in within 10 minutes', async () => {
    const user = await createUserWithSession(t);
    t.clock.advanceMs(RECENT_SIGN_IN_MS + 1);
    expect((await post('/api/account/delete', { confirm: true }, user.cookie)).status).toBe(403);
    expect(await me(user.cookie)).not.toBeNull();
  });

  it('waits while an order is on its way', async () => {
    const user = await createUserWithSession(t);
    await placeOrders(user);
    const refused = await post('/api/account/delete', { confirm: true }, user.cookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('open_orders');
  });

  it('keeps orders with the personal fields anonymised and deletes addresses, sessions, identities and tokens', async () => {
    const { id, cookie } = await register();
    const user: TestUser = { id, email: EMAIL, cookie };
    const { delivery } = await placeOrders(user);
    const db = t.deps.store.db;
    await db.updateTable('orders').set({ status: 'delivered' }).where('order_number', '=', delivery.orderNumber).execute();
    await db
      .insertInto('user_identities')
      .values({ provider: 'google', subject: 'g-123', user_id: id, email: EMAIL, created_at: t.clock.now().toISOString() })
      .execute();
    const other = sessionCookie(await login(EMAIL, PASSWORD));

    const response = await post('/api/account/delete', { confirm: true, password: PASSWORD }, cookie);
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);

    const order = await db.selectFrom('orders').selectAll().where('order_number', '=', delivery.orderNumber).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      customer_id: id,
      customer_name: DELETED_CUSTOMER_NAME,
      customer_first_name: null,
      customer_last_name: null,
      customer_email: deletedEmailOf(id),
      customer_phone: '',
      delivery_address: null,
      delivery_details: null,
      delivery_instructions: null,
      delivery_latitude: null,
      delivery_longitude: null,
      customer_notes: null,
      total_bani: delivery.totalBani,
    });
    expect(JSON.stringify(order)).not.toMatch(/Ana|Popescu|Mihai Bravu|0722|ana\.popescu|ceapă/);
    expect(await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute()).not.toHaveLength(0);

    for (const table of ['customer_addresses'] as const) {
      expect(await db.selectFrom(table).selectAll().where('customer_id', '=', id).execute()).toEqual([]);
    }
    for (const table of ['sessions', 'user_identities', 'account_tokens', 'trusted_devices'] as const) {
      expect(await db.selectFrom(table).selectAll().where('user_id', '=', id).execute(), table).toEqual([]);
    }
    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'deleted',
      password_hash: null,
      first_name: '',
      last_name: '',
      phone: null,
      email: deletedEmailOf(id),
    });
    expect(JSON.stringify(await db.selectFrom('idempotency_keys').selectAll().execute())).not.toContain('Popescu');
    expect(JSON.stringify(await db.selectFrom('outbox').selectAll().where('status', '=', 'pending').execute())).not.toContain(EMAIL);

    expect(await me(cookie)).toBeNull();
    expect(await me(other)).toBeNull();
    expect((await login(EMAIL, PASSWORD)).status).toBe(401);
    // The address is free for a new account.
    await register();
  });
});
