/**
 * Queued writes go to their owner's account only (issue 21, defect 7). The PWA's outbox sends each
 * queued write with its owner's user id in X-Outbox-Owner (src/shared/outbox-owner.ts); a write
 * whose owner is not the session's user is refused before any route runs: 401 without a session
 * (the owner's session ended: they sign in again), 409 session_user_changed under someone else's
 * (the device set it aside for its owner). Requests without the header are not affected.
 */
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod/mini';

import { OUTBOX_OWNER_HEADER, OUTBOX_OWNER_PATTERN, SESSION_USER_CHANGED_CODE } from '../../src/shared/outbox-owner';
import type { AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';

const outboxOwnerSchema = z.pipe(z.string().check(z.trim(), z.regex(OUTBOX_OWNER_PATTERN)), z.transform(Number));

export const outboxOwnerCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header(OUTBOX_OWNER_HEADER);
  if (header === undefined) return next();
  const owner = outboxOwnerSchema.safeParse(header);
  if (!owner.success) {
    throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_outbox_owner', `${OUTBOX_OWNER_HEADER} must be a user id.`);
  }
  const user = c.get('user');
  if (!user) throw apiError(HTTP_STATUS.UNAUTHORIZED, 'unauthenticated', 'Please sign in.');
  if (user.id !== owner.data) {
    throw apiError(
      HTTP_STATUS.CONFLICT,
      SESSION_USER_CHANGED_CODE,
      'This change was saved by another account on this device; it was not applied to yours.',
    );
  }
  return next();
};
