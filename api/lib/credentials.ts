/**
 * What follows every change of who may act as an account (issue 21; no account takeover): a password set or
 * changed, a role granted or taken away. Every session of the account ends (but the one that made the
 * change, when it asks to stay signed in), and identities linked without proof are unlinked, so a
 * stranger who got in before the change is out after it.
 */
import type { Kysely, Transaction } from 'kysely';

import type { Database } from '../store/schema';

export async function endSessionsAfterCredentialChange(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  options: { keepSessionId?: string | null } = {},
): Promise<void> {
  let sessions = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (options.keepSessionId) sessions = sessions.where('id', '!=', options.keepSessionId);
  await sessions.execute();
  await db.deleteFrom('user_identities').where('user_id', '=', userId).where('proof', 'is', null).execute();
}
