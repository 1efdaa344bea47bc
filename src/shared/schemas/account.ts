/**
 * Request and answer shapes of the account API (/api/auth/*, /api/profile): the one contract the
 * server validates with and the PWA's forms reuse. The current-user shape lives in ./user.
 */
import { z } from 'zod/mini';

import { currentUserSchema, localeSchema, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MAX_PHONE_LENGTH, MIN_PASSWORD_LENGTH } from './user';

/** RFC 5321 caps a forward path at 256 octets including the brackets, so an address at 254. */
export const MAX_EMAIL_LENGTH = 254;

const emailSchema = z.pipe(z.string().check(z.trim(), z.maxLength(MAX_EMAIL_LENGTH)), z.email());
const nameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME_LENGTH));
/** Optional phone: an empty or absent value is stored as null. */
const optionalPhoneSchema = z.pipe(
  z.nullish(z.string().check(z.trim(), z.maxLength(MAX_PHONE_LENGTH))),
  z.transform((phone) => (phone ? phone : null)),
);

/** Spec §5: registration requires email, password, first and last name; phone is optional. */
export const registerInputSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(MIN_PASSWORD_LENGTH), z.maxLength(MAX_PASSWORD_LENGTH)),
  firstName: nameSchema,
  lastName: nameSchema,
  phone: optionalPhoneSchema,
});
export type RegisterInput = z.input<typeof registerInputSchema>;

/** Spec §5: login requires email and password (no format check: a wrong one is just wrong credentials). */
export const loginInputSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_EMAIL_LENGTH)),
  password: z.string().check(z.minLength(1), z.maxLength(MAX_PASSWORD_LENGTH)),
});
export type LoginInput = z.input<typeof loginInputSchema>;

/** PATCH /api/profile: first name, last name, phone. The e-mail is read-only. */
export const profileUpdateSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  phone: optionalPhoneSchema,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** PUT /api/profile/language: the language switch of a signed-in person (issue 23). */
export const languageUpdateSchema = z.object({ language: localeSchema });
export type LanguageUpdateInput = z.input<typeof languageUpdateSchema>;

/** Answer of register, login and profile update. */
export const userResponseSchema = z.object({ user: currentUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /api/auth/providers: which external sign-in providers are configured. */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** The message of a refused login (spec §8 'Login Failed'); the same for unknown e-mail and wrong password. */
export const LOGIN_FAILED_MESSAGE = 'Please check your credentials and try again.';

/** Query parameter the Google callback adds to the site URL when sign-in did not complete. */
export const AUTH_ERROR_PARAM = 'auth_error';
