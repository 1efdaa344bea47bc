/**
 * Playwright global setup: the SMTP stand-in (tests/mocks/smtp.ts) the e2e server's SMTP_URL points
 * at (playwright.config.ts). Each received message is written to E2E_SMTP_INBOX as JSON, where the
 * specs, running in other processes, read it. The server starts first (webServer runs before global
 * setup), which is fine: mail leaves through its outbox, retried until this listens.
 */
import { startSmtpMock } from '../mocks/smtp';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const inboxDir = process.env.E2E_SMTP_INBOX;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!inboxDir || !port) throw new Error('E2E_SMTP_INBOX and E2E_SMTP_PORT are set by playwright.config.ts');
  const smtp = await startSmtpMock({ port, inboxDir });
  return () => smtp.close();
}
