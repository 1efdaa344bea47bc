/**
 * The account-security feature's server calls (/api/account/*). All of them need the network by
 * nature (they prove who someone is, or end sessions): none is queued in the outbox; offline they
 * fail with a NetworkError and the screen says to reconnect.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-fetch';
import type {
  ChangePasswordInput,
  DeleteAccountInput,
  PasswordResetCompleteInput,
  PasswordResetRequestInput,
} from '../../../shared/schemas/account-security';
import { accountSecuritySchema, passwordResetRequestedSchema } from '../../../shared/schemas/account-security';

export const accountSecurityKeys = { security: ['account-security'] as const };

/** The download link of "Download my data" (a plain GET: the browser saves the JSON attachment). */
export const ACCOUNT_EXPORT_URL = '/api/account/export';

export const accountSecurityQueryOptions = () =>
  queryOptions({
    queryKey: accountSecurityKeys.security,
    queryFn: () => apiFetch('/api/account/security', accountSecuritySchema),
    retry: false,
  });

function post<T>(path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
  return apiFetch(path, schema, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

export function resendVerification(): Promise<unknown> {
  return post('/api/account/verify-email/resend', z.unknown());
}

export function verifyEmail(token: string): Promise<{ email: string }> {
  return post('/api/account/verify-email', z.object({ email: z.string() }), { token });
}

export function changePassword(input: ChangePasswordInput): Promise<void> {
  return post('/api/account/password', z.undefined(), input);
}

export async function requestPasswordReset(input: PasswordResetRequestInput): Promise<string> {
  return (await post('/api/account/password-reset/request', passwordResetRequestedSchema, input)).message;
}

export function completePasswordReset(input: PasswordResetCompleteInput): Promise<unknown> {
  return post('/api/account/password-reset/complete', z.unknown(), input);
}

export function signOutEverywhere(): Promise<void> {
  return post('/api/account/sign-out-everywhere', z.undefined());
}

export function deleteAccount(input: DeleteAccountInput): Promise<void> {
  return post('/api/account/delete', z.undefined(), input);
}
