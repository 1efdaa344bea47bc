/**
 * The Mail port (ARCHITECTURE "integrations/<port>"): how the server sends an e-mail to a person.
 * Adapters only deliver; what to say and when is decided by the caller (api/routes/account.ts) and
 * every message travels through the server outbox (./mail-outbox.ts), never on a request's path.
 */
import { z } from 'zod/mini';

/** One message; `text` is always there (some readers show only it), `html` is optional. */
export const mailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().check(z.minLength(1), z.maxLength(200)),
  text: z.string().check(z.minLength(1)),
  html: z.optional(z.string().check(z.minLength(1))),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export interface Mail {
  /** Names the adapter in logs ('file', 'smtp'). */
  readonly name: string;
  /** Resolves once the message is handed over (written, or accepted by the SMTP server); throws to be retried. */
  send(message: MailMessage): Promise<void>;
  /** Releases connections (SMTP pool); a no-op for the file drop. */
  close(): void;
}
