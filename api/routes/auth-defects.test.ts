/**
 * Issue 21's account defects (QUALITY S8), one test each, named after the defect: identity linking
 * with Directus, the login lockout, IPv6 clients and the password-hashing cap. Google's linking and
 * pre-hijacking tests sit with the other Google tests in auth.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { userResponseSchema } from '../../src/shared/schemas/account';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import type { CmsAccounts, DirectusUser } from '../integrations/identity/directus-accounts';
import { createDirectusAccountDirectory } from '../integrations/identity/directus-directory';
import {
  LOGIN_ACCOUNT_FAILURES,
  LOGIN_FREE_FAILURES_PER_CLIENT,
  loginDelayMs,
  LOGIN_DELAY_MAX_MS,
  TRUSTED_DEVICE_COOKIE,
} from '../lib/login-throttle';
import { hashPassword, passwordHashLoad, PASSWORD_HASH_CONCURRENCY, verifyPassword } from '../lib/password';
import { clientNetwork, hitRateLimit } from '../lib/rate-limit';
import { SESSION_COOKIE } from '../lib/sessions';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const PASSWORD = 'parola-buna-123';

function cookieOf(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(';')[0];
}

function login(email: string, password: string, headers: Record<string, string> = {}) {
  return t.request('/api/auth/login', { method: 'POST', json: { email, password }, headers });
}

/**
 * A Directus stand-in for the accounts port: whoever registers an e-mail there may sign in with the
 * password they chose, as on a Directus with open registration (the attack of defect 1).
 */
function fakeDirectusAccounts(): CmsAccounts & { users: Map<string, { user: DirectusUser; password: string }> } {
  const users = new Map<string, { user: DirectusUser; password: string }>();
  let sessions = 0;
  return {
    users,
    login(email, password) {
      const entry = users.get(email);
      if (!entry || entry.password !== password) return Promise.resolve(null);
      sessions += 1;
      return Promise.resolve({ user: entry.user, session: `directus-session-${sessions}` });
    },
    register(input) {
      if (!users.has(input.email)) {
        users.set(input.email, {
          password: input.password,
          user: { id: `d-${users.size + 1}`, email: input.email, first_name: input.firstName, last_name: input.lastName, status: 'active' },
        });
      }
      return Promise.resolve();
    },
    logout: () => Promise.resolve(),
    updateMe: () => Promise.resolve(),
  };
}

describe('defect 1: identity linking with CMS=directus', () => {
  let directus: ReturnType<typeof fakeDirectusAccounts>;
  beforeEach(async () => {
    t = await createTestApp();
    directus = fakeDirectusAccounts();
    t.deps.accountDirectory = createDirectusAccountDirectory({
      accounts: directus,
      addresses: null,
      store: t.deps.store,
      clock: t.clock,
      logger: t.deps.logger,
    });
  });

  it("a stranger who registers the manager's e-mail in Directus does not become the manager", async () => {
    const manager = await createUserWithSession(t, { role: 'admin', email: 'manager@example.ro' });
    await t.deps.store.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('the-managers-own-password') })
      .where('id', '=', manager.id)
      .execute();
    await directus.register({ email: 'manager@example.ro', password: 'strangers-password', firstName: 'M', lastName: 'X', phone: null });

    const response = await login('manager@example.ro', 'strangers-password');
    expect(response.status).toBe(401);
    expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
    expect(await t.deps.store.db.selectFrom('user_identities').selectAll().execute()).toHaveLength(0);
    // The manager's own password, checked locally before Directus is asked, still works.
    const own = await login('manager@example.ro', 'the-managers-own-password');
    expect(own.status).toBe(200);
    expect(userResponseSchema.parse(await own.json()).user.role).toBe('admin');
  });

  it("a Directus user never attaches to a customer account of ours without that account's password", async () => {
    const ours = await createUserWithSession(t, { email: 'ana@example.ro' });
    await t.deps.store.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', ours.id)
      .execute();
    await directus.register({ email: 'ana@example.ro', password: 'another-password', firstName: 'Eve', lastName: 'X', phone: null });

    expect((await login('ana@example.ro', 'another-password')).status).toBe(401);
    expect(await t.deps.store.db.selectFrom('user_identities').selectAll().execute()).toHaveLength(0);

    // With the account's own password (also Directus's), the link is made, proved by the password.
    directus.users.get('ana@example.ro')!.password = PASSWORD;
    const linked = await login('ana@example.ro', PASSWORD);
    expect(linked.status).toBe(200);
    expect(userResponseSchema.parse(await linked.json()).user.id).toBe(ours.id);
    const identity = await t.deps.store.db.selectFrom('user_identities').selectAll().executeTakeFirstOrThrow();
    expect(identity.proof).toBe('password');
  });
});

