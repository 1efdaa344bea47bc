/**
 * When an external sign-in identity (Google, Directus) may attach to one of our accounts (issue 21,
 * no account takeover). An identity proves only what its provider vouches for; our account proves ownership of
 * its e-mail by a verification link or by its password. The rules:
 * - never to an admin: the manager signs in with the manager's own password, nothing else;
 * - with the account's own password (given in the same sign-in): linked, proof 'password';
 * - the provider vouches for the e-mail and the account verified it too: linked, proof 'verified_email';
 * - the provider vouches for the e-mail but the account never verified it: whoever registered it
 *   could not prove the address (pre-hijacking), so the verified owner takes the account over: its
 *   password is cleared, its sessions end and its other identities are unlinked;
 * - otherwise (the provider does not vouch, no password proof): refused.
 */
import type { Insertable, Transaction } from 'kysely';

import { ADMIN_ROLE } from '../store/admin-account';
import type { Database, UserRow, UsersTable } from '../store/schema';
import { findUserByEmail, insertUser, linkIdentity, revokeAccountAccess, updateUser } from '../store/users-queries';

export type IdentityProof = 'created' | 'password' | 'verified_email';

export type LinkDecision =
  { link: true; proof: Exclude<IdentityProof, 'created'>; takeOver: boolean } | { link: false; reason: 'admin' | 'no_proof' };

export interface LinkEvidence {
  /** The provider says it verified this e-mail (Google's email_verified; Directus does not say). */
  providerVerifiedEmail: boolean;
  /** The account's own password was given in this sign-in and matched. */
  passwordMatched: boolean;
}

export function decideIdentityLink(account: Pick<UserRow, 'role' | 'email_verified_at'>, evidence: LinkEvidence): LinkDecision {
  if (account.role === ADMIN_ROLE) return { link: false, reason: 'admin' };
  if (evidence.passwordMatched) return { link: true, proof: 'password', takeOver: false };
  if (evidence.providerVerifiedEmail) return { link: true, proof: 'verified_email', takeOver: account.email_verified_at === null };
  return { link: false, reason: 'no_proof' };
}

export interface ExternalIdentity {
  provider: string;
  subject: string;
  /** Lower-cased e-mail the provider gave. */
  email: string;
  providerVerifiedEmail: boolean;
  now: string;
}

export type LinkOutcome = { user: UserRow } | { refused: 'admin' | 'no_proof' };

/**
 * The account for an identity not linked yet: a new customer account (linked, proof 'created') when
 * no account has its e-mail, else the existing one when `decideIdentityLink` allows it. Runs in the
 * caller's transaction. `passwordMatches` is asked only when an account exists and has a password.
 */
export async function linkOrCreateAccount(
  trx: Transaction<Database>,
  identity: ExternalIdentity,
  profile: Pick<Insertable<UsersTable>, 'first_name' | 'last_name' | 'phone' | 'avatar' | 'language'>,
  passwordMatches: (passwordHash: string) => Promise<boolean>,
): Promise<LinkOutcome> {
  const { provider, subject, email, now } = identity;
  const existing = await findUserByEmail(trx, email);
  if (!existing) {
    const user = await insertUser(trx, {
      email,
      password_hash: null,
      role: 'customer',
      status: 'active',
      created_at: now,
      updated_at: now,
      email_verified_at: identity.providerVerifiedEmail ? now : null,
      ...profile,
    });
    await linkIdentity(trx, { provider, subject, userId: user.id, email, now, proof: 'created' });
    return { user };
  }
  const passwordMatched = existing.password_hash !== null && (await passwordMatches(existing.password_hash));
  const decision = decideIdentityLink(existing, { providerVerifiedEmail: identity.providerVerifiedEmail, passwordMatched });
  if (!decision.link) return { refused: decision.reason };
  let user = existing;
  if (decision.takeOver) {
    // Whoever set the password never proved the address: their password, sessions and links go.
    await revokeAccountAccess(trx, existing.id);
    user = await updateUser(trx, existing.id, { password_hash: null, email_verified_at: now, updated_at: now });
  }
  await linkIdentity(trx, { provider, subject, userId: user.id, email, now, proof: decision.proof });
  return { user };
}
