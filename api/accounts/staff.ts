/**
 * Manager accounts (issue 22; docs/decisions/0146-manager-accounts-invited-by-mail.md): who they
 * are, the invitation (an account with no password and a single-use set-password link by mail) and
 * the one rule every change keeps: at least one manager of every kitchen remains.
 * The HTTP side is api/routes/admin-staff.ts.
 */
import type { Kysely, Transaction } from 'kysely';

import type { StaffMember } from '../../src/shared/schemas/staff';
import { STAFF_INVITE_TTL_DAYS, STAFF_INVITE_TTL_MS } from '../../src/shared/schemas/staff';
import type { Locale } from '../../src/shared/i18n/locales';
import type { AppDeps } from '../deps';
import { enqueueMail } from '../integrations/mail/outbox';
import { hashToken } from '../lib/sessions';
import { ADMIN_ROLE } from '../store/admin-account';
import type { StoreDialect } from '../store/dialect';
import type { Database, UserRow } from '../store/schema';
import { emailKey } from '../store/users-queries';
import { staffInvitationMessage } from './messages';
import { issueToken, mailContext, mailTo, RESET_PASSWORD_PURPOSE, retireTokens } from './tokens';

type Db = Kysely<Database> | Transaction<Database>;

export function toStaffMember(row: UserRow, configuredEmail: string | undefined): StaffMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    locationId: row.manager_location_id ?? null,
    passwordSet: row.password_hash !== null,
    createdAt: row.created_at,
    setByConfiguration: configuredEmail !== undefined && emailKey(configuredEmail) === emailKey(row.email),
  };
}

/** Every manager account, oldest first. */
export async function listManagers(db: Db, configuredEmail: string | undefined): Promise<StaffMember[]> {
  const rows = await db.selectFrom('users').selectAll().where('role', '=', ADMIN_ROLE).orderBy('id').execute();
  return rows.map((row) => toStaffMember(row, configuredEmail));
}

/**
 * Active managers of every kitchen, leaving out one account: the one about to be removed or limited.
 * Read inside the change's transaction, so two managers removing (or limiting) each other at once
 * cannot both succeed and leave no manager of every kitchen: SQLite runs one write transaction at a
 * time; PostgreSQL (READ COMMITTED) would let both counts pass, so their rows are locked (FOR UPDATE)
 * and the second transaction waits, then no longer finds the account the first one changed. An
 * invitee who has not set a password yet counts: they can take over with the link, or a new one.
 */
export async function otherAllKitchenManagers(trx: Transaction<Database>, dialect: StoreDialect, exceptUserId: number): Promise<number> {
  let query = trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', ADMIN_ROLE)
    .where('manager_location_id', 'is', null)
    .where('status', '=', 'active');
  if (dialect === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  return rows.filter((row) => row.id !== exceptUserId).length;
}

/**
 * Mails the invitation: a set-password link of the reset purpose (the reset page sets the first
 * password too) that works for STAFF_INVITE_TTL_MS; any earlier link of the account stops working.
 */
export async function queueStaffInvitation(
  trx: Db,
  deps: Pick<AppDeps, 'clock' | 'env'>,
  user: UserRow,
  invitedBy: Pick<UserRow, 'first_name' | 'last_name'>,
  /** The inviting request's language: the invitation is in it unless the account chose one. */
  locale: Locale,
): Promise<void> {
  const now = deps.clock.now();
  await retireTokens(trx, user.id, RESET_PASSWORD_PURPOSE, now);
  const token = await issueToken(trx, user, RESET_PASSWORD_PURPOSE, STAFF_INVITE_TTL_MS, now);
  const kitchen =
    user.manager_location_id === null
      ? null
      : ((await trx.selectFrom('locations').select('name').where('id', '=', user.manager_location_id).executeTakeFirst())?.name ?? null);
  const context = await mailContext(trx, deps.env);
  const inviter = `${invitedBy.first_name} ${invitedBy.last_name}`.trim() || null;
  await enqueueMail(
    trx,
    staffInvitationMessage(mailTo(user, locale), token, { kitchen, invitedBy: inviter, ttlDays: STAFF_INVITE_TTL_DAYS }, context),
    { dedupeKey: `staff-invite:${hashToken(token)}`, now },
  );
}
