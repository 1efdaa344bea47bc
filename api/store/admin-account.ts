/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start: that user exists with the admin role, created or with its
 * password (and role) updated. Without them nothing changes.
 */
import { randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import type { Clock } from '../../src/shared/clock';
import { hashPassword } from '../lib/password';
import type { Database } from './schema';

export const ADMIN_ROLE = 'admin';

export async function ensureAdminAccount(db: Kysely<Database>, clock: Clock, email: string, password: string): Promise<number> {
  const passwordHash = await hashPassword(password);
  const now = clock.now().toISOString();
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('users')
      .set({ password_hash: passwordHash, role: ADMIN_ROLE, updated_at: now })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const created = await db
    .insertInto('users')
    .values({
      email: email.toLowerCase(),
      password_hash: passwordHash,
      first_name: 'Manager',
      last_name: 'Restaurant',
      phone: null,
      avatar: null,
      role: ADMIN_ROLE,
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** The manager account a fresh install gets when no ADMIN_EMAIL/ADMIN_PASSWORD were given. */
export const FIRST_RUN_ADMIN_EMAIL = 'manager@casagratarului.local';
const FIRST_RUN_PASSWORD_BYTES = 12;

/**
 * First start without ADMIN_EMAIL/ADMIN_PASSWORD: when the store has no admin at all, create one with
 * a random password and return it so the caller can show it once (the kitchen board and settings
 * must be reachable on a fresh install). Returns null when an admin already exists.
 */
export async function ensureFirstRunAdmin(db: Kysely<Database>, clock: Clock): Promise<{ email: string; password: string } | null> {
  const existing = await db.selectFrom('users').select('id').where('role', '=', ADMIN_ROLE).executeTakeFirst();
  if (existing) return null;
  const password = randomBytes(FIRST_RUN_PASSWORD_BYTES).toString('base64url');
  await ensureAdminAccount(db, clock, FIRST_RUN_ADMIN_EMAIL, password);
  return { email: FIRST_RUN_ADMIN_EMAIL, password };
}
