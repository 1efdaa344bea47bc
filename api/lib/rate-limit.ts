/**
 * Rate limits kept in the store, so several API instances behind a load balancer share
 * one count per bucket. A fixed window per bucket: the first hit opens it, every hit counts, and a
 * hit past the limit is refused until the window ends (answered 429 with Retry-After in seconds).
 * Hitting a full bucket does not extend its window, so a client that keeps trying recovers on time.
 *
 * Bucket keys hold SHA-256 hashes of the IP or e-mail, never the raw values (personal data).
 */
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import type { Clock } from '../../src/shared/clock';
import type { Database } from '../store/schema';
import { apiError, HTTP_STATUS } from './http-errors';

export interface RateLimitRule {
  /** Names the action and what is counted, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Whole seconds until the window ends (at least 1); meaningful when refused. */
  retryAfterSeconds: number;
}

/** Client identity when the request did not come through a socket (in-process tests, app.request). */
export const UNKNOWN_CLIENT = 'local';
/** Keep rows this long after their window opened (longer than any rule's window); api/jobs/sweeper.ts prunes them. */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

export function bucketKey(rule: RateLimitRule, value: string): string {
  return `${rule.name}:${createHash('sha256').update(value).digest('base64url')}`;
}

/** Counts one hit against the rule's bucket for `value` (atomic in the store) and says whether it is allowed. */
export async function hitRateLimit(db: Kysely<Database>, clock: Clock, rule: RateLimitRule, value: string): Promise<RateLimitResult> {
  const now = clock.now();
  const nowIso = now.toISOString();
  // A window that opened at or before this instant has ended; the hit opens a new one.
  const expiredIfBefore = new Date(now.getTime() - rule.windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key: bucketKey(rule, value), window_started_at: nowIso, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_started_at <= ${expiredIfBefore} then 1 else rate_limits.count + 1 end`,
        window_started_at: sql<string>`case when rate_limits.window_started_at <= ${expiredIfBefore} then ${nowIso} else rate_limits.window_started_at end`,
      }),
    )
    .returning(['count', 'window_started_at'])
    .executeTakeFirstOrThrow();

  const windowEndsMs = new Date(row.window_started_at).getTime() + rule.windowMs;
  return {
    allowed: row.count <= rule.max,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndsMs - now.getTime()) / 1000)),
  };
}

/** The bucket's count in its current window without counting a hit (0 when none is open). */
export async function peekRateLimit(db: Kysely<Database>, clock: Clock, rule: RateLimitRule, value: string): Promise<RateLimitResult> {
  const now = clock.now().getTime();
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_started_at'])
    .where('key', '=', bucketKey(rule, value))
    .executeTakeFirst();
  const windowEndsMs = row ? new Date(row.window_started_at).getTime() + rule.windowMs : now;
  const open = row !== undefined && windowEndsMs > now;
  const count = open ? row.count : 0;
  return { allowed: count < rule.max, count, retryAfterSeconds: Math.max(1, Math.ceil((windowEndsMs - now) / 1000)) };
}

/** Forgets a bucket (a successful login clears that account's failed-attempt count). */
export async function resetRateLimit(db: Kysely<Database>, rule: RateLimitRule, value: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', bucketKey(rule, value)).execute();
}

export async function pruneRateLimits(db: Kysely<Database>, clock: Clock): Promise<void> {
  const cutoff = new Date(clock.now().getTime() - PRUNE_AFTER_MS).toISOString();
  await db.deleteFrom('rate_limits').where('window_started_at', '<', cutoff).execute();
}

/**
 * Hits every (rule, value) pair, then refuses with 429 + Retry-After if any is over its limit.
 * All buckets are counted even when one is already full, so a client cannot probe them one by one.
 */
export async function enforceRateLimits(
  c: Context,
  db: Kysely<Database>,
  clock: Clock,
  checks: readonly (readonly [RateLimitRule, string])[],
): Promise<void> {
  const results = await Promise.all(checks.map(([rule, value]) => hitRateLimit(db, clock, rule, value)));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return;
  const retryAfterSeconds = Math.max(...refused.map((result) => result.retryAfterSeconds));
  c.header('Retry-After', String(retryAfterSeconds));
  throw apiError(HTTP_STATUS.TOO_MANY_REQUESTS, 'rate_limited', 'Too many attempts. Please wait a moment and try again.', {
    retryAfterSeconds,
  });
}

/**
 * The client for rate limiting. Behind a reverse proxy (TRUST_PROXY=true) it is the last
 * X-Forwarded-For entry, the one our own proxy appended (earlier entries are client-supplied and
 * could be forged); otherwise the socket's peer address. Without a socket (in-process), UNKNOWN_CLIENT.
 * An IPv6 client is its /64 (clientNetwork): one subscriber gets a whole /64 and can pick a new
 * address in it per request, so counting addresses would count nothing.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return clientNetwork(last);
  }
  try {
    return clientNetwork(getConnInfo(c).remote.address ?? UNKNOWN_CLIENT);
  } catch {
    return UNKNOWN_CLIENT;
  }
}

const IPV6_GROUPS = 8;
const IPV6_PREFIX_GROUPS = 4;

/**
 * IPv4 as it is ("::ffff:203.0.113.7" too, as 203.0.113.7); IPv6 as its /64 ("2001:db8:1:2::/64");
 * anything that is not an address as it is.
 */
export function clientNetwork(address: string): string {
  const value = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped) return mapped[1]!;
  if (!value.includes(':') || !isIP(value)) return value;
  const [head = '', tail = ''] = value.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = value.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = value.includes('::')
    ? [...headGroups, ...Array<string>(IPV6_GROUPS - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  const prefix = groups.slice(0, IPV6_PREFIX_GROUPS).map((group) => (group.includes('.') ? '0' : parseInt(group, 16).toString(16)));
  return `${prefix.join(':')}::/64`;
}
