/**
 * /api/auth: register (with automatic login), login, logout, the current user, and 'Sign in with
 * Google' (OpenID Connect) when it is configured. Sessions are server-side rows (api/lib/sessions):
 * every sign-in rotates the session (a new token; a session cookie sent along is destroyed), logout
 * destroys the row. Login and registration are rate limited per account (e-mail) and per client IP
 * with counters in the store (api/lib/rate-limit), answered 429 with Retry-After.
 *
 * These routes need the network by nature; the PWA shows their failure and never queues them.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

import {
  AUTH_ERROR_PARAM,
  type AuthProviders,
  LOGIN_FAILED_MESSAGE,
  loginInputSchema,
  registerInputSchema,
  type UserResponse,
} from '../../src/shared/schemas/account';
import type { MeResponse } from '../../src/shared/schemas/user';
import { AUTH_CLIENT_RATE_LIMIT_DEFAULT } from '../env';
import type { AppDeps, AppEnv } from '../deps';
import type { DirectusUser } from '../integrations/cms/directus-accounts';
import { importCmsAddresses } from '../integrations/cms/directus-addresses';
import type { OidcIdentity, OidcPending } from '../integrations/identity/google-oidc';
import { createGoogleOidc, OidcError } from '../integrations/identity/google-oidc';
import { toCurrentUser } from '../lib/current-user';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import type { LinkOutcome } from '../lib/identity-linking';
import { findLinkedUser, findUserByEmail, linkOrCreateAccount } from '../lib/identity-linking';
import { checkLoginAllowed, isTrustedDevice, recordLoginFailure, recordLoginSuccess, trustDevice } from '../lib/login-throttle';
import { hashPassword, verifyPassword } from '../lib/password';
import type { RateLimitRule } from '../lib/rate-limit';
import { clientIp, enforceRateLimits } from '../lib/rate-limit';
import { GOOGLE_AVATAR_ORIGIN } from '../middleware/security-headers';
import { clearSessionCookie, createSession, destroySession, hashToken, setSessionCookie, siteOriginOf } from '../lib/sessions';
import { validate } from '../middleware/validate';
import { queueEmailVerification } from './account-tokens';
import { ADMIN_ROLE } from '../store/admin-account';
import type { UserRow } from '../store/schema';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
const ONE_HOUR_MS = 60 * 60 * 1000;

/**
 * Login attempts per client IP (slows credential stuffing across accounts). Generous, because a
 * whole office, a mobile carrier's NAT or our own e2e suite shares one address.
 */
export const LOGIN_PER_CLIENT: RateLimitRule = { name: 'login:ip', max: AUTH_CLIENT_RATE_LIMIT_DEFAULT, windowMs: FIFTEEN_MINUTES_MS };
/** Registrations per e-mail (duplicates only ever answer 409; this caps probing and hashing cost). */
export const REGISTER_PER_ACCOUNT: RateLimitRule = { name: 'register:email', max: 5, windowMs: ONE_HOUR_MS };
/** Registrations per client IP (mass account creation); generous for the same reason as logins. */
export const REGISTER_PER_CLIENT: RateLimitRule = { name: 'register:ip', max: AUTH_CLIENT_RATE_LIMIT_DEFAULT, windowMs: ONE_HOUR_MS };

/** Holds the OIDC state, PKCE verifier and nonce between /google/start and /google/callback. */
export const OIDC_COOKIE = 'cg_oidc';
const OIDC_COOKIE_PATH = '/api/auth/google';
/** A sign-in at the provider must finish within this long. */
export const OIDC_PENDING_TTL_MS = 10 * 60 * 1000;
export const GOOGLE_PROVIDER = 'google';
/** user_identities.provider of a Directus user (subject: its Directus id). */
export const DIRECTUS_PROVIDER = 'directus';

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // better-sqlite3 and node-postgres spellings of "unique constraint violated".
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The Google picture is kept only from Google's avatar host, the one origin the CSP's img-src adds
 * for it (api/middleware/security-headers.ts); anything else would be blocked, so it is dropped and
 * the header shows the initial instead.
 */
export function googleAvatar(picture: string | null): string | null {
  if (!picture || !URL.canParse(picture)) return null;
  return new URL(picture).origin === GOOGLE_AVATAR_ORIGIN ? picture : null;
}

