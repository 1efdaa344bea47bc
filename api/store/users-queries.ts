/**
 * Queries over the account tables: users, user_identities, and the parts of sessions and
 * trusted_devices that belong to an account. The accounts service (api/accounts/) and the manager
 * bootstrap (admin-account.ts) share them, so "the account with this e-mail" is one query.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';

import type { Database, UserRow, UsersTable } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

/** E-mails are compared case-insensitively and without surrounding blanks everywhere. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', emailKey(email))
    .executeTakeFirst();
}

export function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** A new account; a second one with the same e-mail fails on the unique index (see isUniqueViolation). */
export function insertUser(db: Db, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(
  db: Db,
  userId: number,
  values: Partial<Pick<UsersTable, 'first_name' | 'last_name' | 'phone' | 'password_hash' | 'updated_at'>> & {
    email_verified_at?: string | null;
  },
): Promise<UserRow> {
  return db.updateTable('users').set(values).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // better-sqlite3 and node-postgres spellings of "unique constraint violated".
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** The account already linked to this provider's subject (Google, Directus), if any. */
export function findLinkedUser(db: Db, provider: string, subject: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('user_identities')
    .innerJoin('users', 'users.id', 'user_identities.user_id')
    .selectAll('users')
    .where('user_identities.provider', '=', provider)
    .where('user_identities.subject', '=', subject)
    .executeTakeFirst();
}

export async function linkIdentity(
  db: Db,
  link: { provider: string; subject: string; userId: number; email: string; now: string; proof: string },
): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({
      provider: link.provider,
      subject: link.subject,
      user_id: link.userId,
      email: link.email,
      created_at: link.now,
      proof: link.proof,
    })
    .execute();
}

/** The providers of the identities linked to the account ('google', 'directus'). */
export async function identityProvidersOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_identities').select('provider').where('user_id', '=', userId).execute();
  return rows.map((row) => row.provider);
}

/** Every way into the account but its password: sessions, linked identities, trusted devices. */
export async function revokeAccountAccess(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_identities').where('user_id', '=', userId).execute();
  await db.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
}

/** Remembers the directory's session (Directus) of one of our sessions, so logout can end it too. */
export async function setRemoteSession(db: Db, sessionId: string, remoteSession: string): Promise<void> {
  await db.updateTable('sessions').set({ cms_session: remoteSession }).where('id', '=', sessionId).execute();
}

/** The directory sessions of the account's sessions (all, or all but one), for ending them after ours. */
export async function remoteSessionsOf(db: Db, userId: number, options: { exceptSessionId?: string | null } = {}): Promise<string[]> {
  let query = db.selectFrom('sessions').select(['id', 'cms_session']).where('user_id', '=', userId);
  if (options.exceptSessionId) query = query.where('id', '!=', options.exceptSessionId);
  const rows = await query.execute();
  return rows.flatMap((row) => (row.cms_session ? [row.cms_session] : []));
}

export async function remoteSessionOf(db: Db, sessionId: string): Promise<string | null> {
  const row = await db.selectFrom('sessions').select('cms_session').where('id', '=', sessionId).executeTakeFirst();
  return row?.cms_session ?? null;
}
