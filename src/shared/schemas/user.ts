import { z } from 'zod/mini';

import { LOCALES } from '../i18n/locales';

export const USER_ROLES = ['customer', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);

/** The product's languages (issue 23, src/shared/i18n/locales.ts). */
export const localeSchema = z.enum(LOCALES);

export const MAX_NAME_LENGTH = 80;
export const MAX_PHONE_LENGTH = 30;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

/** The signed-in person as the PWA sees them (GET /api/auth/me). */
export const currentUserSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  status: z.string(),
  role: userRoleSchema,
  /**
   * The language the person chose for the product (issue 23); null: never chosen, the device's or the
   * browser's is used. Absent in a copy a device kept from before the field: read as null.
   */
  language: z._default(z.nullable(localeSchema), null),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/auth/me answers {user: null} for guests rather than a 401 (spec: "a failed current-user fetch means not logged in, silently"). */
export const meResponseSchema = z.object({ user: z.nullable(currentUserSchema) });
export type MeResponse = z.infer<typeof meResponseSchema>;
