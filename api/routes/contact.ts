/**
 * POST /api/contact: the contact page's message form. Validated by the shared schema, stored in
 * contact_messages, and rate limited per client IP IN THE STORE (a count over a sliding window of
 * that client's stored messages), so the limit holds across restarts and several API instances.
 */
import { createHash } from 'node:crypto';

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { Hono } from 'hono';

import type { ContactMessageReceipt } from '../../src/shared/schemas/contact';
import { contactMessageSchema } from '../../src/shared/schemas/contact';
import type { AppDeps, AppEnv } from '../deps';
import { HTTP_STATUS } from '../lib/http-errors';
import { errorBody } from '../middleware/errors';
import { validate } from '../middleware/validate';

/** At most this many messages per client in one window. */
export const CONTACT_RATE_LIMIT_MAX = 5;
export const CONTACT_RATE_LIMIT_WINDOW_MS = 10 * 60 * 1000;
const MS_PER_SECOND = 1000;

function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'unknown';
  }
}

/** The IP itself is never stored, only a hash that is enough to count one client's messages. */
function clientKey(ip: string): string {
  return createHash('sha256').update(`contact:${ip}`).digest('hex').slice(0, 32);
}

export function contactRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/', validate('json', contactMessageSchema), async (c) => {
    const input = c.req.valid('json');
    const now = deps.clock.now();
    const key = clientKey(clientIp(c, deps.env.TRUST_PROXY));
    const windowStart = new Date(now.getTime() - CONTACT_RATE_LIMIT_WINDOW_MS).toISOString();
    const recent = await deps.store.db
      .selectFrom('contact_messages')
      .select('created_at')
      .where('client_key', '=', key)
      .where('created_at', '>', windowStart)
      .orderBy('created_at', 'asc')
      .execute();
    if (recent.length >= CONTACT_RATE_LIMIT_MAX) {
      const oldest = new Date(recent[0]!.created_at).getTime();
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + CONTACT_RATE_LIMIT_WINDOW_MS - now.getTime()) / MS_PER_SECOND));
      c.header('Retry-After', String(retryAfterSeconds));
      return c.json(
        errorBody(HTTP_STATUS.TOO_MANY_REQUESTS, 'rate_limited', 'Too many messages. Please try again later.', { retryAfterSeconds }),
        HTTP_STATUS.TOO_MANY_REQUESTS,
      );
    }
    const receivedAt = now.toISOString();
    const row = await deps.store.db
      .insertInto('contact_messages')
      .values({ name: input.name, email: input.email, message: input.message, client_key: key, created_at: receivedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    deps.logger.info('contact message stored', { id: row.id });
    const body: ContactMessageReceipt = { id: row.id, receivedAt };
    return c.json(body, HTTP_STATUS.CREATED);
  });
}
