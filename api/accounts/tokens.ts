/**
 * Single-use e-mail links of account self-service (issue 21): 32 random bytes go in the link, only
 * their SHA-256 is stored (account_tokens) with the purpose, the address it was sent to and its
 * expiry. Also the one way registration and /api/account send a verification link.
 */
import { randomBytes } from 'node:crypto';

import type { Kysely, Transaction } from 'kysely';

import type { Locale } from '../../src/shared/i18n/locales';
import { chosenLocale } from '../../src/shared/i18n/locales';
import { VERIFY_EMAIL_TTL_MS } from '../../src/shared/schemas/account-security';
import type { AppDeps } from '../deps';
import type { Env } from '../env';
import { enqueueMail } from '../integrations/mail/outbox';
import { hashToken } from '../lib/sessions';
import type { Database, UserRow } from '../store/schema';
import type { MailContext, MailRecipient } from './messages';
import { verifyEmailMessage } from './messages';

type Db = Kysely<Database> | Transaction<Database>;

const TOKEN_BYTES = 32;

export const VERIFY_EMAIL_PURPOSE = 'verify_email';
export const RESET_PASSWORD_PURPOSE = 'reset_password';
export type TokenPurpose = typeof VERIFY_EMAIL_PURPOSE | typeof RESET_PASSWORD_PURPOSE;

/**
 * The origin of the links in e-mails: PUBLIC_URL, else http://HOST:PORT (the README's default).
 * Never the request's Host header: a forged Host on a reset request would send the victim a link to
 * the forger's site carrying a live token.
 */
export function linkOrigin(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://${env.HOST}:${env.PORT}`;
}

export async function mailContext(db: Db, env: Env): Promise<MailContext> {
  const settings = await db.selectFrom('restaurant_settings').select('name').executeTakeFirst();
  return { siteName: settings?.name || 'Casa Grătarului', origin: linkOrigin(env) };
}

export async function issueToken(
  trx: Db,
  user: Pick<UserRow, 'id' | 'email'>,
  purpose: TokenPurpose,
  ttlMs: number,
  now: Date,
): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await trx
    .insertInto('account_tokens')
    .values({
      id: hashToken(token),
      user_id: user.id,
      purpose,
      email: user.email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** Marks the token used (once: a second use, even a concurrent one, finds it used) and returns its row, or null. */
export async function consumeToken(trx: Db, token: string, purpose: TokenPurpose, now: Date) {
  const id = hashToken(token);
  const row = await trx.selectFrom('account_tokens').selectAll().where('id', '=', id).where('purpose', '=', purpose).executeTakeFirst();
  if (!row || row.used_at !== null || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  const claimed = await trx
    .updateTable('account_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? row : null;
}

/** Every other link of this purpose stops working (a reset used, a password changed, an e-mail verified). */
export async function retireTokens(trx: Db, userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
  await trx
    .updateTable('account_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Who an account e-mail goes to, and in which language: the one the account chose, else the one the
 * request that sends it asks for (api/lib/request-locale.ts), else English.
 */
export function mailTo(user: Pick<UserRow, 'email' | 'first_name' | 'language'>, requestLocale?: Locale): MailRecipient {
  return { email: user.email, firstName: user.first_name, locale: chosenLocale(user.language, requestLocale) };
}

/**
 * Sends a verification link to the account's e-mail: a token row and its mail in one transaction.
 * Registration calls this after creating a password account (the accounts service, api/accounts/service.ts).
 */
export async function queueEmailVerification(deps: Pick<AppDeps, 'store' | 'clock' | 'env'>, user: UserRow): Promise<void> {
  const now = deps.clock.now();
  await deps.store.db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, user, VERIFY_EMAIL_PURPOSE, VERIFY_EMAIL_TTL_MS, now);
    await enqueueMail(trx, verifyEmailMessage(mailTo(user), token, await mailContext(trx, deps.env)), {
      dedupeKey: `verify:${hashToken(token)}`,
      now,
    });
  });
}
