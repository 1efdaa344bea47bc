/**
 * Local stand-in for Google's OpenID Connect endpoints on 127.0.0.1 (random port): discovery, the
 * authorization endpoint (consent is simulated: it redirects straight back with a code for the
 * configured person), the token endpoint (checks client credentials, redirect URI, single-use
 * code and the PKCE S256 verifier, like Google) and the JWKS. ID tokens are real RS256 JWTs signed
 * with a key generated per stand-in, with Google's claim names (email_verified, given_name, ...).
 */
import type { KeyObject } from 'node:crypto';
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GooglePerson {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  picture?: string;
}

/** What the token endpoint received, for assertions (PKCE verifier sent, secret sent). */
export interface TokenRequestRecord {
  params: Record<string, string>;
  status: number;
}

export type IdTokenTamper = 'none' | 'bad-signature' | 'wrong-audience' | 'wrong-nonce';

export interface GoogleMock {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person who "consents" at the next authorization request. */
  setPerson(person: GooglePerson): void;
  setTamper(tamper: IdTokenTamper): void;
  tokenRequests: TokenRequestRecord[];
  /** Parameters of the last authorization request (state, nonce, code_challenge, ...). */
  lastAuthorization: Record<string, string> | null;
  close(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  nonce: string;
  person: GooglePerson;
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function signJwt(privateKey: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey);
  return `${header}.${payload}.${base64url(signature)}`;
}

export async function startGoogleMock(options: { clientId?: string; clientSecret?: string; now?: () => Date } = {}): Promise<GoogleMock> {
  const clientId = options.clientId ?? 'test-client.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'test-client-secret';
  const now = options.now ?? (() => new Date());
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const codes = new Map<string, IssuedCode>();
  let person: GooglePerson = { sub: '1000001', email: 'ana.google@gmail.com', emailVerified: true, givenName: 'Ana', familyName: 'Google' };
  let tamper: IdTokenTamper = 'none';
  const mock: GoogleMock = {
    issuer: '',
    clientId,
    clientSecret,
    setPerson: (next) => {
      person = next;
    },
    setTamper: (next) => {
      tamper = next;
    },
    tokenRequests: [],
    lastAuthorization: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', mock.issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };

    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: mock.issuer,
        authorization_endpoint: `${mock.issuer}/o/oauth2/v2/auth`,
        token_endpoint: `${mock.issuer}/token`,
        userinfo_endpoint: `${mock.issuer}/v1/userinfo`,
        jwks_uri: `${mock.issuer}/oauth2/v3/certs`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['plain', 'S256'],
      });
    }

    if (req.method === 'GET' && url.pathname === '/oauth2/v3/certs') {
      return json(200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
    }

    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const params = Object.fromEntries(url.searchParams);
      mock.lastAuthorization = params;
      const redirectUri = params.redirect_uri;
      if (params.client_id !== clientId || !redirectUri || params.response_type !== 'code') {
        return json(400, { error: 'invalid_request' });
      }
      const code = `4/${randomBytes(12).toString('base64url')}`;
      codes.set(code, {
        clientId,
        redirectUri,
        codeChallenge: params.code_challenge ?? '',
        codeChallengeMethod: params.code_challenge_method ?? 'plain',
        nonce: params.nonce ?? '',
        person,
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (params.state) back.searchParams.set('state', params.state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(body));
        const answer = (status: number, payload: unknown) => {
          mock.tokenRequests.push({ params, status });
          json(status, payload);
        };
        if (params.client_id !== clientId || params.client_secret !== clientSecret) return answer(401, { error: 'invalid_client' });
        const issued = params.code ? codes.get(params.code) : undefined;
        if (!issued || params.grant_type !== 'authorization_code' || params.redirect_uri !== issued.redirectUri) {
          return answer(400, { error: 'invalid_grant' });
        }
        codes.delete(params.code!);
        const verifier = params.code_verifier ?? '';
        const expected = issued.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
        if (!verifier || expected !== issued.codeChallenge)
          return answer(400, { error: 'invalid_grant', error_description: 'PKCE mismatch' });
        const iat = Math.floor(now().getTime() / 1000);
        const claims = {
          iss: mock.issuer,
          azp: clientId,
          aud: tamper === 'wrong-audience' ? 'someone-else' : clientId,
          sub: issued.person.sub,
          email: issued.person.email,
          email_verified: issued.person.emailVerified,
          given_name: issued.person.givenName,
          family_name: issued.person.familyName,
          picture: issued.person.picture,
          nonce: tamper === 'wrong-nonce' ? 'another-nonce' : issued.nonce,
          iat,
          exp: iat + 3600,
        };
        let idToken = signJwt(privateKey, kid, claims);
        if (tamper === 'bad-signature') {
          const [h, , s] = idToken.split('.');
          idToken = `${h}.${base64url(JSON.stringify({ ...claims, email: 'attacker@gmail.com' }))}.${s}`;
        }
        return answer(200, {
          access_token: 'ya29.test',
          expires_in: 3599,
          token_type: 'Bearer',
          scope: 'openid email profile',
          id_token: idToken,
        });
      });
      return;
    }

    json(404, { error: 'not_found', path: url.pathname });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mock.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return mock;
}
