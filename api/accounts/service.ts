/**
 * The accounts service: sign-up, login, logout, Google sign-in and the sessions they open, in one code
 * path whatever the CMS. Each step asks the account directory port (api/integrations/identity/): with
 * the local directory it has nothing to do, with Directus it registers and signs in there. Our store
 * always keeps the account's row, so sessions, orders, addresses and ownership stay ours; an external
 * identity attaches to an existing account only with proof (linking.ts). HTTP (cookies, rate limits,
 * redirects) stays in the routes. See docs/decisions/0098-account-directory-port.md.
 */
import type { z } from 'zod/mini';

import type { Locale } from '../../src/shared/i18n/locales';
import type { loginInputSchema, registerInputSchema } from '../../src/shared/schemas/account';
import type { AppDeps } from '../deps';
import type { AccountDirectory, DirectorySignIn } from '../integrations/identity/account-directory';
import { DirectoryEmailTakenError } from '../integrations/identity/account-directory';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import type { Logger } from '../lib/logger';
import type { TrustedDevice } from '../lib/login-throttle';
import { isTrustedDevice, loginRetryAfterMs, recordLoginFailure, recordLoginSuccess, trustDevice } from '../lib/login-throttle';
import { hashPassword, verifyPassword } from '../lib/password';
import type { CreatedSession } from '../lib/sessions';
import { createSession, destroySession, destroyUserSessions, hashToken } from '../lib/sessions';
import { ADMIN_ROLE } from '../store/admin-account';
import type { UserRow } from '../store/schema';
import {
  emailKey,
  findLinkedUser,
  findUserByEmail,
  identityProvidersOf,
  insertUser,
  isUniqueViolation,
  remoteSessionOf,
  remoteSessionsOf,
  setRemoteSession,
  updateUser,
} from '../store/users-queries';
import type { LinkOutcome } from './linking';
import { linkOrCreateAccount } from './linking';
import { queueEmailVerification } from './tokens';

export const GOOGLE_PROVIDER = 'google';

export type RegisterFields = z.output<typeof registerInputSchema>;
export type LoginFields = z.output<typeof loginInputSchema>;

/** What the service needs to know about the request making the call (the routes read it from HTTP). */
export interface SignInRequest {
  /** The client for login throttling (api/lib/rate-limit.ts clientIp). */
  client: string;
  /** The session the request came with: a sign-in rotates it away. */
  sessionId: string | null;
  /** Who that session belongs to (a signed-in device passes the account-wide login cap). */
  signedInUserId: number | null;
  /** The request's trusted-device token (api/lib/login-throttle.ts). */
  deviceToken: string | null;
  /** The language the request asks for (api/lib/request-locale.ts): an account created by it starts in it. */
  locale: Locale;
  logger: Logger;
}

/** A completed sign-in: the route sets the session and trusted-device cookies from it. */
export interface SignedIn {
  user: UserRow;
  session: CreatedSession;
  /** This device is now trusted for the account (api/lib/login-throttle.ts). */
  device: TrustedDevice;
}

export type LoginOutcome = ({ outcome: 'signed-in' } & SignedIn) | { outcome: 'wait'; retryAfterMs: number } | { outcome: 'refused' };

/** A Google identity as the route hands it over (verified by api/integrations/identity/google-oidc.ts). */
export interface GoogleProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  /** Already filtered to an origin the page may show (the route knows the CSP). */
  avatar: string | null;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this e-mail already exists.';

