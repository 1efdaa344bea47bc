/**
 * The account feature's server calls: sign in, register, profile update, and which
 * external sign-in providers exist. Sign-in and registration need the network by nature; they are
 * never queued, and a failure is shown to the person (spec §8 'Login Failed', 'Registration Failed').
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-fetch';
import { currentUserKeys } from '../../../lib/current-user';
import type { LoginInput, ProfileUpdateInput, RegisterInput } from '../../../shared/schemas/account';
import { authProvidersSchema, userResponseSchema } from '../../../shared/schemas/account';
import type { CurrentUser } from '../../../shared/schemas/user';

export const accountKeys = {
  providers: ['auth-providers'] as const,
};

/** Which sign-in providers the server has configured (the Google button shows only when it has). */
export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.providers,
    queryFn: () => apiFetch('/api/auth/providers', authProvidersSchema),
    // Configuration changes only with a redeploy.
    staleTime: Infinity,
    retry: false,
  });

export async function signIn(input: LoginInput): Promise<CurrentUser> {
  const { user } = await apiFetch('/api/auth/login', userResponseSchema, { method: 'POST', body: JSON.stringify(input) });
  return user;
}

/** Creates the account; the server signs the person in at once (automatic login). */
export async function signUp(input: RegisterInput): Promise<CurrentUser> {
  const { user } = await apiFetch('/api/auth/register', userResponseSchema, { method: 'POST', body: JSON.stringify(input) });
  return user;
}

/**
 * Online only for now: offline the request fails, nothing changes, and the screen says so
 * (queuing profile edits in the outbox is a later issue).
 */
export async function updateProfile(input: ProfileUpdateInput): Promise<CurrentUser> {
  const { user } = await apiFetch('/api/profile', userResponseSchema, { method: 'PATCH', body: JSON.stringify(input) });
  return user;
}

/** After a sign-in or profile change: show the new person at once, then confirm with the server. */
export async function setCurrentUser(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  queryClient.setQueryData(currentUserKeys.me, user);
  await queryClient.invalidateQueries({ queryKey: currentUserKeys.me });
}
