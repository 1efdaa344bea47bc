/** Picks the Mail adapter from the configuration: SMTP when SMTP_URL is set, else the messages are kept in the store. */
import type { Kysely } from 'kysely';

import type { Clock } from '../../../src/shared/clock';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import type { Database } from '../../store/schema';
import type { Mail } from './port';
import { createSmtpMail } from './smtp';
import { createStoreKeptMail } from './store-kept';

export function selectMail(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>,
  deps: { clock: Clock; logger: Logger; store: { db: Kysely<Database> } },
): Mail {
  if (env.SMTP_URL) return createSmtpMail({ url: env.SMTP_URL, from: env.MAIL_FROM });
  return createStoreKeptMail({ db: deps.store.db, clock: deps.clock, logger: deps.logger });
}
