/**
 * The e-mails of account self-service (issue 21): what they say, in plain text and simple HTML, in
 * the recipient's language (the words are in api/i18n/*.json).
 * Links carry their token in the fragment (#token=…): the browser never sends a fragment to a
 * server, so the token stays out of access logs, proxies and Referer headers.
 */
import type { Locale } from '../../src/shared/i18n/locales';
import { RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from '../../src/shared/schemas/account-security';
import type { Translate } from '../i18n/translate';
import { serverMessages } from '../i18n/translate';
import type { MailMessage } from '../integrations/mail/port';

/** The manager area's address (src/routes/admin.tsx). */
const ADMIN_PATH = '/admin';

export interface MailContext {
  /** The restaurant's name as customers know it. */
  siteName: string;
  /** The origin people use (PUBLIC_URL), never the request's Host header (a forged Host would poison the link). */
  origin: string;
}

/** Who an account e-mail goes to (./tokens.ts mailTo). */
export interface MailRecipient {
  email: string;
  firstName: string;
  locale: Locale;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function greeting(t: Translate, firstName: string): string {
  return firstName.trim() ? t('mail.hello.named', { name: firstName.trim() }) : t('mail.hello');
}

function linkMessage(
  user: MailRecipient,
  subject: string,
  lines: { before: string; action: string; url: string; after: string },
  context: MailContext,
): MailMessage {
  const hello = greeting(serverMessages(user.locale), user.firstName);
  const text = [hello, '', lines.before, '', lines.url, '', lines.after, '', context.siteName].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(lines.before)}</p>`,
    `<p><a href="${escapeHtml(lines.url)}">${escapeHtml(lines.action)}</a></p>`,
    `<p>${escapeHtml(lines.after)}</p>`,
    `<p>${escapeHtml(context.siteName)}</p>`,
  ].join('\n');
  return { to: user.email, subject, text, html };
}

export function verifyEmailMessage(user: MailRecipient, token: string, context: MailContext): MailMessage {
  const t = serverMessages(user.locale);
  return linkMessage(
    user,
    t('account.verify.subject', { site: context.siteName }),
    {
      before: t('account.verify.before'),
      action: t('account.verify.action'),
      url: `${context.origin}${VERIFY_EMAIL_PATH}#token=${token}`,
      after: t('account.verify.after'),
    },
    context,
  );
}

export function resetPasswordMessage(user: MailRecipient, token: string, context: MailContext): MailMessage {
  const t = serverMessages(user.locale);
  return linkMessage(
    user,
    t('account.reset.subject', { site: context.siteName }),
    {
      before: t('account.reset.before'),
      action: t('account.reset.action'),
      url: `${context.origin}${RESET_PASSWORD_PATH}#token=${token}`,
      after: t('account.reset.after'),
    },
    context,
  );
}

/**
 * Issue 22: a manager of every kitchen invited this person to manage one kitchen or all
 * (docs/decisions/0146-manager-accounts-invited-by-mail.md). The link is a set-password link (the
 * reset page sets the account's first password), longer-lived than a reset's.
 */
export function staffInvitationMessage(
  user: MailRecipient,
  token: string,
  invitation: { kitchen: string | null; invitedBy: string | null; ttlDays: number },
  context: MailContext,
): MailMessage {
  const t = serverMessages(user.locale);
  const invitedBy = invitation.invitedBy ?? t('account.invite.defaultInviter', { site: context.siteName });
  const values = { invitedBy, site: context.siteName, days: invitation.ttlDays };
  return linkMessage(
    user,
    t('account.invite.subject', { site: context.siteName }),
    {
      before:
        invitation.kitchen === null
          ? t('account.invite.before.every', values)
          : t('account.invite.before.one', { ...values, kitchen: invitation.kitchen }),
      action: t('account.invite.action'),
      url: `${context.origin}${RESET_PASSWORD_PATH}#token=${token}`,
      after: t('account.invite.after', { origin: context.origin, adminUrl: `${context.origin}${ADMIN_PATH}` }),
    },
    context,
  );
}

/** After a change or reset: the owner hears of it even if someone else made it. */
export function passwordChangedMessage(user: MailRecipient, context: MailContext): MailMessage {
  const t = serverMessages(user.locale);
  const lines = [
    greeting(t, user.firstName),
    '',
    t('account.passwordChanged.done', { site: context.siteName }),
    t('account.passwordChanged.notYou', { origin: context.origin }),
    '',
    context.siteName,
  ];
  return { to: user.email, subject: t('account.passwordChanged.subject', { site: context.siteName }), text: lines.join('\n') };
}
