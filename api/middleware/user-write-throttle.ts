/**
 * Per-user write throttles (issue 21, defect 11): a signed-in script could rewrite a profile or an
 * address book thousands of times a minute (each write also fans out to Directus when it is the
 * CMS). Unsafe methods count against the user's bucket in the store; past it 429 + Retry-After.
 * Reads are never counted. The limits are far above what a person (or a drained offline queue) does.
 * Runs after requireUser.
 */
import type { MiddlewareHandler } from 'hono';

import type { AppDeps, AppEnv } from '../deps';
import type { RateLimitRule } from '../lib/rate-limit';
import { enforceRateLimits } from '../lib/rate-limit';
import { sessionUser } from './session';

const TEN_MINUTES_MS = 10 * 60 * 1000;
export const PROFILE_WRITES: RateLimitRule = { name: 'write:profile', max: 30, windowMs: TEN_MINUTES_MS };
export const ADDRESS_WRITES: RateLimitRule = { name: 'write:addresses', max: 60, windowMs: TEN_MINUTES_MS };

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function userWriteThrottle(deps: AppDeps, rule: RateLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!READ_METHODS.has(c.req.method)) {
      await enforceRateLimits(c, deps.store.db, deps.clock, [[rule, String(sessionUser(c).id)]]);
    }
    await next();
  };
}
