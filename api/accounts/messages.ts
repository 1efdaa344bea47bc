/**
 * The e-mails of account self-service (issue 21): what they say, in plain text and simple HTML.
 * Links carry their token in the fragment (#token=…): the browser never sends a fragment to a
 * server, so the token stays out of access logs, proxies and Referer headers.
 */
import type { MailMessage } from '../integrations/mail/port';
import { RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from '../../src/shared/schemas/account-security';

/** The manager area's address (src/routes/admin.tsx). */
const ADMIN_PATH = '/admin';

export interface MailContext {
  /** The restaurant's name as customers know it. */
  siteName: string;
  /** The origin people use (PUBLIC_URL), never the request's Host header (a forged Host would poison the link). */
  origin: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function greeting(firstName: string): string {
  return firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,';
}

function linkMessage(
  to: string,
  subject: string,
  lines: { greeting: string; before: string; action: string; url: string; after: string },
  context: MailContext,
): MailMessage {
  const text = [lines.greeting, '', lines.before, '', lines.url, '', lines.after, '', context.siteName].join('\n');
  const html = [
    `<p>${escapeHtml(lines.greeting)}</p>`,
    `<p>${escapeHtml(lines.before)}</p>`,
    `<p><a href="${escapeHtml(lines.url)}">${escapeHtml(lines.action)}</a></p>`,
    `<p>${escapeHtml(lines.after)}</p>`,
    `<p>${escapeHtml(context.siteName)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export function verifyEmailMessage(user: { email: string; firstName: string }, token: string, context: MailContext): MailMessage {
  return linkMessage(
    user.email,
    `Confirm your e-mail for ${context.siteName}`,
    {
      greeting: greeting(user.firstName),
      before: 'Please confirm that this is your e-mail address by opening this link (it works for 24 hours, once):',
      action: 'Confirm my e-mail',
      url: `${context.origin}${VERIFY_EMAIL_PATH}#token=${token}`,
      after: 'If you did not create an account, you can ignore this message.',
    },
    context,
  );
}

export function resetPasswordMessage(user: { email: string; firstName: string }, token: string, context: MailContext): MailMessage {
  return linkMessage(
    user.email,
    `Reset your ${context.siteName} password`,
    {
      greeting: greeting(user.firstName),
      before:
        'Someone asked to reset the password of your account. To choose a new password, open this link (it works for 30 minutes, once):',
      action: 'Choose a new password',
      url: `${context.origin}${RESET_PASSWORD_PATH}#token=${token}`,
      after: 'If it was not you, ignore this message: your password stays as it is.',
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
  user: { email: string; firstName: string },
  token: string,
  invitation: { kitchen: string | null; invitedBy: string; ttlText: string },
  context: MailContext,
): MailMessage {
  const scope = invitation.kitchen === null ? 'every kitchen of' : `the ${invitation.kitchen} kitchen of`;
  return linkMessage(
    user.email,
    `You are invited to manage ${context.siteName}`,
    {
      greeting: greeting(user.firstName),
      before:
        `${invitation.invitedBy} invited you to manage orders for ${scope} ${context.siteName}. ` +
        `To choose your password, open this link (it works for ${invitation.ttlText}, once):`,
      action: 'Choose my password',
      url: `${context.origin}${RESET_PASSWORD_PATH}#token=${token}`,
      after:
        `Then sign in at ${context.origin} with this e-mail address and open ${context.origin}${ADMIN_PATH}. ` +
        'If you did not expect this invitation, ignore this message: nobody can sign in to the account without that password.',
    },
    context,
  );
}

/** After a change or reset: the owner hears of it even if someone else made it. */
export function passwordChangedMessage(user: { email: string; firstName: string }, context: MailContext): MailMessage {
  const lines = [
    greeting(user.firstName),
    '',
    `The password of your ${context.siteName} account was just changed, and every other device was signed out.`,
    `If this was not you, reset your password now from the sign-in dialog at ${context.origin} ("Forgot password?").`,
    '',
    context.siteName,
  ];
  return { to: user.email, subject: `Your ${context.siteName} password was changed`, text: lines.join('\n') };
}
