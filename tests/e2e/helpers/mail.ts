/**
 * E2E helpers for mail the server sent: the test SMTP server (tests/setup/e2e-smtp.ts) writes each
 * message to E2E_SMTP_INBOX, where a spec finds it by recipient and subject and follows its link.
 */
import { readInbox, type ReceivedMail } from '../../mocks/smtp';
import { expect } from '../fixtures';

const MAIL_WAIT_MS = 20_000;

/** The newest mail to `to` whose subject matches, once the test SMTP server has it. */
export async function waitForMailTo(to: string, subject: RegExp): Promise<ReceivedMail> {
  const inbox = process.env.E2E_SMTP_INBOX;
  if (!inbox) throw new Error('E2E_SMTP_INBOX is set by playwright.config.ts');
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readInbox(inbox)
          .filter((mail) => mail.to.includes(to) && subject.test(mail.subject))
          .at(-1);
        return found !== undefined;
      },
      { timeout: MAIL_WAIT_MS, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The link in a mail's text that goes to `path`. */
export function mailLinkTo(mail: ReceivedMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`no ${path} link in: ${mail.text}`);
  return link;
}
