/**
 * The accounts service in-process over a real store, through both account directories: the local one
 * (the embedded default, which has nothing extra to do) and Directus (its HTTP client replaced by an
 * in-memory stand-in, the rest of the Directus directory real). The same service calls run for both;
 * what differs is only what the directory answers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import type { CmsAddressSink, DirectusAddress } from '../integrations/cms/directus-addresses';
import type { CmsAccounts, DirectusUser } from '../integrations/identity/directus-accounts';
import { createDirectusAccountDirectory } from '../integrations/identity/directus-directory';
import { ApiHttpError } from '../lib/http-errors';
import { isTrustedDevice, LOGIN_FREE_FAILURES_PER_CLIENT } from '../lib/login-throttle';
import { hashPassword } from '../lib/password';
import { hashToken, loadSession } from '../lib/sessions';
import type { SignInRequest } from './service';
import { createAccountsService } from './service';

const PASSWORD = 'parola-buna-123';
const ANA = { email: 'Ana@Example.ro', password: PASSWORD, firstName: 'Ana', lastName: 'Pop', phone: '0722 123 456' };

let t: TestApp;
afterEach(async () => {
  await t.close();
});

function request(overrides: Partial<SignInRequest> = {}): SignInRequest {
  return {
    client: '203.0.113.7',
    sessionId: null,
    signedInUserId: null,
    deviceToken: null,
    locale: 'en',
    logger: t.deps.logger,
    ...overrides,
  };
}

const outboxKinds = async () => (await t.deps.store.db.selectFrom('outbox').select('kind').execute()).map((row) => row.kind);
const identities = () => t.deps.store.db.selectFrom('user_identities').selectAll().execute();
const sessionRow = (token: string) =>
  t.deps.store.db.selectFrom('sessions').selectAll().where('id', '=', hashToken(token)).executeTakeFirstOrThrow();

async function expectConflict(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiHttpError);
  expect((error as ApiHttpError).status).toBe(409);
  expect((error as ApiHttpError).code).toBe('email_taken');
}

describe('accounts service with the local directory (the embedded default)', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('is the directory bootstrap picks without CMS=directus, and it keeps no accounts of its own', async () => {
    expect(t.deps.accountDirectory.name).toBe('local');
    expect(t.deps.accountDirectory.provider).toBeNull();
    expect(await t.deps.accountDirectory.signIn('ana@example.ro', PASSWORD)).toBeNull();
  });

  it('register: our store keeps the password, a verification link is queued, the session opens; a second one is 409', async () => {
    const accounts = createAccountsService(t.deps);
    const { user, session } = await accounts.register(ANA, request());
    expect(user).toMatchObject({ email: 'ana@example.ro', first_name: 'Ana', phone: '0722 123 456', role: 'customer' });
    expect(user.password_hash).not.toBeNull();
    expect((await loadSession(t.deps.store.db, t.clock, session.token))?.user.id).toBe(user.id);
    expect((await sessionRow(session.token)).cms_session).toBeNull();
    expect(await outboxKinds()).toEqual(['mail']);
    expect(await identities()).toEqual([]);
    await expectConflict(accounts.register({ ...ANA, email: ' ANA@example.ro ' }, request()));
  });

  it('login: the right password signs in (new session, trusted device, the old session rotated away); wrong ones are refused, then must wait', async () => {
    const accounts = createAccountsService(t.deps);
    const registered = await accounts.register(ANA, request());
    const signedIn = await accounts.login(
      { email: 'ana@example.ro', password: PASSWORD },
      request({ sessionId: hashToken(registered.session.token), signedInUserId: registered.user.id }),
    );
    if (signedIn.outcome !== 'signed-in') throw new Error(`expected a sign-in, got ${signedIn.outcome}`);
    expect(signedIn.user.id).toBe(registered.user.id);
    expect(await isTrustedDevice(t.deps.store.db, t.clock, registered.user.id, signedIn.device.token)).toBe(true);
    expect(await loadSession(t.deps.store.db, t.clock, registered.session.token)).toBeNull();
    expect((await loadSession(t.deps.store.db, t.clock, signedIn.session.token))?.user.id).toBe(registered.user.id);

    for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_CLIENT; attempt += 1) {
      expect(await accounts.login({ email: 'ana@example.ro', password: 'wrong-password' }, request())).toEqual({ outcome: 'refused' });
    }
    const waiting = await accounts.login({ email: 'ana@example.ro', password: PASSWORD }, request());
    expect(waiting.outcome).toBe('wait');
    // Another client, or this device that signed in before, is not held by this client's wait.
    expect((await accounts.login({ email: 'ana@example.ro', password: PASSWORD }, request({ client: '198.51.100.1' }))).outcome).toBe(
      'signed-in',
    );
    // An unknown e-mail is refused like a wrong password.
    expect(await accounts.login({ email: 'nobody@example.ro', password: PASSWORD }, request())).toEqual({ outcome: 'refused' });
  });

  it('logout ends the session; the password is ours to change (not managed elsewhere)', async () => {
    const accounts = createAccountsService(t.deps);
    const { user, session } = await accounts.register(ANA, request());
    await accounts.logout(hashToken(session.token));
    expect(await loadSession(t.deps.store.db, t.clock, session.token)).toBeNull();
    expect(await accounts.passwordManagedElsewhere(user.id)).toBe(false);
    expect(await accounts.remoteSessionsOf(user.id)).toEqual([]);
  });

  it('Google: a verified e-mail creates a linked account, an unverified one creates nothing, an admin never signs in so', async () => {
    const accounts = createAccountsService(t.deps);
    const google = { givenName: 'Ion', familyName: 'Pop', avatar: null };
    expect(
      await accounts.signInWithGoogle({ ...google, subject: 'g-1', email: 'ion@example.ro', emailVerified: false }, request()),
    ).toBeNull();
    expect(await identities()).toEqual([]);

    const signedIn = await accounts.signInWithGoogle(
      { ...google, subject: 'g-1', email: 'ion@example.ro', emailVerified: true },
      request(),
    );
    expect(signedIn?.user).toMatchObject({ email: 'ion@example.ro', first_name: 'Ion', password_hash: null });
    expect(signedIn?.user.email_verified_at).not.toBeNull();
    expect(await identities()).toEqual([expect.objectContaining({ provider: 'google', subject: 'g-1', proof: 'created' })]);

    await createUserWithSession(t, { role: 'admin', email: 'manager@example.ro' });
    await t.deps.store.db
      .updateTable('users')
      .set({ email_verified_at: t.clock.now().toISOString() })
      .where('role', '=', 'admin')
      .execute();
    expect(
      await accounts.signInWithGoogle({ ...google, subject: 'g-2', email: 'manager@example.ro', emailVerified: true }, request()),
    ).toBeNull();
  });
});

/** Directus users in memory, as the Directus directory's HTTP client sees them; every call is recorded. */
function directusStandIn() {
  const users = new Map<string, { user: DirectusUser; password: string }>();
  const calls: string[] = [];
  let sessions = 0;
  const accounts: CmsAccounts = {
    login(email, password) {
      calls.push(`login ${email}`);
      const entry = users.get(email);
      if (!entry || entry.password !== password) return Promise.resolve(null);
      sessions += 1;
      return Promise.resolve({ user: entry.user, session: `directus-session-${sessions}` });
    },
    register(input) {
      calls.push(`register ${input.email}`);
      if (!users.has(input.email)) {
        users.set(input.email, {
          password: input.password,
          user: { id: `d-${users.size + 1}`, email: input.email, first_name: input.firstName, last_name: input.lastName, status: 'active' },
        });
      }
      return Promise.resolve();
    },
    logout(session) {
      calls.push(`logout ${session}`);
      return Promise.resolve();
    },
    updateMe(session, fields) {
      calls.push(`updateMe ${session} ${JSON.stringify(fields)}`);
      return Promise.resolve();
    },
  };
  return { users, calls, accounts };
}

