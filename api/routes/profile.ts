/**
 * /api/profile: the signed-in person updates their first name, last name and phone. The e-mail is
 * read-only (it identifies the account). Only the session's own user row is ever touched.
 *
 * Offline: the PWA does not queue this yet; the edit fails with a clear message and nothing changes
 * (the outbox for profile edits is a later issue).
 */
import { Hono } from 'hono';

import { profileUpdateSchema, type UserResponse } from '../../src/shared/schemas/account';
import type { AppDeps, AppEnv } from '../deps';
import { toCurrentUser } from '../lib/current-user';
import { HTTP_STATUS } from '../lib/http-errors';
import { requireUser, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';

export function profileRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return new Hono<AppEnv>()
    .get('/', requireUser, (c) => {
      const body: UserResponse = { user: toCurrentUser(sessionUser(c)) };
      return c.json(body, HTTP_STATUS.OK);
    })
    .patch('/', requireUser, validate('json', profileUpdateSchema), async (c) => {
      const me = sessionUser(c);
      const input = c.req.valid('json');
      const user = await db
        .updateTable('users')
        .set({ first_name: input.firstName, last_name: input.lastName, phone: input.phone, updated_at: deps.clock.now().toISOString() })
        .where('id', '=', me.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const body: UserResponse = { user: toCurrentUser(user) };
      return c.json(body, HTTP_STATUS.OK);
    });
}
