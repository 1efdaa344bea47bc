/**
 * The manager's account at start (issue 21, defect 2; no account takeover through the manager):
 * - ADMIN_EMAIL + ADMIN_PASSWORD: that account is the manager, created when missing. An existing
 *   customer account with that e-mail is never promoted unless ADMIN_PROMOTE_EXISTING=true (otherwise
 *   anyone who registered that address first would become the manager); the start stops with a
 *   message saying so. A changed password or a promotion ends the account's sessions and removes its
 *   external identities (a manager signs in with the manager's own password only).
 * - Neither set, no manager yet (a fresh install): one is created with a random password, written to
 *   a file under DATA_DIR that only the server's user can read (the log says where, never the
 *   password). When ADMIN_EMAIL later names another account, that first-run manager is demoted.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Kysely, Transaction } from 'kysely';

import type { Clock } from '../../src/shared/clock';
import { endSessionsAfterCredentialChange } from '../lib/credentials';
import { hashPassword, verifyPassword } from '../lib/password';
import type { Database, UserRow } from './schema';
import { findUserByEmail } from './users-queries';

export const ADMIN_ROLE = 'admin';

/** The manager account a fresh install gets when no ADMIN_EMAIL/ADMIN_PASSWORD were given. */
export const FIRST_RUN_ADMIN_EMAIL = 'manager@casagratarului.local';
/** Under DATA_DIR; mode 0600. Removed once the password no longer works (changed) or the account is demoted. */
export const FIRST_RUN_PASSWORD_FILE = 'first-run-manager-password.txt';
const FIRST_RUN_PASSWORD_BYTES = 12;
const OWNER_ONLY_FILE_MODE = 0o600;

export class AdminBootstrapError extends Error {}

export async function ensureAdminAccount(
  db: Kysely<Database>,
  clock: Clock,
  email: string,
  password: string,
  options: { promoteExisting?: boolean } = {},
): Promise<number> {
  const now = clock.now().toISOString();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const isAdmin = existing.role === ADMIN_ROLE;
    if (!isAdmin && !options.promoteExisting) {
      throw new AdminBootstrapError(
        `ADMIN_EMAIL (${email}) names an existing customer account. It is not made the manager unless ` +
          'ADMIN_PROMOTE_EXISTING=true is set; choose another e-mail, or set it if that account is really yours.',
      );
    }
    const samePassword = existing.password_hash !== null && (await verifyPassword(password, existing.password_hash));
    if (isAdmin && samePassword) return existing.id;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: await hashPassword(password), role: ADMIN_ROLE, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      await endOtherWaysIn(trx, existing.id);
    });
    return existing.id;
  }
  const created = await insertManager(db, {
    email: email.toLowerCase(),
    passwordHash: await hashPassword(password),
    firstName: 'Manager',
    lastName: 'Restaurant',
    locationId: null,
    now,
  });
  // Checked just above; only a second process starting at the same instant could have made it since.
  if (!created) throw new Error(`The manager account ${email} was created by another process at start; start again.`);
  return created.id;
}

/**
 * An account that becomes a manager's keeps no way in but the manager's own credentials: its
 * sessions end, and no sign-in identity (Google, Directus) or trusted device stays.
 */
export async function endOtherWaysIn(trx: Transaction<Database>, userId: number): Promise<void> {
  await endSessionsAfterCredentialChange(trx, userId);
  await trx.deleteFrom('user_identities').where('user_id', '=', userId).execute();
  await trx.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
}

/**
 * A new manager account: the configured one at start, or an invited one (no password until the
 * invitation's link sets it). `locationId` null manages every kitchen. Undefined when the e-mail
 * got an account since the caller checked: the unique index decides, and no account is promoted.
 */
export function insertManager(
  db: Kysely<Database> | Transaction<Database>,
  manager: { email: string; passwordHash: string | null; firstName: string; lastName: string; locationId: number | null; now: string },
): Promise<UserRow | undefined> {
  return db
    .insertInto('users')
    .values({
      email: manager.email,
      password_hash: manager.passwordHash,
      first_name: manager.firstName,
      last_name: manager.lastName,
      phone: null,
      avatar: null,
      role: ADMIN_ROLE,
      status: 'active',
      created_at: manager.now,
      updated_at: manager.now,
      manager_location_id: manager.locationId,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * ADMIN_EMAIL names a manager other than the first-run one: the first-run account stops being a
 * manager (its generated password, written to a file, must not stay a way in).
 */
export async function demoteFirstRunAdmin(db: Kysely<Database>, clock: Clock, dataDir: string): Promise<boolean> {
  const firstRun = await findUserByEmail(db, FIRST_RUN_ADMIN_EMAIL);
  rmSync(path.join(dataDir, FIRST_RUN_PASSWORD_FILE), { force: true });
  if (!firstRun || firstRun.role !== ADMIN_ROLE) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ role: 'customer', password_hash: null, updated_at: clock.now().toISOString() })
      .where('id', '=', firstRun.id)
      .execute();
    await endSessionsAfterCredentialChange(trx, firstRun.id);
  });
  return true;
}

/**
 * First start without ADMIN_EMAIL/ADMIN_PASSWORD: when the store has no admin at all, create one with
 * a random password written to DATA_DIR/first-run-manager-password.txt (owner-only) and return that
 * file's path for the log. Returns null when an admin already exists.
 */
export async function ensureFirstRunAdmin(
  db: Kysely<Database>,
  clock: Clock,
  dataDir: string,
): Promise<{ email: string; passwordFile: string } | null> {
  const existing = await db.selectFrom('users').select('id').where('role', '=', ADMIN_ROLE).executeTakeFirst();
  if (existing) return null;
  const password = randomBytes(FIRST_RUN_PASSWORD_BYTES).toString('base64url');
  const passwordFile = path.join(dataDir, FIRST_RUN_PASSWORD_FILE);
  writeFileSync(passwordFile, `${FIRST_RUN_ADMIN_EMAIL}\n${password}\n`, { mode: OWNER_ONLY_FILE_MODE });
  // writeFileSync's mode applies only to a new file: an old one keeps its mode unless told.
  chmodSync(passwordFile, OWNER_ONLY_FILE_MODE);
  await ensureAdminAccount(db, clock, FIRST_RUN_ADMIN_EMAIL, password);
  return { email: FIRST_RUN_ADMIN_EMAIL, passwordFile };
}

/**
 * The go-live checklist's "admin password changed": true while the first-run manager still signs in
 * with the generated password in the file. A file whose password no longer works is removed.
 */
export async function firstRunPasswordStillSet(db: Kysely<Database>, dataDir: string): Promise<boolean> {
  const passwordFile = path.join(dataDir, FIRST_RUN_PASSWORD_FILE);
  let password: string | undefined;
  try {
    password = readFileSync(passwordFile, 'utf8').split('\n')[1];
  } catch {
    return false;
  }
  const account = await findUserByEmail(db, FIRST_RUN_ADMIN_EMAIL);
  const stillWorks =
    !!password && account?.role === ADMIN_ROLE && account.password_hash !== null && (await verifyPassword(password, account.password_hash));
  if (!stillWorks) rmSync(passwordFile, { force: true });
  return stillWorks;
}
