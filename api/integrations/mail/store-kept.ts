/**
 * The embedded default of the Mail port (no SMTP_URL): each message is kept in the store (sent_mail,
 * migration 0016) and the log says so in one line, so a demo shows what would have been sent and the
 * manager area lists it ("Sent mail"). Needs no configuration and works the same with several
 * instances on one PostgreSQL (the .eml files it replaces lived on one instance's disk). The account
 * links in them stay live until they expire: the manager's list hides their tokens
 * (docs/decisions/0109-embedded-mail-kept-in-the-store.md).
 */
import type { Kysely } from 'kysely';

import type { Clock } from '../../../src/shared/clock';
import type { Logger } from '../../lib/logger';
import type { Database } from '../../store/schema';
import type { Mail, MailMessage } from './port';

export function createStoreKeptMail(options: { db: Kysely<Database>; clock: Clock; logger: Logger }): Mail {
  return {
    name: 'store',
    async send(message: MailMessage) {
      const row = await options.db
        .insertInto('sent_mail')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          created_at: options.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The subject and the row, never the recipient or the body (personal data, live links).
      options.logger.info('mail kept in the store, not sent (set SMTP_URL to send it); the manager area lists it', {
        subject: message.subject,
        sentMailId: row.id,
      });
    },
    close() {},
  };
}

/** Account links carry their token in the fragment (#token=…); the manager's list shows none of them. */
export function withoutLinkTokens(text: string): string {
  return text.replace(/#token=[A-Za-z0-9_-]+/g, '#token=(hidden)');
}
