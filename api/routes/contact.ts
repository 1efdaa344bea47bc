/**
 * POST /api/contact: the contact page's message form. Validated by the shared schema, stored in
 * contact_messages, and rate limited per client with the store's counters (api/lib/rate-limit), the
 * same client logic as sign-in (behind a proxy the last X-Forwarded-For hop, an IPv6 client by its
 * /64). The count is one atomic upsert, so concurrent posts cannot all pass a check made before any
 * of them was stored; the limit holds across restarts and several API instances.
 */
import { createHash } from 'node:crypto';

import { Hono } from 'hono';

import type { ContactMessageReceipt } from '../../src/shared/schemas/contact';
import { contactMessageSchema } from '../../src/shared/schemas/contact';
import type { AppDeps, AppEnv } from '../deps';
import { HTTP_STATUS } from '../lib/http-errors';
import type { RateLimitRule } from '../lib/rate-limit';
import { clientIp, hitRateLimit } from '../lib/rate-limit';
import { errorBody } from '../middleware/errors';
import { validate } from '../middleware/validate';

/** At most this many messages per client in one window. */
export const CONTACT_RATE_LIMIT_MAX = 5;
export const CONTACT_RATE_LIMIT_WINDOW_MS = 10 * 60 * 1000;
export const CONTACT_PER_CLIENT: RateLimitRule = {
  name: 'contact:ip',
  max: CONTACT_RATE_LIMIT_MAX,
  windowMs: CONTACT_RATE_LIMIT_WINDOW_MS,
};

/** The IP itself is never stored, only a hash that is enough to tell one client's messages apart. */
function clientKey(client: string): string {
  return createHash('sha256').update(`contact:${client}`).digest('hex').slice(0, 32);
}

export function contactRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/', validate('json', contactMessageSchema), async (c) => {
    const input = c.req.valid('json');
    const client = clientIp(c, deps.env.TRUST_PROXY);
    const limit = await hitRateLimit(deps.store.db, deps.clock, CONTACT_PER_CLIENT, client);
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return c.json(
        errorBody(HTTP_STATUS.TOO_MANY_REQUESTS, 'rate_limited', 'Too many messages. Please try again later.', {
          retryAfterSeconds: limit.retryAfterSeconds,
        }),
        HTTP_STATUS.TOO_MANY_REQUESTS,
      );
    }
    const receivedAt = deps.clock.now().toISOString();
    const row = await deps.store.db
      .insertInto('contact_messages')
      .values({ name: input.name, email: input.email, message: input.message, client_key: clientKey(client), created_at: receivedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    deps.logger.info('contact message stored', { id: row.id });
    // The manager's inbox badge (issue 18) follows without a reload.
    deps.liveEvents.publish({ type: 'inbox-changed', at: receivedAt });
    const body: ContactMessageReceipt = { id: row.id, receivedAt };
    return c.json(body, HTTP_STATUS.CREATED);
  });
}
