/**
 * Manager accounts (issue 22, "each manager account can be given one location or all"): the Staff
 * section's list, invitation and removal under /api/admin/staff, for managers of every kitchen only
 * (docs/decisions/0146-manager-accounts-invited-by-mail.md). A kitchen is a location id; null is all
 * kitchens. Which kitchen an existing account works for is managerLocationSchema (./scheduling).
 */
import { z } from 'zod/mini';

import { MAX_EMAIL_LENGTH } from './account';
import { MAX_NAME_LENGTH } from './user';

/** An invitation's set-password link works this long (a reset link only 30 minutes: an invitee may read it days later). */
export const STAFF_INVITE_TTL_DAYS = 7;
export const STAFF_INVITE_TTL_MS = STAFF_INVITE_TTL_DAYS * 24 * 60 * 60 * 1000;

const kitchenSchema = z.nullable(z.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)));

/** One manager account as the Staff section lists it (GET /api/admin/staff). */
export const staffMemberSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The one kitchen this account works for, or null for all. */
  locationId: kitchenSchema,
  /** False until the invitee sets a password from the invitation mail: until then nobody can sign in as them. */
  passwordSet: z.boolean(),
  /** When the account was made: for an invitation not yet accepted, when it was sent (ISO). */
  createdAt: z.string(),
  /** The account ADMIN_EMAIL names: the server's configuration makes it the manager at every start, so it is not removed here. */
  setByConfiguration: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

/** POST /api/admin/staff: invite a manager for one kitchen (its id) or all (null). */
export const staffInviteSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.maxLength(MAX_EMAIL_LENGTH)), z.email()),
  firstName: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME_LENGTH)),
  lastName: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME_LENGTH)),
  locationId: kitchenSchema,
});
export type StaffInviteInput = z.input<typeof staffInviteSchema>;
export type StaffInvite = z.output<typeof staffInviteSchema>;

/** The invited account (201), or the one answer of POST /api/admin/staff/:userId/invitation. */
export const staffMemberResponseSchema = z.object({ member: staffMemberSchema });

/** DELETE /api/admin/staff/:userId: the account is no longer a manager. */
export const staffRemovedResponseSchema = z.object({ userId: z.number().check(z.int(), z.positive()) });

/** 409 when the e-mail already has an account (a customer's or a manager's): never promoted, see 0146. */
export const STAFF_EMAIL_TAKEN_CODE = 'email_taken';
