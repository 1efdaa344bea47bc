/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start: that user exists with the admin role, created or with its
 * password (and role) updated. Without them nothing changes.
 */
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
