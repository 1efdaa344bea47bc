/**
 * The production Mail adapter: nodemailer over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587 with
 * STARTTLS, or smtps://…:465), from MAIL_FROM. A pooled transport keeps one connection warm for a
 * burst of messages; the timeouts make a dead server a failed attempt the outbox retries later.
 */
import nodemailer from 'nodemailer';

import type { Mail, MailMessage } from './port';

/** How long connecting, the greeting and an idle socket may take before the attempt fails. */
export const SMTP_TIMEOUT_MS = 15_000;

export function createSmtpMail(options: { url: string; from: string }): Mail {
  const url = new URL(options.url);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 2,
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    // Credentials never cross the network in the clear: with a user, smtp:// must upgrade with STARTTLS.
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }, requireTLS: url.protocol === 'smtp:' }
      : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    name: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
