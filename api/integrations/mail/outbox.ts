/**
 * Mail goes through the server outbox (never on a request's path, so a slow mail server never slows an answer): the cause writes an
 * outbox row of kind 'mail' in its own transaction, and the outbox worker sends it with retries and
 * backoff. Once sent, the row keeps only the recipient's domain and the subject, not the message:
 * account links are live credentials until they expire, and the store holds only their hashes.
 */
import type { Kysely, Transaction } from 'kysely';

import type { JobHandler } from '../../jobs/queue';
import type { NewOutboxRow } from '../../store/outbox-rows';
import { enqueueOutboxRows } from '../../store/outbox-rows';
import type { Database } from '../../store/schema';
import type { Mail, MailMessage } from './port';
import { mailMessageSchema } from './port';

export const MAIL_OUTBOX_KIND = 'mail';

/** The outbox row of one message; `dedupeKey` makes a retried (or re-read) cause send it once. */
export function mailOutboxRow(message: MailMessage, dedupeKey: string): NewOutboxRow {
  return { kind: MAIL_OUTBOX_KIND, dedupeKey: `mail:${dedupeKey}`, payload: mailMessageSchema.parse(message) };
}

/** Writes one message to the outbox in the caller's transaction; `dedupeKey` makes a retried cause send it once. */
export async function enqueueMail(
  db: Transaction<Database> | Kysely<Database>,
  message: MailMessage,
  options: { dedupeKey: string; now: Date },
): Promise<void> {
  await enqueueOutboxRows(db, [mailOutboxRow(message, options.dedupeKey)], options.now);
}

/** The lower-cased recipient of a stored mail row's payload, or null when it is not a message (a sent row). */
export function mailRecipientOf(payload: string): string | null {
  try {
    const parsed = mailMessageSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data.to.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The job queue's handler for 'mail' rows (registered in api/jobs/outbox-worker.ts). */
export function mailJob(mail: Mail): JobHandler {
  return {
    kind: MAIL_OUTBOX_KIND,
    async run(payload) {
      const message = mailMessageSchema.parse(payload);
      await mail.send(message);
      return { storedPayload: { sent: true, via: mail.name, toDomain: message.to.split('@').at(-1), subject: message.subject } };
    },
  };
}
