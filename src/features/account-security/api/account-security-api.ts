/**
 * The account-security feature's server calls (/api/account/*). All of them need the network by
 * nature (they prove who someone is, or end sessions): none is queued in the outbox; offline they
 * fail with a NetworkError and the screen says to reconnect.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { api, apiPath, call } from '../../../lib/api-client';
import type {
  ChangePasswordInput,
  DeleteAccountInput,
  PasswordResetCompleteInput,
  PasswordResetRequestInput,
} from '../../../shared/schemas/account-security';
import { accountSecuritySchema, passwordResetRequestedSchema } from '../../../shared/schemas/account-security';

export const accountSecurityKeys = { security: ['account-security'] as const };

/** The download link of "Download my data" (a plain GET: the browser saves the JSON attachment). */
export const ACCOUNT_EXPORT_URL = apiPath(api.account.export.$path());

export const accountSecurityQueryOptions = () =>
  queryOptions({
    queryKey: accountSecurityKeys.security,
    queryFn: () => call(api.account.security.$get(), accountSecuritySchema),
    retry: false,
  });

export function resendVerification(): Promise<unknown> {
  return call(api.account['verify-email'].resend.$post(), z.unknown());
}

export function verifyEmail(token: string): Promise<{ email: string }> {
  return call(api.account['verify-email'].$post({ json: { token } }), z.object({ email: z.string() }));
}

export function changePassword(input: ChangePasswordInput): Promise<void> {
  return call(api.account.password.$post({ json: input }), z.undefined());
}

export async function requestPasswordReset(input: PasswordResetRequestInput): Promise<string> {
  return (await call(api.account['password-reset'].request.$post({ json: input }), passwordResetRequestedSchema)).message;
}

export function completePasswordReset(input: PasswordResetCompleteInput): Promise<unknown> {
  return call(api.account['password-reset'].complete.$post({ json: input }), z.unknown());
}

export function signOutEverywhere(): Promise<void> {
  return call(api.account['sign-out-everywhere'].$post(), z.undefined());
}

export function deleteAccount(input: DeleteAccountInput): Promise<void> {
  return call(api.account.delete.$post({ json: input }), z.undefined());
}