export function authRoutes(deps: AppDeps) {
  const { db } = deps.store;
  const google =
    deps.env.GOOGLE_CLIENT_ID && deps.env.GOOGLE_CLIENT_SECRET
      ? createGoogleOidc(
          { clientId: deps.env.GOOGLE_CLIENT_ID, clientSecret: deps.env.GOOGLE_CLIENT_SECRET, issuer: deps.env.GOOGLE_OIDC_ISSUER },
          deps.clock,
        )
      : null;
  // A verify against this makes an unknown e-mail cost the same scrypt time as a wrong password,
  // so response timing does not tell which e-mails have accounts.
  let dummyHash: Promise<string> | null = null;

  /** Destroys the session the request came with (if any) and opens a new one: rotation at every sign-in. */
  async function startSession(c: Context<AppEnv>, userId: number, cmsSession: string | null = null): Promise<void> {
    const previous = c.get('sessionId');
    if (previous) await endSession(previous);
    const session = await createSession(db, deps.clock, userId);
    if (cmsSession) {
      await db.updateTable('sessions').set({ cms_session: cmsSession }).where('id', '=', hashToken(session.token)).execute();
    }
    setSessionCookie(c, session.token, session.expiresAt, deps.env);
  }

  /** Ours, and the Directus session of a Directus sign-in (best effort: ours ends whatever Directus says). */
  async function endSession(sessionId: string): Promise<void> {
    const row = await db.selectFrom('sessions').select('cms_session').where('id', '=', sessionId).executeTakeFirst();
    await destroySession(db, sessionId);
    if (row?.cms_session && deps.cmsAccounts) {
      await deps.cmsAccounts
        .logout(row.cms_session)
        .catch((error: unknown) => deps.logger.warn('directus logout failed', { error: String(error) }));
    }
  }

  /**
   * CMS=directus: our own row for a Directus user (linked by its Directus id), so sessions, orders,
   * addresses and every ownership check stay in our store and our code. An account of ours with the
   * same e-mail is linked only with proof (api/lib/identity-linking.ts): Directus does not vouch for
   * e-mails, so the proof is our account's own password, the one just typed. Never an admin.
   */
  async function userForDirectusUser(directusUser: DirectusUser, password: string | null): Promise<LinkOutcome> {
    const email = emailKey(directusUser.email);
    const now = deps.clock.now().toISOString();
    const names = {
      first_name: directusUser.first_name ?? '',
      last_name: directusUser.last_name ?? '',
      ...(directusUser.phone ? { phone: directusUser.phone } : {}),
    };
    return db.transaction().execute(async (trx) => {
      const linked = await findLinkedUser(trx, DIRECTUS_PROVIDER, directusUser.id);
      if (linked) {
        if (linked.role === ADMIN_ROLE) return { refused: 'admin' as const };
        const user = await trx
          .updateTable('users')
          .set({ ...names, updated_at: now })
          .where('id', '=', linked.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { user };
      }
      return linkOrCreateAccount(
        trx,
        { provider: DIRECTUS_PROVIDER, subject: directusUser.id, email, providerVerifiedEmail: false, now },
        { phone: null, avatar: null, ...names },
        (hash) => (password === null ? Promise.resolve(false) : verifyPassword(password, hash)),
      );
    });
  }

  function siteOrigin(c: Context<AppEnv>): string {
    return siteOriginOf(c, deps.env);
  }

  function googleRedirectUri(c: Context<AppEnv>): string {
    return `${siteOrigin(c)}${OIDC_COOKIE_PATH}/callback`;
  }

  /** Back to the site; on failure with ?auth_error=google so the PWA can say sign-in did not complete. */
  function backToSite(c: Context<AppEnv>, failed: boolean) {
    const url = new URL('/', siteOrigin(c));
    if (failed) url.searchParams.set(AUTH_ERROR_PARAM, GOOGLE_PROVIDER);
    return c.redirect(url.toString(), 302);
  }

  /**
   * The user for a verified Google identity: the one already linked to this Google subject, else a
   * new account or the account with the same e-mail when api/lib/identity-linking.ts allows the link
   * (Google vouches for the e-mail; an account that never verified it is taken over by the verified
   * owner). An unverified Google e-mail never links or creates anything; an admin never signs in so.
   */
  async function userForIdentity(identity: OidcIdentity): Promise<UserRow | null> {
    const linked = await findLinkedUser(db, GOOGLE_PROVIDER, identity.subject);
    if (linked) return linked.role === ADMIN_ROLE ? null : linked;
    if (!identity.email || !identity.emailVerified) return null;
    const email = emailKey(identity.email);
    const now = deps.clock.now().toISOString();
    const outcome = await db.transaction().execute((trx) =>
      linkOrCreateAccount(
        trx,
        { provider: GOOGLE_PROVIDER, subject: identity.subject, email, providerVerifiedEmail: true, now },
        {
          first_name: identity.givenName ?? email.split('@')[0] ?? '',
          last_name: identity.familyName ?? '',
          phone: null,
          avatar: googleAvatar(identity.picture),
        },
        () => Promise.resolve(false),
      ),
    );
    return 'user' in outcome ? outcome.user : null;
  }

  /** Signs the user in: a new session (rotation), this device trusted for the account, its failures forgotten. */
  async function completeSignIn(c: Context<AppEnv>, user: UserRow, account: string, cmsSession: string | null = null): Promise<void> {
    await recordLoginSuccess({ db, clock: deps.clock, account, client: clientIp(c, deps.env.TRUST_PROXY) });
    await startSession(c, user.id, cmsSession);
    await trustDevice(c, db, deps.clock, user.id, deps.env);
  }

  return new Hono<AppEnv>()
    .get('/me', (c) => {
      const user = c.get('user');
      const body: MeResponse = { user: user ? toCurrentUser(user) : null };
      return c.json(body, HTTP_STATUS.OK);
    })

    .post('/register', validate('json', registerInputSchema), async (c) => {
      const input = c.req.valid('json');
      await enforceRateLimits(c, db, deps.clock, [
        [{ ...REGISTER_PER_CLIENT, max: deps.env.AUTH_CLIENT_RATE_LIMIT }, clientIp(c, deps.env.TRUST_PROXY)],
        [REGISTER_PER_ACCOUNT, emailKey(input.email)],
      ]);
      const conflict = () => apiError(HTTP_STATUS.CONFLICT, 'email_taken', 'An account with this e-mail already exists.');
      if (await findUserByEmail(db, input.email)) throw conflict();
      if (deps.cmsAccounts) {
        // Directus answers 204 for a new and a taken e-mail alike; signing in with the new password tells them apart.
        await deps.cmsAccounts.register({ ...input, email: emailKey(input.email), phone: input.phone ?? null });
        const signedIn = await deps.cmsAccounts.login(emailKey(input.email), input.password);
        if (!signedIn) throw conflict();
        if (input.phone) {
          // The customers' role may update its own phone (docs/directus.md); without it the phone stays ours only.
          await deps.cmsAccounts
            .updateMe(signedIn.session, { phone: input.phone })
            .catch((error: unknown) => deps.logger.warn('directus phone not saved', { error: String(error) }));
        }
        // No account of ours had this e-mail a moment ago, so this creates one (never links another's).
        const outcome = await userForDirectusUser({ ...signedIn.user, phone: input.phone ?? signedIn.user.phone ?? null }, null);
        if (!('user' in outcome)) {
          await deps.cmsAccounts.logout(signedIn.session);
          throw conflict();
        }
        const user = outcome.user;
        await startSession(c, user.id, signedIn.session);
        const body: UserResponse = { user: toCurrentUser(user) };
        return c.json(body, HTTP_STATUS.CREATED);
      }
      const passwordHash = await hashPassword(input.password);
      const now = deps.clock.now().toISOString();
      let user: UserRow;
      try {
        user = await db
          .insertInto('users')
          .values({
            email: emailKey(input.email),
            password_hash: passwordHash,
            first_name: input.firstName,
            last_name: input.lastName,
            phone: input.phone,
            avatar: null,
            role: 'customer',
            status: 'active',
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        // Two registrations for one e-mail at once: the unique index decides, the loser gets 409.
        if (isUniqueViolation(error)) throw conflict();
        throw error;
      }
      await startSession(c, user.id);
      // A link to confirm the e-mail, sent from the outbox (api/routes/account-tokens.ts).
      await queueEmailVerification(deps, user);
      const body: UserResponse = { user: toCurrentUser(user) };
      return c.json(body, HTTP_STATUS.CREATED);
    })

    .post('/login', validate('json', loginInputSchema), async (c) => {
      const input = c.req.valid('json');
      const account = emailKey(input.email);
      const client = clientIp(c, deps.env.TRUST_PROXY);
      await enforceRateLimits(c, db, deps.clock, [[{ ...LOGIN_PER_CLIENT, max: deps.env.AUTH_CLIENT_RATE_LIMIT }, client]]);
      const local = await findUserByEmail(db, account);
      const signedInAs = c.get('user');
      const trustedDevice = local !== undefined && (signedInAs?.id === local.id || (await isTrustedDevice(c, db, deps.clock, local.id)));
      await checkLoginAllowed(c, { db, clock: deps.clock, account, client, trustedDevice });
      const failed = async () => {
        await recordLoginFailure({ db, clock: deps.clock, account, client });
        return apiError(HTTP_STATUS.UNAUTHORIZED, 'invalid_credentials', LOGIN_FAILED_MESSAGE);
      };
      // The manager's account (and any admin) is ours alone: checked here, never asked of Directus, so
      // a Directus user registered with the manager's e-mail cannot become the manager.
      if (deps.cmsAccounts && local?.role !== ADMIN_ROLE) {
        // Customers sign in against Directus; a wrong password there falls through to our own accounts.
        const signedIn = await deps.cmsAccounts.login(account, input.password);
        const outcome = signedIn && signedIn.user.status === 'active' ? await userForDirectusUser(signedIn.user, input.password) : null;
        if (signedIn && outcome && 'user' in outcome) {
          const directusUser = outcome.user;
          if (deps.cmsAddresses) {
            // The restaurant's existing Directus addresses of this customer join the address book. A failure
            // must not cost the sign-in: the next sign-in imports again (upserted by Directus id).
            await importCmsAddresses(db, deps.store.dialect, deps.cmsAddresses, {
              userId: directusUser.id,
              directusUserId: signedIn.user.id,
              now: deps.clock.now(),
            }).then(
              (result) => deps.logger.info('directus addresses imported', result),
              (error: unknown) => deps.logger.warn('directus addresses not imported', { error: String(error) }),
            );
          }
          await completeSignIn(c, directusUser, account, signedIn.session);
          const body: UserResponse = { user: toCurrentUser(directusUser) };
          return c.json(body, HTTP_STATUS.OK);
        }
        if (outcome && !('user' in outcome)) c.get('logger').warn('directus sign-in not linked', { reason: outcome.refused });
        if (signedIn) await deps.cmsAccounts.logout(signedIn.session);
      }
      let valid: boolean;
      if (local?.password_hash && local.status === 'active') {
        valid = await verifyPassword(input.password, local.password_hash);
      } else {
        dummyHash ??= hashPassword('not-a-real-password');
        await verifyPassword(input.password, await dummyHash);
        valid = false;
      }
      if (!local || !valid) throw await failed();
      await completeSignIn(c, local, account);
      const body: UserResponse = { user: toCurrentUser(local) };
      return c.json(body, HTTP_STATUS.OK);
    })

    .post('/logout', async (c) => {
      const sessionId = c.get('sessionId');
      if (sessionId) await endSession(sessionId);
      clearSessionCookie(c, deps.env);
      return c.body(null, HTTP_STATUS.NO_CONTENT);
    })

    .get('/providers', (c) => {
      const body: AuthProviders = { google: google !== null };
      return c.json(body, HTTP_STATUS.OK);
    })

    .get('/google/start', async (c) => {
      if (!google) throw apiError(HTTP_STATUS.NOT_FOUND, 'not_configured', 'Google sign-in is not configured.');
      const pending = google.newPending();
      let location: string;
      try {
        location = await google.authorizationUrl(pending, googleRedirectUri(c));
      } catch (error) {
        c.get('logger').warn('google sign-in could not start', { error: String(error) });
        return backToSite(c, true);
      }
      // SameSite=Lax: the provider brings the browser back with a top-level GET, which carries Lax cookies.
      setCookie(c, OIDC_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), {
        httpOnly: true,
        sameSite: 'Lax',
        secure: siteOrigin(c).startsWith('https:'),
        path: OIDC_COOKIE_PATH,
        maxAge: OIDC_PENDING_TTL_MS / 1000,
      });
      return c.redirect(location, 302);
    })

    .get('/google/callback', async (c) => {
      if (!google) throw apiError(HTTP_STATUS.NOT_FOUND, 'not_configured', 'Google sign-in is not configured.');
      const raw = getCookie(c, OIDC_COOKIE);
      // One attempt per start: the pending values are forgotten whatever happens next.
      deleteCookie(c, OIDC_COOKIE, { path: OIDC_COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure: siteOrigin(c).startsWith('https:') });
      const pending = parsePending(raw);
      const state = c.req.query('state');
      const code = c.req.query('code');
      const logger = c.get('logger');
      if (!pending || !state || state !== pending.state) {
        logger.warn('google sign-in refused: state mismatch');
        return backToSite(c, true);
      }
      if (!code) {
        // The person cancelled at the provider (error=access_denied) or the provider failed.
        logger.info('google sign-in not completed', { error: c.req.query('error') ?? 'no code' });
        return backToSite(c, true);
      }
      let identity: OidcIdentity;
      try {
        identity = await google.exchangeCode(code, pending, googleRedirectUri(c));
      } catch (error) {
        if (!(error instanceof OidcError)) throw error;
        logger.warn('google sign-in refused', { error: error.message });
        return backToSite(c, true);
      }
      const user = await userForIdentity(identity);
      if (!user || user.status !== 'active') {
        logger.warn('google sign-in refused: no verified e-mail or inactive account');
        return backToSite(c, true);
      }
      await completeSignIn(c, user, user.email);
      return backToSite(c, false);
    });
}

function parsePending(raw: string | undefined): OidcPending | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<OidcPending>;
    if (typeof value.state === 'string' && typeof value.codeVerifier === 'string' && typeof value.nonce === 'string') {
      return { state: value.state, codeVerifier: value.codeVerifier, nonce: value.nonce };
    }
  } catch {
    // A tampered or truncated cookie is simply no pending sign-in.
  }
  return null;
}