describe('defect 5: login lockout — a flood of wrong passwords does not lock the owner out', () => {
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', AUTH_CLIENT_RATE_LIMIT: '100000' } });
    await t.request('/api/auth/register', {
      method: 'POST',
      json: { email: 'ana@example.ro', password: PASSWORD, firstName: 'Ana', lastName: 'Pop' },
    });
  });

  it('slows one client guessing one account with growing delays (429 + Retry-After), then lets it try again', async () => {
    const attacker = { 'x-forwarded-for': '203.0.113.66' };
    for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_CLIENT; attempt += 1) {
      expect((await login('ana@example.ro', 'wrong-password', attacker)).status).toBe(401);
    }
    const waiting = await login('ana@example.ro', 'wrong-password', attacker);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBe(loginDelayMs(LOGIN_FREE_FAILURES_PER_CLIENT) / 1000);
    t.clock.advanceMs(loginDelayMs(LOGIN_FREE_FAILURES_PER_CLIENT));
    expect((await login('ana@example.ro', 'wrong-password', attacker)).status).toBe(401);
    // The next wait is twice as long, and capped.
    const longer = await login('ana@example.ro', 'wrong-password', attacker);
    expect(Number(longer.headers.get('retry-after'))).toBe((2 * loginDelayMs(LOGIN_FREE_FAILURES_PER_CLIENT)) / 1000);
    expect(loginDelayMs(1000)).toBe(LOGIN_DELAY_MAX_MS);

    // The owner, on another client, signs in at once.
    expect((await login('ana@example.ro', PASSWORD, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
  });

  it('caps failures per account across clients, but a device that signed in before is not held by the cap', async () => {
    // The owner's phone signed in yesterday: it holds the trusted-device cookie.
    const phone = await login('ana@example.ro', PASSWORD, { 'x-forwarded-for': '198.51.100.7' });
    const deviceCookie = cookieOf(phone, TRUSTED_DEVICE_COOKIE)!;
    expect(deviceCookie).toBeDefined();
    await t.request('/api/auth/logout', { method: 'POST', headers: { cookie: cookieOf(phone, SESSION_COOKIE)! } });

    // A botnet: every failure from a different address (all but the last counted straight in the
    // store, as other instances would have).
    for (let hit = 1; hit < LOGIN_ACCOUNT_FAILURES.max; hit += 1)
      await hitRateLimit(t.deps.store.db, t.clock, LOGIN_ACCOUNT_FAILURES, 'ana@example.ro');
    expect((await login('ana@example.ro', 'wrong-password', { 'x-forwarded-for': '203.0.113.1' })).status).toBe(401);
    const bot = await login('ana@example.ro', PASSWORD, { 'x-forwarded-for': '203.0.113.250' });
    expect(bot.status).toBe(429);
    expect(Number(bot.headers.get('retry-after'))).toBeGreaterThan(0);
    // A new device of the owner waits too; the owner's known phone does not.
    expect((await login('ana@example.ro', PASSWORD, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(429);
    const known = await login('ana@example.ro', PASSWORD, { 'x-forwarded-for': '198.51.100.7', cookie: deviceCookie });
    expect(known.status).toBe(200);
    // A signed-in session of the account also passes (signing in again, e.g. before deleting the account).
    const session = cookieOf(known, SESSION_COOKIE)!;
    expect((await login('ana@example.ro', PASSWORD, { 'x-forwarded-for': '198.51.100.9', cookie: session })).status).toBe(200);
  });
});

describe('defect 12: client addresses and the hashing cap', () => {
  it('counts IPv6 clients per /64, IPv4 (and IPv4-mapped) per address', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('local')).toBe('local');
  });

  it('an IPv6 client cannot escape the per-client login limit by changing address inside its /64', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', AUTH_CLIENT_RATE_LIMIT: '3' } });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await login('x@example.ro', 'wrong-password', { 'x-forwarded-for': `2001:db8:1:2::${attempt}` })).status).toBe(401);
    }
    expect((await login('x@example.ro', 'wrong-password', { 'x-forwarded-for': '2001:db8:1:2::99' })).status).toBe(429);
    expect((await login('x@example.ro', 'wrong-password', { 'x-forwarded-for': '2001:db8:1:3::1' })).status).toBe(401);
  });

  it(`runs at most ${PASSWORD_HASH_CONCURRENCY} password hashes at once, so a login flood cannot take the thread pool`, async () => {
    t = await createTestApp();
    const stored = await hashPassword(PASSWORD);
    let maxActive = 0;
    const watch = setInterval(() => {
      maxActive = Math.max(maxActive, passwordHashLoad().active);
    }, 1);
    const results = await Promise.all(Array.from({ length: 6 }, () => verifyPassword(PASSWORD, stored)));
    clearInterval(watch);
    expect(results).toEqual(Array<boolean>(6).fill(true));
    expect(maxActive).toBeGreaterThan(0);
    expect(maxActive).toBeLessThanOrEqual(PASSWORD_HASH_CONCURRENCY);
  });
});
