/**
 * Self-service account security (issue 21): e-mail verification, password change and reset, sign
 * out everywhere, data export and account deletion (/api/account/*). The one contract the server
 * validates with and the PWA's forms reuse.
 */
import { z } from 'zod/mini';

import type { Locale } from '../i18n/locales';
import type { Address } from './address';
import type { Order } from './order';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './user';

/** A verification link works this long after it was sent. */
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
/** A password reset link works this long after it was requested. */
export const RESET_PASSWORD_TTL_MS = 30 * 60 * 1000;
/**
 * Without a password to confirm with (a Google-only account), setting one or deleting the account
 * needs a sign-in this recent: a session left open on a shared computer is not enough.
 */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** 32 random bytes in base64url: the single-use token of an e-mail link. */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const accountTokenSchema = z.string().check(z.regex(ACCOUNT_TOKEN_PATTERN));

/** Where the e-mail links lead (the token rides in the fragment, so it never reaches a server log or a Referer). */
export const VERIFY_EMAIL_PATH = '/verify-email';
export const RESET_PASSWORD_PATH = '/reset-password';

const newPasswordSchema = z.string().check(z.minLength(MIN_PASSWORD_LENGTH), z.maxLength(MAX_PASSWORD_LENGTH));
/** No length rule on a password being confirmed: a wrong one is simply wrong. */
const givenPasswordSchema = z.string().check(z.minLength(1), z.maxLength(MAX_PASSWORD_LENGTH));

/** GET /api/account/security: what the Security area shows. */
export const accountSecuritySchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  /** False for an account made by Google sign-in that never set a password. */
  hasPassword: z.boolean(),
  /** CMS=directus customers: the password lives in the restaurant's Directus, not here. */
  passwordManagedElsewhere: z.boolean(),
  /** Until when a password-less account may set a password or delete itself without signing in again (ISO), or null. */
  recentSignInUntil: z.nullable(z.string()),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

/** POST /api/account/verify-email and the token of a reset link. */
export const verifyEmailInputSchema = z.object({ token: accountTokenSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailInputSchema>;

/** POST /api/account/password: the current password unless the account has none. */
export const changePasswordInputSchema = z.object({
  currentPassword: z.optional(givenPasswordSchema),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** POST /api/account/password-reset/request */
export const passwordResetRequestSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email()),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** POST /api/account/password-reset/complete */
export const passwordResetCompleteSchema = z.object({
  token: accountTokenSchema,
  newPassword: newPasswordSchema,
});
export type PasswordResetCompleteInput = z.input<typeof passwordResetCompleteSchema>;

/** POST /api/account/delete: an explicit yes, and the password when the account has one. */
export const deleteAccountInputSchema = z.object({
  password: z.optional(givenPasswordSchema),
  confirm: z.literal(true),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInputSchema>;

/** The answer of a reset request: the same words whether the address has an account or not. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account uses this e-mail, we have sent it a link to choose a new password. The link works for 30 minutes.';
export const passwordResetRequestedSchema = z.object({ message: z.string() });
export type PasswordResetRequested = z.infer<typeof passwordResetRequestedSchema>;

/** GET /api/account/export: everything the account holds about the person, as a JSON download. */
export interface AccountExport {
  exportedAt: string;
  profile: {
    email: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    createdAt: string;
    emailVerifiedAt: string | null;
    /** The language chosen for the product (issue 23); null: never chosen. */
    language: Locale | null;
    signInProviders: string[];
  };
  addresses: Address[];
  orders: Order[];
}
