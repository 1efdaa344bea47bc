/**
 * /api/auth: register (with automatic login), login, logout, the current user, and 'Sign in with
 * Google' (OpenID Connect) when it is configured: HTTP over the accounts service (api/accounts/),
 * which runs one code path whatever the CMS. Here: input validation, the per-client and per-account
 * rate limits (counters in the store, 429 with Retry-After), the session and trusted-device cookies
 * (every sign-in rotates the session; logout destroys it) and the OIDC round trip's cookie.
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
import type { SignedIn, SignInRequest } from '../accounts/service';
import { createAccountsService, GOOGLE_PROVIDER } from '../accounts/service';
import { AUTH_CLIENT_RATE_LIMIT_DEFAULT } from '../env';
import type { AppDeps, AppEnv } from '../deps';
import type { OidcIdentity, OidcPending } from '../integrations/identity/google-oidc';
import { createGoogleOidc, OidcError } from '../integrations/identity/google-oidc';
import { toCurrentUser } from '../lib/current-user';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { readTrustedDeviceCookie, refuseLogin, setTrustedDeviceCookie } from '../lib/login-throttle';
import type { RateLimitRule } from '../lib/rate-limit';
import { clientIp, enforceRateLimits } from '../lib/rate-limit';
import { clearSessionCookie, setSessionCookie, siteOriginOf } from '../lib/sessions';
import { GOOGLE_AVATAR_ORIGIN } from '../middleware/security-headers';
import { requestLocale } from '../lib/request-locale';
import { validate } from '../middleware/validate';
import { emailKey } from '../store/users-queries';

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
  const accounts = createAccountsService(deps);
  const google =
    deps.env.GOOGLE_CLIENT_ID && deps.env.GOOGLE_CLIENT_SECRET
      ? createGoogleOidc(
          { clientId: deps.env.GOOGLE_CLIENT_ID, clientSecret: deps.env.GOOGLE_CLIENT_SECRET, issuer: deps.env.GOOGLE_OIDC_ISSUER },
          deps.clock,
        )
      : null;

  function signInRequest(c: Context<AppEnv>): SignInRequest {
    return {
      client: clientIp(c, deps.env.TRUST_PROXY),
      sessionId: c.get('sessionId'),
      signedInUserId: c.get('user')?.id ?? null,
      deviceToken: readTrustedDeviceCookie(c),
      locale: requestLocale(c),
      logger: c.get('logger'),
    };
  }

  /** The cookies of a completed sign-in: the new session, and this device trusted for the account. */
  function setSignInCookies(c: Context<AppEnv>, signedIn: Pick<SignedIn, 'session' | 'device'>): void {
    setSessionCookie(c, signedIn.session.token, signedIn.session.expiresAt, deps.env);
    setTrustedDeviceCookie(c, signedIn.device, deps.env);
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

  return new Hono<AppEnv>()
    .get('/me', (c) => {
      const user = c.get('user');
      const body: MeResponse = { user: user ? toCurrentUser(user) : null };
      return c.json(body, HTTP_STATUS.OK);
    })

    .post('/register', validate('json', registerInputSchema), async (c) => {
      const input = c.req.valid('json');
      await enforceRateLimits(c, deps.store.db, deps.clock, [
        [{ ...REGISTER_PER_CLIENT, max: deps.env.AUTH_CLIENT_RATE_LIMIT }, clientIp(c, deps.env.TRUST_PROXY)],
        [REGISTER_PER_ACCOUNT, emailKey(input.email)],
      ]);
      const { user, session } = await accounts.register(input, signInRequest(c));
      setSessionCookie(c, session.token, session.expiresAt, deps.env);
      const body: UserResponse = { user: toCurrentUser(user) };
      return c.json(body, HTTP_STATUS.CREATED);
    })

    .post('/login', validate('json', loginInputSchema), async (c) => {
      const input = c.req.valid('json');
      const request = signInRequest(c);
      await enforceRateLimits(c, deps.store.db, deps.clock, [
        [{ ...LOGIN_PER_CLIENT, max: deps.env.AUTH_CLIENT_RATE_LIMIT }, request.client],
      ]);
      const result = await accounts.login(input, request);
      if (result.outcome === 'wait') refuseLogin(c, result.retryAfterMs);
      if (result.outcome === 'refused') throw apiError(HTTP_STATUS.UNAUTHORIZED, 'invalid_credentials', LOGIN_FAILED_MESSAGE);
      setSignInCookies(c, result);
      const body: UserResponse = { user: toCurrentUser(result.user) };
      return c.json(body, HTTP_STATUS.OK);
    })

    .post('/logout', async (c) => {
      const sessionId = c.get('sessionId');
      if (sessionId) await accounts.logout(sessionId);
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
      const signedIn = await accounts.signInWithGoogle({ ...identity, avatar: googleAvatar(identity.picture) }, signInRequest(c));
      if (!signedIn) {
        logger.warn('google sign-in refused: no verified e-mail or inactive account');
        return backToSite(c, true);
      }
      setSignInCookies(c, signedIn);
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
