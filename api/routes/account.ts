/**
 * /api/account: self-service account security (issue 21; no account takeover). Verify the e-mail (a
 * single-use link, 24 h), change the password (the current one required; every other session
 * ends), reset a forgotten password by an e-mail link (single-use, 30 min; the same answer whether
 * the address has an account or not; rate limited), sign out everywhere, download my data, delete
 * my account (orders kept for accounting with the personal fields anonymised).
 *
 * Tokens: 32 random bytes sent in the link; only their SHA-256 is stored (account_tokens), so a
 * leaked store holds no usable link. Mail is written to the server outbox in the same transaction
 * as its cause and sent by the outbox worker, never on the request's path.
 *
 * These routes need the network by nature; the PWA shows their failure and never queues them.
 */
import { Hono } from 'hono';
import type { Kysely, Transaction } from 'kysely';

import { isLocale } from '../../src/shared/i18n/locales';
import { isFinalStatus } from '../../src/shared/domain/order-status';
import {
  type AccountExport,
  type AccountSecurity,
  changePasswordInputSchema,
  deleteAccountInputSchema,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  passwordResetCompleteSchema,
  type PasswordResetRequested,
  passwordResetRequestSchema,
  RECENT_SIGN_IN_MS,
  RESET_PASSWORD_TTL_MS,
  verifyEmailInputSchema,
} from '../../src/shared/schemas/account-security';
import { orderStatusSchema } from '../../src/shared/schemas/order';
import { passwordChangedMessage, resetPasswordMessage } from '../accounts/messages';
import { createAccountsService } from '../accounts/service';
import {
  consumeToken,
  issueToken,
  mailContext,
  mailTo,
  queueEmailVerification,
  RESET_PASSWORD_PURPOSE,
  retireTokens,
  VERIFY_EMAIL_PURPOSE,
} from '../accounts/tokens';
import type { AppDeps, AppEnv } from '../deps';
import type { MailMessage } from '../integrations/mail/port';
import { enqueueMail, MAIL_OUTBOX_KIND, mailRecipientOf } from '../integrations/mail/outbox';
import { requestLocale } from '../lib/request-locale';
import { endSessionsAfterCredentialChange } from '../lib/credentials';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { listOrders } from '../lib/order-records';
import { anonymiseOrders } from '../orders';
import { hashPassword, verifyPassword } from '../lib/password';
import type { RateLimitRule } from '../lib/rate-limit';
import { clientIp, enforceRateLimits } from '../lib/rate-limit';
import { clearSessionCookie, hashToken } from '../lib/sessions';
import { requireUser, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';
import type { Database, UserRow } from '../store/schema';
import { findUserByEmail, findUserById, identityProvidersOf, revokeAccountAccess, updateUser } from '../store/users-queries';
import { toAddress } from './addresses';

type Db = Kysely<Database> | Transaction<Database>;

const ONE_HOUR_MS = 60 * 60 * 1000;
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/** Reset requests per e-mail: a mailbox is not flooded, whoever asks. */
export const RESET_PER_EMAIL: RateLimitRule = { name: 'password-reset:email', max: 3, windowMs: ONE_HOUR_MS };
/** Reset requests per client address: one client cannot mail every address it knows. */
export const RESET_PER_CLIENT: RateLimitRule = { name: 'password-reset:ip', max: 20, windowMs: ONE_HOUR_MS };
/** Verification e-mails an account may ask for again. */
export const VERIFY_RESEND_PER_USER: RateLimitRule = { name: 'verify-email:user', max: 5, windowMs: ONE_HOUR_MS };
/** Password confirmations per account (change, delete): a stolen session cannot guess the password. */
export const PASSWORD_CHECK_PER_USER: RateLimitRule = { name: 'password-check:user', max: 10, windowMs: FIFTEEN_MINUTES_MS };

/** What an anonymised order's customer name reads on the board and in the books. */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';
export const DELETED_USER_STATUS = 'deleted';
/** A unique, undeliverable address (RFC 2606 .invalid) keeps users.email unique and frees the real one. */
export function deletedEmailOf(userId: number): string {
  return `deleted-${userId}@deleted.invalid`;
}

const INVALID_LINK = () =>
  apiError(
    HTTP_STATUS.BAD_REQUEST,
    'invalid_token',
    'This link is not valid any more (used, expired or mistyped). Please ask for a new one.',
  );

/** Until when the current session counts as a fresh sign-in (its creation + RECENT_SIGN_IN_MS), or null. */
async function recentSignInUntil(db: Db, sessionId: string | null, now: Date): Promise<Date | null> {
  if (!sessionId) return null;
  const session = await db.selectFrom('sessions').select('created_at').where('id', '=', sessionId).executeTakeFirst();
  if (!session) return null;
  const until = new Date(new Date(session.created_at).getTime() + RECENT_SIGN_IN_MS);
  return until.getTime() > now.getTime() ? until : null;
}

/** Orders the restaurant still has to hand over: their address and phone are needed until then. */
function isOpenOrder(row: { status: string; payment_method: string; payment_status: string }): boolean {
  const status = orderStatusSchema.safeParse(row.status);
  if (!status.success || isFinalStatus(status.data)) return false;
  // A card checkout that was never paid is not going to the kitchen.
  return !(row.payment_method === 'card' && row.payment_status !== 'paid');
}

export function accountRoutes(deps: AppDeps) {
  const { db } = deps.store;
  const accounts = createAccountsService(deps);

  /** The account's password (rate limited per account), or, without one, a sign-in within RECENT_SIGN_IN_MS. */
  async function confirmIdentity(
    c: Parameters<typeof enforceRateLimits>[0],
    user: UserRow,
    sessionId: string | null,
    password: string | undefined,
  ): Promise<void> {
    if (user.password_hash) {
      if (!password) throw apiError(HTTP_STATUS.BAD_REQUEST, 'password_required', 'Please enter your current password.');
      await enforceRateLimits(c, db, deps.clock, [[PASSWORD_CHECK_PER_USER, String(user.id)]]);
      if (!(await verifyPassword(password, user.password_hash))) {
        throw apiError(HTTP_STATUS.FORBIDDEN, 'wrong_password', 'The current password is not right.');
      }
      return;
    }
    if (!(await recentSignInUntil(db, sessionId, deps.clock.now()))) {
      throw apiError(
        HTTP_STATUS.FORBIDDEN,
        'reauthentication_required',
        'For your safety, please sign out and sign in again, then try again within 10 minutes.',
      );
    }
  }

  return new Hono<AppEnv>()
    .get('/security', requireUser, async (c) => {
      const user = sessionUser(c);
      const until = await recentSignInUntil(db, c.get('sessionId'), deps.clock.now());
      const body: AccountSecurity = {
        email: user.email,
        emailVerified: user.email_verified_at !== null,
        hasPassword: user.password_hash !== null,
        passwordManagedElsewhere: await accounts.passwordManagedElsewhere(user.id),
        recentSignInUntil: until ? until.toISOString() : null,
      };
      return c.json(body, HTTP_STATUS.OK);
    })

    .post('/verify-email/resend', requireUser, async (c) => {
      const user = sessionUser(c);
      if (user.email_verified_at !== null) {
        throw apiError(HTTP_STATUS.CONFLICT, 'already_verified', 'Your e-mail is already confirmed.');
      }
      await enforceRateLimits(c, db, deps.clock, [[VERIFY_RESEND_PER_USER, String(user.id)]]);
      await queueEmailVerification(deps, user);
      return c.json({ sent: true }, HTTP_STATUS.OK);
    })

    .post('/verify-email', validate('json', verifyEmailInputSchema), async (c) => {
      const { token } = c.req.valid('json');
      const now = deps.clock.now();
      const email = await db.transaction().execute(async (trx) => {
        const row = await consumeToken(trx, token, VERIFY_EMAIL_PURPOSE, now);
        if (!row) throw INVALID_LINK();
        const user = await findUserById(trx, row.user_id);
        // A link proves the address it was sent to, and only while the account still uses it.
        if (!user || user.status !== 'active' || user.email.toLowerCase() !== row.email.toLowerCase()) throw INVALID_LINK();
        await updateUser(trx, user.id, { email_verified_at: user.email_verified_at ?? now.toISOString(), updated_at: now.toISOString() });
        await retireTokens(trx, user.id, VERIFY_EMAIL_PURPOSE, now);
        return user.email;
      });
      return c.json({ verified: true, email }, HTTP_STATUS.OK);
    })

    .post('/password', requireUser, validate('json', changePasswordInputSchema), async (c) => {
      const user = sessionUser(c);
      const input = c.req.valid('json');
      if (await accounts.passwordManagedElsewhere(user.id)) {
        throw apiError(
          HTTP_STATUS.CONFLICT,
          'password_managed_elsewhere',
          "Your password is kept by the restaurant's account system; change it there.",
        );
      }
      await confirmIdentity(c, user, c.get('sessionId'), input.currentPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const now = deps.clock.now();
      const othersRemote = await accounts.remoteSessionsOf(user.id, { exceptSessionId: c.get('sessionId') });
      await db.transaction().execute(async (trx) => {
        await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now.toISOString() });
        // Every other device is signed out; this one stays (it just proved it knows the password).
        await endSessionsAfterCredentialChange(trx, user.id, { keepSessionId: c.get('sessionId') });
        await retireTokens(trx, user.id, RESET_PASSWORD_PURPOSE, now);
        await enqueueMail(trx, passwordChangedMessage(mailTo(user, requestLocale(c)), await mailContext(trx, deps.env)), {
          dedupeKey: `password-changed:${user.id}:${now.toISOString()}`,
          now,
        });
      });
      await accounts.endRemoteSessions(othersRemote);
      return c.body(null, HTTP_STATUS.NO_CONTENT);
    })

    .post('/password-reset/request', validate('json', passwordResetRequestSchema), async (c) => {
      const { email } = c.req.valid('json');
      const key = email.toLowerCase();
      // Both buckets count every request, known address or not: the limits say nothing about accounts.
      await enforceRateLimits(c, db, deps.clock, [
        [RESET_PER_CLIENT, clientIp(c, deps.env.TRUST_PROXY)],
        [RESET_PER_EMAIL, key],
      ]);
      const user = await findUserByEmail(db, key);
      if (user && user.status === 'active' && !(await accounts.passwordManagedElsewhere(user.id))) {
        const now = deps.clock.now();
        await db.transaction().execute(async (trx) => {
          const token = await issueToken(trx, user, RESET_PASSWORD_PURPOSE, RESET_PASSWORD_TTL_MS, now);
          const message: MailMessage = resetPasswordMessage(mailTo(user, requestLocale(c)), token, await mailContext(trx, deps.env));
          await enqueueMail(trx, message, { dedupeKey: `reset:${hashToken(token)}`, now });
        });
      }
      const body: PasswordResetRequested = { message: PASSWORD_RESET_REQUESTED_MESSAGE };
      return c.json(body, HTTP_STATUS.OK);
    })

    .post('/password-reset/complete', validate('json', passwordResetCompleteSchema), async (c) => {
      const input = c.req.valid('json');
      const passwordHash = await hashPassword(input.newPassword);
      const now = deps.clock.now();
      const userId = await db.transaction().execute(async (trx) => {
        const row = await consumeToken(trx, input.token, RESET_PASSWORD_PURPOSE, now);
        if (!row) throw INVALID_LINK();
        const user = await findUserById(trx, row.user_id);
        if (!user || user.status !== 'active' || user.email.toLowerCase() !== row.email.toLowerCase()) throw INVALID_LINK();
        await updateUser(trx, user.id, {
          password_hash: passwordHash,
          // Opening the link proved the mailbox is theirs.
          email_verified_at: user.email_verified_at ?? now.toISOString(),
          updated_at: now.toISOString(),
        });
        await endSessionsAfterCredentialChange(trx, user.id);
        await retireTokens(trx, user.id, RESET_PASSWORD_PURPOSE, now);
        await enqueueMail(trx, passwordChangedMessage(mailTo(user, requestLocale(c)), await mailContext(trx, deps.env)), {
          dedupeKey: `password-changed:${user.id}:${now.toISOString()}`,
          now,
        });
        return user.id;
      });
      deps.logger.info('password reset by e-mail link', { userId });
      return c.json({ reset: true }, HTTP_STATUS.OK);
    })

    .post('/sign-out-everywhere', requireUser, async (c) => {
      const user = sessionUser(c);
      await accounts.signOutEverywhere(user.id);
      clearSessionCookie(c, deps.env);
      return c.body(null, HTTP_STATUS.NO_CONTENT);
    })

    .get('/export', requireUser, async (c) => {
      const user = sessionUser(c);
      const now = deps.clock.now();
      const [addresses, orders, identities] = await Promise.all([
        db.selectFrom('customer_addresses').selectAll().where('customer_id', '=', user.id).orderBy('id').execute(),
        listOrders(db, user.id),
        identityProvidersOf(db, user.id),
      ]);
      const body: AccountExport = {
        exportedAt: now.toISOString(),
        profile: {
          email: user.email,
          firstName: user.first_name,
          lastName: user.last_name,
          phone: user.phone,
          createdAt: user.created_at,
          emailVerifiedAt: user.email_verified_at,
          language: isLocale(user.language) ? user.language : null,
          signInProviders: [...(user.password_hash ? ['password'] : []), ...identities],
        },
        addresses: addresses.map(toAddress),
        orders,
      };
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="my-account-data-${now.toISOString().slice(0, 10)}.json"`);
      return c.json(body, HTTP_STATUS.OK);
    })

    .post('/delete', requireUser, validate('json', deleteAccountInputSchema), async (c) => {
      const user = sessionUser(c);
      const input = c.req.valid('json');
      await confirmIdentity(c, user, c.get('sessionId'), input.password);
      const orders = await db
        .selectFrom('orders')
        .select(['status', 'payment_method', 'payment_status'])
        .where('customer_id', '=', user.id)
        .execute();
      if (orders.some(isOpenOrder)) {
        throw apiError(
          HTTP_STATUS.CONFLICT,
          'open_orders',
          'You have an order on its way. You can delete your account once it is delivered or cancelled.',
        );
      }
      const remoteSessions = await accounts.remoteSessionsOf(user.id);
      const now = deps.clock.now().toISOString();
      const anonymousEmail = deletedEmailOf(user.id);
      await db.transaction().execute(async (trx) => {
        // Orders stay for the books (amounts, items, dates); who and where leave them (the orders module's write).
        await anonymiseOrders(trx, user.id, { customerName: DELETED_CUSTOMER_NAME, customerEmail: anonymousEmail, at: now });
        // Free text the person wrote about an order.
        await trx.deleteFrom('order_feedback').where('customer_id', '=', user.id).execute();
        await trx.deleteFrom('customer_addresses').where('customer_id', '=', user.id).execute();
        await revokeAccountAccess(trx, user.id);
        await trx.deleteFrom('account_tokens').where('user_id', '=', user.id).execute();
        // Stored answers of the person's writes (profile, addresses, orders) hold their details.
        await trx.deleteFrom('idempotency_keys').where('scope', 'like', `user:${user.id}:%`).execute();
        // Mail not sent yet (a verification link, a notice) goes nowhere now.
        const pendingMail = await trx
          .selectFrom('outbox')
          .select(['id', 'payload'])
          .where('kind', '=', MAIL_OUTBOX_KIND)
          .where('status', '=', 'pending')
          .execute();
        const theirs = pendingMail.filter((row) => mailRecipientOf(row.payload) === user.email.toLowerCase()).map((row) => row.id);
        if (theirs.length > 0) await trx.deleteFrom('outbox').where('id', 'in', theirs).execute();
        // orders.customer_id references users: the row stays, with nothing personal and no way in.
        await trx
          .updateTable('users')
          .set({
            email: anonymousEmail,
            password_hash: null,
            first_name: '',
            last_name: '',
            phone: null,
            avatar: null,
            status: DELETED_USER_STATUS,
            email_verified_at: null,
            updated_at: now,
          })
          .where('id', '=', user.id)
          .execute();
      });
      clearSessionCookie(c, deps.env);
      await accounts.endRemoteSessions(remoteSessions);
      deps.logger.info('account deleted', { userId: user.id });
      return c.body(null, HTTP_STATUS.NO_CONTENT);
    });
}
