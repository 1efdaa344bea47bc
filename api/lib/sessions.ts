/**
 * Server-side sessions (ARCHITECTURE "Server rules"). The browser holds a random token in
 * an HttpOnly, SameSite=Lax cookie (+Secure on https); the store keeps only its SHA-256, so a leaked
 * database holds no usable session. Sliding expiry: a session used after half its life is extended.
 * Sessions live in the store, so any API instance can serve any request.
 */
import { createHash, randomBytes } from 'node:crypto';

import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';

import type { Clock } from '../../src/shared/clock';
import type { Env } from '../env';
import type { Database, UserRow } from '../store/schema';

export const SESSION_COOKIE = 'cg_session';
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** Extend a session once less than this much of its life remains. */
export const SESSION_REFRESH_WHEN_REMAINING_MS = SESSION_TTL_MS / 2;
const TOKEN_BYTES = 32;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface CreatedSession {
  token: string;
  expiresAt: Date;
}

export async function createSession(db: Kysely<Database>, clock: Clock, userId: number): Promise<CreatedSession> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

export interface LoadedSession {
  sessionId: string;
  expiresAt: Date;
  user: UserRow;
  /** Set when the expiry was slid forward and the cookie must be re-sent. */
  refreshedExpiresAt: Date | null;
}

export async function loadSession(db: Kysely<Database>, clock: Clock, token: string): Promise<LoadedSession | null> {
  const sessionId = hashToken(token);
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  if (!row) return null;
  const now = clock.now();
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    return null;
  }
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  if (!user || user.status !== 'active') return null;
  let refreshedExpiresAt: Date | null = null;
  if (new Date(row.expires_at).getTime() - now.getTime() < SESSION_REFRESH_WHEN_REMAINING_MS) {
    refreshedExpiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db
      .updateTable('sessions')
      .set({ expires_at: refreshedExpiresAt.toISOString(), last_seen_at: now.toISOString() })
      .where('id', '=', sessionId)
      .execute();
  }
  return { sessionId, expiresAt: refreshedExpiresAt ?? new Date(row.expires_at), user, refreshedExpiresAt };
}

export async function destroySession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function destroyUserSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** What decides the site's origin: PUBLIC_URL when set, else the request (through a trusted proxy's X-Forwarded-Proto). */
export type SiteOriginConfig = Pick<Env, 'PUBLIC_URL' | 'TRUST_PROXY'>;

/**
 * The origin people use: PUBLIC_URL when set; otherwise the request's own, with the scheme of
 * X-Forwarded-Proto only when TRUST_PROXY is on (a TLS-terminating proxy talks plain http to us,
 * yet the browser is on https, so cookies need Secure and redirects need https).
 */
export function siteOriginOf(c: Context, config: SiteOriginConfig): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  const url = new URL(c.req.url);
  if (config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    if (forwarded === 'https' || forwarded === 'http') url.protocol = `${forwarded}:`;
  }
  return url.origin;
}

function isSecure(c: Context, config: SiteOriginConfig): boolean {
  return siteOriginOf(c, config).startsWith('https:');
}

export function readSessionToken(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function setSessionCookie(c: Context, token: string, expiresAt: Date, config: SiteOriginConfig): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c, config),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context, config: SiteOriginConfig): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isSecure(c, config) });
}
