/**
 * 'Sign in with Google' through OpenID Connect (authorization code flow + PKCE S256 + state + nonce).
 * The only module that talks to Google's endpoints: it reads the issuer's discovery document, builds
 * the authorization URL, exchanges the code (sending the PKCE verifier and the client secret) and
 * verifies the ID token (RS256 signature against the issuer's JWKS, iss, aud, exp, nonce) before
 * handing back an identity. Answers are zod-parsed so the provider's quirks stop here.
 *
 * Enabled only when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; GOOGLE_OIDC_ISSUER lets
 * tests point it at a local stand-in (tests/mocks/google.ts).
 */
import type { JsonWebKey } from 'node:crypto';
import { createHash, createPublicKey, randomBytes, verify as verifySignature } from 'node:crypto';

import { z } from 'zod/mini';

import type { Clock } from '../../../src/shared/clock';

/** Every call to the provider gives up after this long, so a slow provider cannot hang sign-in. */
export const OIDC_REQUEST_TIMEOUT_MS = 5_000;
/** Tolerated clock difference between us and the provider when checking exp / iat. */
const CLOCK_SKEW_MS = 60_000;

const discoverySchema = z.object({
  issuer: z.string().check(z.minLength(1)),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof discoverySchema>;

const jwksSchema = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.optional(z.string()), alg: z.optional(z.string()) })),
});
type Jwk = z.infer<typeof jwksSchema>['keys'][number];

const tokenResponseSchema = z.object({ id_token: z.string().check(z.minLength(1)), access_token: z.optional(z.string()) });

const jwtHeaderSchema = z.object({ alg: z.string(), kid: z.optional(z.string()) });

/** Google sends email_verified as a boolean; some issuers send the string "true". */
const idTokenClaimsSchema = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  sub: z.string().check(z.minLength(1)),
  exp: z.number(),
  iat: z.optional(z.number()),
  nonce: z.optional(z.string()),
  email: z.optional(z.string()),
  email_verified: z.optional(z.union([z.boolean(), z.enum(['true', 'false'])])),
  given_name: z.optional(z.string()),
  family_name: z.optional(z.string()),
  name: z.optional(z.string()),
  picture: z.optional(z.string()),
});

export interface OidcIdentity {
  /** The provider's stable id of the person. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

/** What the start step must remember (in a short-lived HttpOnly cookie) for the callback. */
export interface OidcPending {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export class OidcError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcError';
  }
}

export interface GoogleOidc {
  /** Fresh random state, PKCE verifier and nonce for one sign-in attempt. */
  newPending(): OidcPending;
  authorizationUrl(pending: OidcPending, redirectUri: string): Promise<string>;
  /** Exchanges the code and returns the verified identity; throws OidcError when anything is off. */
  exchangeCode(code: string, pending: OidcPending, redirectUri: string): Promise<OidcIdentity>;
}

export interface GoogleOidcConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function decodeJsonPart(part: string | undefined): unknown {
  if (!part) throw new OidcError('Malformed ID token');
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch (error) {
    throw new OidcError('Malformed ID token', { cause: error });
  }
}

export function createGoogleOidc(config: GoogleOidcConfig, clock: Clock, fetchImpl: typeof fetch = fetch): GoogleOidc {
  const issuerBase = config.issuer.replace(/\/+$/, '');
  let discovery: Promise<Discovery> | null = null;
  let jwks: Promise<Jwk[]> | null = null;

  async function getJson(url: string, init: RequestInit = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(OIDC_REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new OidcError(`The identity provider did not answer (${new URL(url).pathname})`, { cause: error });
    }
    if (!response.ok) throw new OidcError(`The identity provider answered ${response.status} (${new URL(url).pathname})`);
    return response.json().catch((error: unknown) => {
      throw new OidcError('The identity provider answered something that is not JSON', { cause: error });
    });
  }

  function loadDiscovery(): Promise<Discovery> {
    // Cached for the process; a failed load is forgotten so the next attempt retries.
    discovery ??= getJson(`${issuerBase}/.well-known/openid-configuration`)
      .then((body) => discoverySchema.parse(body))
      .catch((error: unknown) => {
        discovery = null;
        throw error instanceof OidcError ? error : new OidcError('Invalid discovery document', { cause: error });
      });
    return discovery;
  }

  async function loadKeys(refresh: boolean): Promise<Jwk[]> {
    if (refresh) jwks = null;
    const { jwks_uri } = await loadDiscovery();
    jwks ??= getJson(jwks_uri)
      .then((body) => jwksSchema.parse(body).keys)
      .catch((error: unknown) => {
        jwks = null;
        throw error instanceof OidcError ? error : new OidcError('Invalid JWKS', { cause: error });
      });
    return jwks;
  }

  async function verifyIdToken(idToken: string, nonce: string): Promise<z.infer<typeof idTokenClaimsSchema>> {
    const [headerPart, payloadPart, signaturePart] = idToken.split('.');
    const header = jwtHeaderSchema.safeParse(decodeJsonPart(headerPart));
    if (!header.success || header.data.alg !== 'RS256') throw new OidcError('Unsupported ID token algorithm');
    // Keys rotate: an unknown kid triggers one fresh JWKS download.
    let key = (await loadKeys(false)).find((k) => k.kid === header.data.kid);
    key ??= (await loadKeys(true)).find((k) => k.kid === header.data.kid);
    if (!key || key.kty !== 'RSA') throw new OidcError('No matching signing key for the ID token');
    const publicKey = createPublicKey({ key: key as JsonWebKey, format: 'jwk' });
    const signed = Buffer.from(`${headerPart}.${payloadPart}`);
    if (!signaturePart || !verifySignature('RSA-SHA256', signed, publicKey, Buffer.from(signaturePart, 'base64url'))) {
      throw new OidcError('ID token signature is invalid');
    }
    const parsed = idTokenClaimsSchema.safeParse(decodeJsonPart(payloadPart));
    if (!parsed.success) throw new OidcError('ID token claims are invalid');
    const claims = parsed.data;
    const { issuer } = await loadDiscovery();
    if (claims.iss !== issuer) throw new OidcError('ID token issuer mismatch');
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.includes(config.clientId)) throw new OidcError('ID token audience mismatch');
    const nowMs = clock.now().getTime();
    if (claims.exp * 1000 + CLOCK_SKEW_MS <= nowMs) throw new OidcError('ID token expired');
    if (claims.iat !== undefined && claims.iat * 1000 - CLOCK_SKEW_MS > nowMs) throw new OidcError('ID token issued in the future');
    if (claims.nonce !== nonce) throw new OidcError('ID token nonce mismatch');
    return claims;
  }

  return {
    newPending: () => ({ state: randomToken(), codeVerifier: randomToken(), nonce: randomToken() }),

    async authorizationUrl(pending, redirectUri) {
      const { authorization_endpoint } = await loadDiscovery();
      const url = new URL(authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: pkceChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      }).toString();
      return url.toString();
    },

    async exchangeCode(code, pending, redirectUri) {
      const { token_endpoint } = await loadDiscovery();
      const body = await getJson(token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code_verifier: pending.codeVerifier,
        }).toString(),
      });
      const tokens = tokenResponseSchema.safeParse(body);
      if (!tokens.success) throw new OidcError('The token answer has no ID token');
      const claims = await verifyIdToken(tokens.data.id_token, pending.nonce);
      return {
        subject: claims.sub,
        email: claims.email ?? null,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        givenName: claims.given_name ?? null,
        familyName: claims.family_name ?? null,
        picture: claims.picture ?? null,
      };
    },
  };
}