const emailTaken = () => apiError(HTTP_STATUS.CONFLICT, 'email_taken', EMAIL_TAKEN_MESSAGE);

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(deps: Pick<AppDeps, 'store' | 'clock' | 'env' | 'accountDirectory'>) {
  const { db } = deps.store;
  // Read per call: the directory is chosen once at start, and a test may hand in a stand-in after the app is built.
  const directory = (): AccountDirectory => deps.accountDirectory;
  // A verify against this makes an unknown e-mail cost the same scrypt time as a wrong password,
  // so response timing does not tell which e-mails have accounts.
  let dummyHash: Promise<string> | null = null;

  /** Ours, then the directory's session of that sign-in (best effort: ours ends whatever the directory says). */
  async function endSession(sessionId: string): Promise<void> {
    const remote = await remoteSessionOf(db, sessionId);
    await destroySession(db, sessionId);
    if (remote) await directory().endSession(remote);
  }

  /** A new session (the request's own is destroyed first: rotation at every sign-in), holding the directory's. */
  async function startSession(
    request: Pick<SignInRequest, 'sessionId'>,
    userId: number,
    remoteSession: string | null,
  ): Promise<CreatedSession> {
    if (request.sessionId) await endSession(request.sessionId);
    const session = await createSession(db, deps.clock, userId);
    if (remoteSession) await setRemoteSession(db, hashToken(session.token), remoteSession);
    return session;
  }

  /** Signs the user in: a new session, this device trusted for the account, this client's failures forgotten. */
  async function completeSignIn(request: SignInRequest, user: UserRow, account: string, remoteSession: string | null): Promise<SignedIn> {
    await recordLoginSuccess({ db, clock: deps.clock, account, client: request.client });
    const session = await startSession(request, user.id, remoteSession);
    const device = await trustDevice(db, deps.clock, user.id, request.deviceToken);
    return { user, session, device };
  }

  /**
   * Our own row for a directory account (linked by its directory id), so sessions, orders, addresses
   * and every ownership check stay in our store and our code. An account of ours with the same e-mail
   * is linked only with proof (linking.ts): a directory does not vouch for e-mails, so the proof is
   * our account's own password, the one just typed. Never an admin.
   */
  async function userForDirectoryAccount(
    provider: string,
    signIn: DirectorySignIn,
    password: string | null,
    locale: Locale,
  ): Promise<LinkOutcome> {
    const { account } = signIn;
    const email = emailKey(account.email);
    const now = deps.clock.now().toISOString();
    const names = { first_name: account.firstName, last_name: account.lastName, ...(account.phone ? { phone: account.phone } : {}) };
    return db.transaction().execute(async (trx) => {
      const linked = await findLinkedUser(trx, provider, account.id);
      if (linked) {
        if (linked.role === ADMIN_ROLE) return { refused: 'admin' as const };
        return { user: await updateUser(trx, linked.id, { ...names, updated_at: now }) };
      }
      return linkOrCreateAccount(
        trx,
        { provider, subject: account.id, email, providerVerifiedEmail: false, now },
        { phone: null, avatar: null, language: locale, ...names },
        (hash) => (password === null ? Promise.resolve(false) : verifyPassword(password, hash)),
      );
    });
  }

  /** A new account whose password our store keeps, signed in; a link to confirm the e-mail goes out from the outbox. */
  async function createPasswordAccount(input: RegisterFields, locale: Locale): Promise<UserRow> {
    const now = deps.clock.now().toISOString();
    let user: UserRow;
    try {
      user = await insertUser(db, {
        email: emailKey(input.email),
        password_hash: await hashPassword(input.password),
        first_name: input.firstName,
        last_name: input.lastName,
        phone: input.phone ?? null,
        avatar: null,
        role: 'customer',
        status: 'active',
        language: locale,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // Two registrations for one e-mail at once: the unique index decides, the loser gets 409.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    await queueEmailVerification(deps, user);
    return user;
  }

  /** The directory's sign-in with these credentials, as one of our users; null when it does not know them or may not link. */
  async function signInAtDirectory(
    account: string,
    password: string,
    request: Pick<SignInRequest, 'logger' | 'locale'>,
  ): Promise<{ user: UserRow; signIn: DirectorySignIn } | null> {
    const dir = directory();
    const signIn = await dir.signIn(account, password);
    if (!signIn || !dir.provider) return null;
    const outcome = signIn.account.active ? await userForDirectoryAccount(dir.provider, signIn, password, request.locale) : null;
    if (outcome && 'user' in outcome) return { user: outcome.user, signIn };
    if (outcome) request.logger.warn('directory sign-in not linked', { directory: dir.name, reason: outcome.refused });
    await dir.endSession(signIn.session);
    return null;
  }

  return {
    /** Sign-up, signed in at once. 409 when the e-mail has an account here or in the directory. */
    async register(
      input: RegisterFields,
      request: Pick<SignInRequest, 'sessionId' | 'locale'>,
    ): Promise<{ user: UserRow; session: CreatedSession }> {
      const email = emailKey(input.email);
      if (await findUserByEmail(db, email)) throw emailTaken();
      const dir = directory();
      let signIn: DirectorySignIn | null;
      try {
        signIn = await dir.register({
          email,
          password: input.password,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone ?? null,
        });
      } catch (error) {
        if (error instanceof DirectoryEmailTakenError) throw emailTaken();
        throw error;
      }
      if (!signIn || !dir.provider) {
        // The directory keeps no accounts: ours keeps the password.
        const user = await createPasswordAccount(input, request.locale);
        return { user, session: await startSession(request, user.id, null) };
      }
      // No account of ours had this e-mail a moment ago, so this creates one (never links another's).
      const outcome = await userForDirectoryAccount(dir.provider, signIn, null, request.locale);
      if (!('user' in outcome)) {
        await dir.endSession(signIn.session);
        throw emailTaken();
      }
      return { user: outcome.user, session: await startSession(request, outcome.user.id, signIn.session) };
    },

    /**
     * Login: waits owed by the throttle first (api/lib/login-throttle.ts); then the directory, unless
     * the e-mail is an admin of ours (the manager's account is ours alone, never asked of a directory,
     * so a directory user registered with the manager's e-mail cannot become the manager); then our
     * own password. A wrong password anywhere is one failure.
     */
    async login(input: LoginFields, request: SignInRequest): Promise<LoginOutcome> {
      const account = emailKey(input.email);
      const local = await findUserByEmail(db, account);
      const trustedDevice =
        local !== undefined &&
        (request.signedInUserId === local.id || (await isTrustedDevice(db, deps.clock, local.id, request.deviceToken)));
      const retryAfterMs = await loginRetryAfterMs({ db, clock: deps.clock, account, client: request.client, trustedDevice });
      if (retryAfterMs > 0) return { outcome: 'wait', retryAfterMs };
      if (local?.role !== ADMIN_ROLE) {
        const atDirectory = await signInAtDirectory(account, input.password, request);
        if (atDirectory) {
          await directory().afterSignIn(atDirectory.signIn, atDirectory.user.id);
          return { outcome: 'signed-in', ...(await completeSignIn(request, atDirectory.user, account, atDirectory.signIn.session)) };
        }
      }
      let valid = false;
      if (local?.password_hash && local.status === 'active') {
        valid = await verifyPassword(input.password, local.password_hash);
      } else {
        dummyHash ??= hashPassword('not-a-real-password');
        await verifyPassword(input.password, await dummyHash);
      }
      if (!local || !valid) {
        await recordLoginFailure({ db, clock: deps.clock, account, client: request.client });
        return { outcome: 'refused' };
      }
      return { outcome: 'signed-in', ...(await completeSignIn(request, local, account, null)) };
    },

    /**
     * Google sign-in: the account linked to this Google subject, else a new account or the one with the
     * same e-mail when linking.ts allows it (Google vouches for the e-mail; an account that never
     * verified it is taken over by the verified owner). An unverified Google e-mail never links or
     * creates anything; an admin never signs in so. Null: refused.
     */
    async signInWithGoogle(profile: GoogleProfile, request: SignInRequest): Promise<SignedIn | null> {
      let user: UserRow | undefined = await findLinkedUser(db, GOOGLE_PROVIDER, profile.subject);
      if (!user && profile.email && profile.emailVerified) {
        const email = emailKey(profile.email);
        const now = deps.clock.now().toISOString();
        const outcome = await db.transaction().execute((trx) =>
          linkOrCreateAccount(
            trx,
            { provider: GOOGLE_PROVIDER, subject: profile.subject, email, providerVerifiedEmail: true, now },
            {
              first_name: profile.givenName ?? email.split('@')[0] ?? '',
              last_name: profile.familyName ?? '',
              phone: null,
              avatar: profile.avatar,
              language: request.locale,
            },
            () => Promise.resolve(false),
          ),
        );
        if ('user' in outcome) user = outcome.user;
      }
      if (!user || user.role === ADMIN_ROLE || user.status !== 'active') return null;
      return completeSignIn(request, user, user.email, null);
    },

    /** Ends the session (and its directory session). */
    logout: endSession,

    /**
     * Ends the directory sessions of the account's sessions that are ending (all, or all but the one
     * kept). Read them before ours are deleted; end them after (best effort).
     */
    async remoteSessionsOf(userId: number, options: { exceptSessionId?: string | null } = {}): Promise<string[]> {
      return remoteSessionsOf(db, userId, options);
    },
    async endRemoteSessions(sessions: readonly string[]): Promise<void> {
      for (const session of sessions) await directory().endSession(session);
    },

    /** Every session of the account ends, and with them their directory sessions. */
    async signOutEverywhere(userId: number): Promise<void> {
      const remote = await remoteSessionsOf(db, userId);
      await destroyUserSessions(db, userId);
      for (const session of remote) await directory().endSession(session);
    },

    /** The account's password lives in the directory (a Directus user): change and reset happen there. */
    async passwordManagedElsewhere(userId: number): Promise<boolean> {
      const provider = directory().provider;
      return provider !== null && (await identityProvidersOf(db, userId)).includes(provider);
    },
  };
}
