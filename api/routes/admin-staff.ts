/**
 * /api/admin/staff (issue 22, "each manager account can be given one location or all"): the manager
 * accounts, for managers of every kitchen only (403 all_kitchens_only for a location-limited one,
 * before anything else is read; docs/decisions/0139-boards-per-location.md).
 * - GET /: every manager account, its kitchen (null: all), whether it has set a password yet.
 * - POST /: invite a manager for one kitchen or all: an account with the admin role and no password,
 *   and a mail with a single-use set-password link. An e-mail that already has an account (a
 *   customer's too) is refused 409: never promoted (docs/decisions/0146-manager-accounts-invited-by-mail.md);
 *   but a manager removed here earlier is invited again (0160-former-managers-invited-again.md).
 *   An Idempotency-Key (optional) replays the first answer of a retried invitation.
 * - POST /:userId/invitation: a new link for an invitee who has not set a password yet.
 * - PUT /:userId/location: which kitchen a manager works for; takes effect at the account's next
 *   request (the session reads the account row each time).
 * - DELETE /:userId: the account stops being a manager (role customer, no password, every session
 *   and pending link ended), marked as a former manager.
 * Never one's own account (limit or remove), never the account ADMIN_EMAIL names (removed here it
 * would stop the next start), and never leaving no manager of every kitchen.
 * Offline (the Staff section): these need the network; nothing is queued.
 */
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod/mini';

import { managerLocationSchema } from '../../src/shared/schemas/scheduling';
import { STAFF_EMAIL_TAKEN_CODE, staffInviteSchema } from '../../src/shared/schemas/staff';
import { listManagers, otherAllKitchenManagers, queueStaffInvitation, toStaffMember } from '../accounts/staff';
import { RESET_PASSWORD_PURPOSE, retireTokens } from '../accounts/tokens';
import type { AppDeps, AppEnv } from '../deps';
import { requestLocale } from '../lib/request-locale';
import { endSessionsAfterCredentialChange } from '../lib/credentials';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { runIdempotentWhenKeyed } from '../lib/idempotency';
import { requireAllKitchens } from '../lib/manager-scope';
import { requireAdmin, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';
import { ADMIN_ROLE, endOtherWaysIn, insertManager } from '../store/admin-account';
import type { Database, UserRow } from '../store/schema';
import { emailKey, findUserByEmail, findUserById } from '../store/users-queries';

const USER_PARAM = z.object({ userId: z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)) });
const INVITE_ROUTE = 'staff-invite';

/** 403 for a location-limited manager on every route here, before validation reads the request. */
const allKitchensOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAllKitchens(sessionUser(c));
  await next();
};

const notAManager = () => apiError(HTTP_STATUS.NOT_FOUND, 'manager_not_found', 'No manager account with this id.');
const lastManager = () =>
  apiError(HTTP_STATUS.UNPROCESSABLE, 'last_all_kitchens_manager', 'At least one manager of every kitchen must remain.');

