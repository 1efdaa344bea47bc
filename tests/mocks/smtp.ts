/**
 * Local stand-in for an SMTP server (the Mail port's production adapter talks to it): smtp-server
 * on 127.0.0.1 accepts every message and mailparser reads it back, so a test sees what a person's
 * mail program would show. With `inboxDir`, each message is also written there as JSON (one file a
 * message, named by arrival), so a process other than the one running the stand-in (Playwright's
 * test workers, while the stand-in runs in its global setup) can read the mail.
 * setFailing(true) answers every message with a temporary failure (451), as a mail server that is
 * down for maintenance would, so tests can see the outbox retry.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface SmtpMock {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** The first message (received already or within `timeoutMs`) that matches. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  setFailing(failing: boolean): void;
  close(): Promise<void>;
}

const SMTP_TEMPORARY_FAILURE = 451;
const WAIT_POLL_MS = 50;

export async function startSmtpMock(options: { port?: number; inboxDir?: string } = {}): Promise<SmtpMock> {
  const messages: ReceivedMail[] = [];
  let failing = false;
  if (options.inboxDir) mkdirSync(options.inboxDir, { recursive: true });
  const server = new SMTPServer({
    // Plain SMTP on loopback, like a local relay: no STARTTLS (its self-signed certificate would be refused), no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (failing) {
            callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: SMTP_TEMPORARY_FAILURE }));
            return;
          }
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
          };
          messages.push(mail);
          if (options.inboxDir) {
            writeFileSync(path.join(options.inboxDir, `${String(messages.length).padStart(5, '0')}.json`), JSON.stringify(mail));
          }
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`);
        await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
      }
    },
    setFailing(value) {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every message the stand-in wrote to `inboxDir`, oldest first (for a process that does not hold the stand-in). */
export function readInbox(inboxDir: string): ReceivedMail[] {
  let names: string[];
  try {
    names = readdirSync(inboxDir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((name) => JSON.parse(readFileSync(path.join(inboxDir, name), 'utf8')) as ReceivedMail);
}