const directusAddress = (owner: string): DirectusAddress => ({
  id: '7',
  Customer: owner,
  label: 'work',
  street_address: 'Strada Republicii 5',
  city: 'Ploiești',
  country: 'Romania',
  latitude: 44.94,
  longitude: 26.02,
  is_default: true,
  created_at: '2026-01-05T10:00:00.000Z',
});

describe('accounts service with the Directus directory: the same calls, Directus holds the password', () => {
  let directus: ReturnType<typeof directusStandIn>;
  beforeEach(async () => {
    t = await createTestApp();
    directus = directusStandIn();
    const addresses: CmsAddressSink = {
      name: 'directus-stand-in',
      save: () => Promise.reject(new Error('not used at sign-in')),
      remove: () => Promise.reject(new Error('not used at sign-in')),
      listFor: (owner) => Promise.resolve({ items: [directusAddress(owner)], skipped: 0 }),
    };
    t.deps.accountDirectory = createDirectusAccountDirectory({
      accounts: directus.accounts,
      addresses,
      store: t.deps.store,
      clock: t.clock,
      logger: t.deps.logger,
    });
  });

  it('register: the account is created in Directus and linked to a new row of ours without a password; the Directus session rides on ours', async () => {
    const accounts = createAccountsService(t.deps);
    const { user, session } = await accounts.register(ANA, request());
    expect(directus.calls).toEqual([
      'register ana@example.ro',
      'login ana@example.ro',
      'updateMe directus-session-1 {"phone":"0722 123 456"}',
    ]);
    expect(user).toMatchObject({ email: 'ana@example.ro', password_hash: null, phone: '0722 123 456' });
    expect(await identities()).toEqual([
      expect.objectContaining({ provider: 'directus', subject: 'd-1', user_id: user.id, proof: 'created' }),
    ]);
    expect((await sessionRow(session.token)).cms_session).toBe('directus-session-1');
    expect(await accounts.passwordManagedElsewhere(user.id)).toBe(true);
    // Logout ends the Directus session too.
    await accounts.logout(hashToken(session.token));
    expect(directus.calls.at(-1)).toBe('logout directus-session-1');
    // Signing out everywhere ends every session here and each one's Directus session.
    await accounts.login({ email: 'ana@example.ro', password: PASSWORD }, request());
    await accounts.login({ email: 'ana@example.ro', password: PASSWORD }, request({ client: '198.51.100.1' }));
    await accounts.signOutEverywhere(user.id);
    expect(await t.deps.store.db.selectFrom('sessions').select('id').execute()).toEqual([]);
    expect(directus.calls.slice(-2).sort()).toEqual(['logout directus-session-2', 'logout directus-session-3']);
  });

  it('register: an e-mail Directus already has (another password) is 409, and nothing is created here', async () => {
    await directus.accounts.register({ ...ANA, email: 'ana@example.ro', password: 'someone-elses-password', phone: null });
    await expectConflict(createAccountsService(t.deps).register(ANA, request()));
    expect(await t.deps.store.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it("login: Directus's password signs in, the customer's Directus addresses come in; a wrong one falls through to ours and is refused", async () => {
    const accounts = createAccountsService(t.deps);
    const { user } = await accounts.register(ANA, request());
    const signedIn = await accounts.login({ email: 'ana@example.ro', password: PASSWORD }, request());
    if (signedIn.outcome !== 'signed-in') throw new Error(`expected a sign-in, got ${signedIn.outcome}`);
    expect(signedIn.user.id).toBe(user.id);
    expect((await sessionRow(signedIn.session.token)).cms_session).toBe('directus-session-2');
    const book = await t.deps.store.db.selectFrom('customer_addresses').select(['customer_id', 'cms_id', 'street_address']).execute();
    expect(book).toEqual([{ customer_id: user.id, cms_id: '7', street_address: 'Strada Republicii 5' }]);
    expect((await accounts.remoteSessionsOf(user.id)).sort()).toEqual(['directus-session-1', 'directus-session-2']);

    expect(await accounts.login({ email: 'ana@example.ro', password: 'wrong-password' }, request())).toEqual({ outcome: 'refused' });
  });

  it('an admin of ours is never asked of Directus; our own customers still sign in with our password when Directus does not know them', async () => {
    const accounts = createAccountsService(t.deps);
    const manager = await createUserWithSession(t, { role: 'admin', email: 'manager@example.ro' });
    await t.deps.store.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', manager.id)
      .execute();
    await directus.accounts.register({ ...ANA, email: 'manager@example.ro', password: PASSWORD, phone: null });
    directus.calls.length = 0;
    const signedIn = await accounts.login({ email: 'manager@example.ro', password: PASSWORD }, request());
    expect(signedIn.outcome === 'signed-in' && signedIn.user.role).toBe('admin');
    expect(directus.calls).toEqual([]);
    expect(await identities()).toEqual([]);

    const local = await createUserWithSession(t, { email: 'ion@example.ro' });
    await t.deps.store.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', local.id)
      .execute();
    const ion = await accounts.login({ email: 'ion@example.ro', password: PASSWORD }, request());
    expect(ion.outcome === 'signed-in' && ion.user.id).toBe(local.id);
    expect(directus.calls).toEqual(['login ion@example.ro']);
  });
});
