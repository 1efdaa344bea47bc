/**
 * /api/profile: the signed-in person updates their first name, last name and phone, and chooses
 * their language (issue 23). The e-mail is read-only (it identifies the account). Only the
 * session's own user row is ever touched.
 *
 * Offline: the PWA queues an edit in its outbox and sends it with the entry's UUID as
 * Idempotency-Key on every attempt; with the header, the first answer is stored and replayed.
 */
import { Hono } from 'hono';
import type { Transaction } from 'kysely';

import { languageUpdateSchema, profileUpdateSchema, type UserResponse } from '../../src/shared/schemas/account';
import type { AppDeps, AppEnv } from '../deps';
import { toCurrentUser } from '../lib/current-user';
import { HTTP_STATUS } from '../lib/http-errors';
import { runIdempotentWhenKeyed } from '../lib/idempotency';
import type { Database } from '../store/schema';
import { requireUser, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';
import { PROFILE_WRITES, userWriteThrottle } from '../middleware/user-write-throttle';

const PATCH_PROFILE_ROUTE = 'PATCH /api/profile';

export function profileRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return (
    new Hono<AppEnv>()
      .get('/', requireUser, (c) => {
        const body: UserResponse = { user: toCurrentUser(sessionUser(c)) };
        return c.json(body, HTTP_STATUS.OK);
      })
      .patch('/', requireUser, userWriteThrottle(deps, PROFILE_WRITES), validate('json', profileUpdateSchema), async (c) => {
        const me = sessionUser(c);
        const input = c.req.valid('json');
        const update = async (trx: Transaction<Database>) => {
          const user = await trx
            .updateTable('users')
            .set({ first_name: input.firstName, last_name: input.lastName, phone: input.phone, updated_at: deps.clock.now().toISOString() })
            .where('id', '=', me.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          const body: UserResponse = { user: toCurrentUser(user) };
          return { status: HTTP_STATUS.OK, body };
        };
        // A queued edit carries its outbox key: a replay answers the first result and changes nothing.
        const answer = await runIdempotentWhenKeyed(
          c,
          db,
          deps.clock,
          `user:${me.id}:${PATCH_PROFILE_ROUTE}`,
          input,
          () => Promise.resolve(),
          update,
        );
        return c.json(answer.body as UserResponse, answer.status);
      })
      // Setting a value: a queued switch sent twice (offline, the outbox) sets the same language twice.
      // The person's pushes and e-mails are written in it from now on (api/notifications).
      .put('/language', requireUser, userWriteThrottle(deps, PROFILE_WRITES), validate('json', languageUpdateSchema), async (c) => {
        const { language } = c.req.valid('json');
        const user = await db
          .updateTable('users')
          .set({ language, updated_at: deps.clock.now().toISOString() })
          .where('id', '=', sessionUser(c).id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const body: UserResponse = { user: toCurrentUser(user) };
        return c.json(body, HTTP_STATUS.OK);
      })
  );
}