export function adminStaffRoutes(deps: AppDeps) {
  const db = deps.store.db;
  const configuredEmail = deps.env.ADMIN_EMAIL;

  async function managerById(executor: Kysely<Database> | Transaction<Database>, userId: number): Promise<UserRow> {
    const target = await findUserById(executor, userId);
    if (!target || target.role !== ADMIN_ROLE) throw notAManager();
    return target;
  }

  async function assertLocationExists(locationId: number | null): Promise<void> {
    if (locationId === null) return;
    const location = await db.selectFrom('locations').select('id').where('id', '=', locationId).executeTakeFirst();
    if (!location) throw apiError(HTTP_STATUS.UNPROCESSABLE, 'location_not_found', 'This location does not exist.');
  }

  /**
   * A former manager invited again: the manager role back, with what the invitation says, and no way
   * in but the invitation's link (whatever password, sign-in provider, session or trusted device the
   * account had as a customer since is ended, as for a new manager). Undefined when the account
   * changed since it was read (another invitation at the same moment): the caller answers 409.
   */
  async function reinstateManager(
    trx: Transaction<Database>,
    userId: number,
    invite: { firstName: string; lastName: string; locationId: number | null },
    now: string,
  ): Promise<UserRow | undefined> {
    const row = await trx
      .updateTable('users')
      .set({
        role: ADMIN_ROLE,
        password_hash: null,
        first_name: invite.firstName,
        last_name: invite.lastName,
        manager_location_id: invite.locationId,
        manager_removed_at: null,
        updated_at: now,
      })
      .where('id', '=', userId)
      .where('manager_removed_at', 'is not', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await endOtherWaysIn(trx, userId);
    return row;
  }

  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .use('*', allKitchensOnly)
    .get('/', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ staff: await listManagers(db, configuredEmail) });
    })
    .post('/', validate('json', staffInviteSchema), async (c) => {
      const me = sessionUser(c);
      const input = c.req.valid('json');
      const email = emailKey(input.email);
      const answer = await runIdempotentWhenKeyed(
        c,
        db,
        deps.clock,
        `user:${me.id}:${INVITE_ROUTE}`,
        input,
        async () => {
          const existing = await findUserByEmail(db, email);
          // A manager removed from the staff may be invited again (0160); any other account is refused.
          if (existing && existing.manager_removed_at === null) {
            throw apiError(
              HTTP_STATUS.CONFLICT,
              STAFF_EMAIL_TAKEN_CODE,
              existing.role === ADMIN_ROLE
                ? 'This e-mail is already a manager account.'
                : 'This e-mail already has a customer account. A customer account is never made a manager: invite another e-mail address.',
            );
          }
          await assertLocationExists(input.locationId);
          return existing;
        },
        async (trx, formerManager) => {
          const now = deps.clock.now().toISOString();
          const invited = formerManager
            ? await reinstateManager(trx, formerManager.id, input, now)
            : // Someone registered this e-mail since the check above: the unique index decides, nothing is promoted.
              await insertManager(trx, {
                email,
                passwordHash: null,
                firstName: input.firstName,
                lastName: input.lastName,
                locationId: input.locationId,
                now,
              });
          if (!invited) throw apiError(HTTP_STATUS.CONFLICT, STAFF_EMAIL_TAKEN_CODE, 'This e-mail has just been given an account.');
          await queueStaffInvitation(trx, deps, invited, me, requestLocale(c));
          return { status: HTTP_STATUS.CREATED, body: { member: toStaffMember(invited, configuredEmail) } };
        },
      );
      deps.logger.info('manager invited', { by: me.id, locationId: input.locationId });
      return c.json(answer.body as object, answer.status);
    })
    .post('/:userId/invitation', validate('param', USER_PARAM), async (c) => {
      const me = sessionUser(c);
      const { userId } = c.req.valid('param');
      const member = await db.transaction().execute(async (trx) => {
        const target = await managerById(trx, userId);
        if (target.password_hash !== null) {
          throw apiError(
            HTTP_STATUS.CONFLICT,
            'password_already_set',
            'This manager has set a password already. If it is forgotten, "Forgot password?" in the sign-in dialog sends a new link.',
          );
        }
        await queueStaffInvitation(trx, deps, target, me, requestLocale(c));
        return toStaffMember(target, configuredEmail);
      });
      return c.json({ member });
    })
    .put('/:userId/location', validate('param', USER_PARAM), validate('json', managerLocationSchema), async (c) => {
      const me = sessionUser(c);
      const { userId } = c.req.valid('param');
      const { locationId } = c.req.valid('json');
      if (userId === me.id && locationId !== null) {
        throw apiError(HTTP_STATUS.UNPROCESSABLE, 'own_location', 'A manager cannot limit their own account to one kitchen.');
      }
      await managerById(db, userId);
      await assertLocationExists(locationId);
      await db.transaction().execute(async (trx) => {
        if (locationId !== null && (await otherAllKitchenManagers(trx, deps.store.dialect, userId)) === 0) throw lastManager();
        await trx
          .updateTable('users')
          .set({ manager_location_id: locationId, updated_at: deps.clock.now().toISOString() })
          .where('id', '=', userId)
          .where('role', '=', ADMIN_ROLE)
          .execute();
      });
      return c.json({ userId, locationId });
    })
    .delete('/:userId', validate('param', USER_PARAM), async (c) => {
      const me = sessionUser(c);
      const { userId } = c.req.valid('param');
      if (userId === me.id) throw apiError(HTTP_STATUS.UNPROCESSABLE, 'own_account', 'You cannot remove your own manager account.');
      const now = deps.clock.now();
      await db.transaction().execute(async (trx) => {
        const target = await managerById(trx, userId);
        if (configuredEmail !== undefined && emailKey(configuredEmail) === emailKey(target.email)) {
          throw apiError(
            HTTP_STATUS.UNPROCESSABLE,
            'configured_manager',
            "This is the manager account the server's configuration names (ADMIN_EMAIL): change it there.",
          );
        }
        if ((await otherAllKitchenManagers(trx, deps.store.dialect, userId)) === 0) throw lastManager();
        await trx
          .updateTable('users')
          // No password: the person's way back in, even as a customer, is their own mailbox ("Forgot password?").
          .set({
            role: 'customer',
            password_hash: null,
            manager_location_id: null,
            manager_removed_at: now.toISOString(),
            updated_at: now.toISOString(),
          })
          .where('id', '=', userId)
          .execute();
        await endSessionsAfterCredentialChange(trx, userId);
        // A pending invitation (or reset) link stops working, and no device stays trusted for sign-in.
        await retireTokens(trx, userId, RESET_PASSWORD_PURPOSE, now);
        await trx.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
      });
      deps.logger.info('manager removed', { by: me.id, userId });
      return c.json({ userId });
    });
}
