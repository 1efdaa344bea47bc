/**
 * CMS=directus: customer accounts live in Directus users. Sign-in is Directus's own `POST /auth/login`
 * in session mode, the profile `GET /users/me` with that session, registration `POST /users/register`,
 * and logout `POST /auth/logout` (spec §7). The browser never talks to Directus: the server keeps the
 * Directus session token beside our own session row and the browser only ever holds our cookie.
 */
import { z } from 'zod/mini';

import { CmsUnavailableError } from '../cms/directus';

export const DIRECTUS_SESSION_COOKIE = 'directus_session_token';

const directusUserSchema = z.object({
  id: z.string().check(z.minLength(1)),
  email: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  phone: z.optional(z.nullable(z.string())),
  status: z.string(),
});
export type DirectusUser = z.infer<typeof directusUserSchema>;

export interface CmsAccounts {
  /** The user and its Directus session token; null when Directus says the credentials are wrong. */
  login(email: string, password: string): Promise<{ user: DirectusUser; session: string } | null>;
  /** Directus answers 204 whether or not the e-mail was new (it does not tell); a login afterwards does. */
  register(input: { email: string; password: string; firstName: string; lastName: string; phone: string | null }): Promise<void>;
  logout(session: string): Promise<void>;
  /** PATCH /users/me with the customer's own session (spec §7 profile update: first_name, last_name, phone). */
  updateMe(session: string, fields: { first_name?: string; last_name?: string; phone?: string | null }): Promise<void>;
}

export function createDirectusAccounts(options: { url: string; timeoutMs: number; fetch?: typeof fetch }): CmsAccounts {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call(path: string, init: { method?: string; body?: unknown; session?: string }): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.session ? { cookie: `${DIRECTUS_SESSION_COOKIE}=${init.session}` } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new CmsUnavailableError(`Directus did not answer ${path}: ${String(error)}`, { cause: error });
    }
  }

  return {
    async login(email, password) {
      const response = await call('/auth/login', { method: 'POST', body: { email, password, mode: 'session' } });
      if (response.status === 401) return null;
      if (!response.ok) throw new CmsUnavailableError(`Directus answered ${response.status} to /auth/login`);
      const session = response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0]!)
        .find((pair) => pair.startsWith(`${DIRECTUS_SESSION_COOKIE}=`))
        ?.slice(DIRECTUS_SESSION_COOKIE.length + 1);
      if (!session) throw new CmsUnavailableError('Directus /auth/login answered without a session cookie (is it 10.x?)');
      const me = await call('/users/me?fields=id,email,first_name,last_name,phone,status', { session });
      if (!me.ok) throw new CmsUnavailableError(`Directus answered ${me.status} to /users/me`);
      const parsed = z.object({ data: directusUserSchema }).safeParse(await me.json().catch(() => null));
      if (!parsed.success) {
        // Most often the customers' role may not read its own user: docs/directus.md lists the permission.
        throw new CmsUnavailableError(`Directus /users/me answered in an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`);
      }
      return { user: parsed.data.data, session };
    },

    async register(input) {
      const response = await call('/users/register', {
        method: 'POST',
        body: {
          email: input.email,
          password: input.password,
          // Directus's registration takes only these; the phone follows with updateMe once signed in.
          first_name: input.firstName,
          last_name: input.lastName,
        },
      });
      if (!response.ok) throw new CmsUnavailableError(`Directus answered ${response.status} to /users/register`);
    },

    async updateMe(session, fields) {
      const response = await call('/users/me', { method: 'PATCH', body: fields, session });
      if (!response.ok) throw new CmsUnavailableError(`Directus answered ${response.status} to PATCH /users/me`);
    },

    async logout(session) {
      const response = await call('/auth/logout', { method: 'POST', body: { mode: 'session' }, session });
      // 401/403: that Directus session had already ended; nothing left to end.
      if (!response.ok && response.status !== 401 && response.status !== 403) {
        throw new CmsUnavailableError(`Directus answered ${response.status} to /auth/logout`);
      }
    },
  };
}
