/**
 * Login throttling that slows guessing without letting a stranger lock the owner out (issue 21,
 * defect 5; OWASP ASVS 6.3 "soft lockout" and device cookies):
 * - per (account, client): a few free failures, then each further attempt waits twice as long as the
 *   one before (capped), so one client guessing one password gets slower and slower;
 * - per account, across clients: a cap on failures in a window, so a botnet cannot guess without
 *   end either. A device that signed in to this account before (its trusted-device cookie) or holds
 *   a valid session of it is not held by that cap: a flood from elsewhere cannot lock its owner out.
 * Counters live in the store (rate_limits), shared by every instance, hashed like every bucket.
 */
import { randomBytes } from 'node:crypto';

import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import type { Clock } from '../../src/shared/clock';
import type { Database } from '../store/schema';
import { apiError, HTTP_STATUS } from './http-errors';
import type { RateLimitRule } from './rate-limit';
import { bucketKey, hitRateLimit, peekRateLimit } from './rate-limit';
import type { SiteOriginConfig } from './sessions';
import { hashToken, siteOriginOf } from './sessions';

/** Failures one client may make against one account before the delays start. */
export const LOGIN_FREE_FAILURES_PER_CLIENT = 5;
/** The first delay after the free failures; it doubles with every further failure. */
export const LOGIN_DELAY_BASE_MS = 2_000;
export const LOGIN_DELAY_MAX_MS = 15 * 60 * 1000;
/** A client's failures against an account are forgotten this long after its last one. */
export const LOGIN_FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;
const PAIR_RULE_NAME = 'login:account-client';

/** Failures against one account from every client; devices the account trusts are not held by it. */
export const LOGIN_ACCOUNT_FAILURES: RateLimitRule = { name: 'login:account', max: 50, windowMs: 60 * 60 * 1000 };

export const TRUSTED_DEVICE_COOKIE = 'cg_device';
export const TRUSTED_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
const DEVICE_TOKEN_BYTES = 32;

/** How long a client must wait after `failures` failures against one account (0: no wait). */
export function loginDelayMs(failures: number): number {
  const over = failures - LOGIN_FREE_FAILURES_PER_CLIENT;
  if (over < 0) return 0;
  return Math.min(LOGIN_DELAY_MAX_MS, LOGIN_DELAY_BASE_MS * 2 ** Math.min(over, 30));
}

function pairKey(account: string, client: string): string {
  // The separator cannot occur in an e-mail's local part unescaped, nor in an IP.
  return bucketKey({ name: PAIR_RULE_NAME, max: 0, windowMs: 0 }, `${account}\n${client}`);
}

export interface LoginThrottleInput {
  db: Kysely<Database>;
  clock: Clock;
  account: string;
  client: string;
  /** This request comes from a device that signed in to this account before, or holds its session. */
  trustedDevice: boolean;
}

/** The 429 + Retry-After of a login that must wait (the route's answer to a `wait` outcome). */
export function refuseLogin(c: Pick<Context, 'header'>, retryAfterMs: number): never {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  c.header('Retry-After', String(retryAfterSeconds));
  throw apiError(HTTP_STATUS.TOO_MANY_REQUESTS, 'rate_limited', 'Too many attempts. Please wait a moment and try again.', {
    retryAfterSeconds,
  });
}

/** How long this attempt must wait before any password is checked; 0: it may go ahead. */
export async function loginRetryAfterMs(input: LoginThrottleInput): Promise<number> {
  const now = input.clock.now().getTime();
  const pair = await input.db
    .selectFrom('rate_limits')
    .select(['count', 'window_started_at'])
    .where('key', '=', pairKey(input.account, input.client))
    .executeTakeFirst();
  if (pair) {
    const lastFailureMs = new Date(pair.window_started_at).getTime();
    const delayMs = loginDelayMs(pair.count);
    // No delay owed (still within the free failures): never refuse, even when another instance's
    // clock, which wrote the last failure's time, runs a little ahead of ours.
    if (delayMs > 0 && now - lastFailureMs < LOGIN_FAILURE_MEMORY_MS) {
      const waitUntil = lastFailureMs + delayMs;
      if (waitUntil > now) return waitUntil - now;
    }
  }
  if (input.trustedDevice) return 0;
  const accountFailures = await peekRateLimit(input.db, input.clock, LOGIN_ACCOUNT_FAILURES, input.account);
  return accountFailures.count >= LOGIN_ACCOUNT_FAILURES.max ? accountFailures.retryAfterSeconds * 1000 : 0;
}

/** Counts a failed attempt against the (account, client) pair and the account. */
export async function recordLoginFailure(input: Omit<LoginThrottleInput, 'trustedDevice'>): Promise<void> {
  const nowIso = input.clock.now().toISOString();
  const forgottenIfBefore = new Date(input.clock.now().getTime() - LOGIN_FAILURE_MEMORY_MS).toISOString();
  // window_started_at holds the last failure's time for this bucket; count the failures since memory.
  await input.db
    .insertInto('rate_limits')
    .values({ key: pairKey(input.account, input.client), window_started_at: nowIso, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_started_at <= ${forgottenIfBefore} then 1 else rate_limits.count + 1 end`,
        window_started_at: nowIso,
      }),
    )
    .execute();
  await hitRateLimit(input.db, input.clock, LOGIN_ACCOUNT_FAILURES, input.account);
}

/** A successful sign-in forgets this client's failures against the account (not the account-wide ones). */
export async function recordLoginSuccess(input: Omit<LoginThrottleInput, 'trustedDevice'>): Promise<void> {
  await input.db.deleteFrom('rate_limits').where('key', '=', pairKey(input.account, input.client)).execute();
}

/** Whether this trusted-device token (the request's cookie) belongs to this user and has not expired. */
export async function isTrustedDevice(db: Kysely<Database>, clock: Clock, userId: number, token: string | null): Promise<boolean> {
  if (!token) return false;
  const row = await db
    .selectFrom('trusted_devices')
    .select('expires_at')
    .where('id', '=', hashToken(token))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined && new Date(row.expires_at).getTime() > clock.now().getTime();
}

export interface TrustedDevice {
  token: string;
  expiresAt: Date;
}

/** After a successful sign-in: this device is trusted for the account (a new token each time, the previous one forgotten). */
export async function trustDevice(
  db: Kysely<Database>,
  clock: Clock,
  userId: number,
  previousToken: string | null,
): Promise<TrustedDevice> {
  if (previousToken) await db.deleteFrom('trusted_devices').where('id', '=', hashToken(previousToken)).execute();
  const token = randomBytes(DEVICE_TOKEN_BYTES).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + TRUSTED_DEVICE_TTL_MS);
  await db
    .insertInto('trusted_devices')
    .values({ id: hashToken(token), user_id: userId, created_at: now.toISOString(), expires_at: expiresAt.toISOString() })
    .execute();
  return { token, expiresAt };
}

export function readTrustedDeviceCookie(c: Context): string | null {
  return getCookie(c, TRUSTED_DEVICE_COOKIE) ?? null;
}

export function setTrustedDeviceCookie(c: Context, device: TrustedDevice, config: SiteOriginConfig): void {
  setCookie(c, TRUSTED_DEVICE_COOKIE, device.token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: siteOriginOf(c, config).startsWith('https:'),
    // Only the sign-in route reads it.
    path: '/api/auth',
    expires: device.expiresAt,
  });
}
