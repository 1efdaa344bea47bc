/**
 * The account feature's server calls: sign in, register, profile update, and which
 * external sign-in providers exist. Sign-in and registration need the network by nature; they are
 * never queued, and a failure is shown to the person (spec §8 'Login Failed', 'Registration Failed').
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';

import { currentUserKeys } from '../../../entities/session/api/get-current-user';
import { api, apiPath, call } from '../../../lib/api-client';
import { NetworkError } from '../../../lib/api-fetch';
import { translateOutsideScreens } from '../../../lib/i18n';
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
    queryFn: () => call(api.auth.providers.$get(), authProvidersSchema),
    // Configuration changes only with a redeploy.
    staleTime: Infinity,
    retry: false,
  });

export async function signIn(input: LoginInput): Promise<CurrentUser> {
  const { user } = await call(api.auth.login.$post({ json: input }), userResponseSchema);
  return user;
}

/** Creates the account; the server signs the person in at once (automatic login). */
export async function signUp(input: RegisterInput): Promise<CurrentUser> {
  const { user } = await call(api.auth.register.$post({ json: input }), userResponseSchema);
  return user;
}

export const PROFILE_UPDATE_KIND = 'profile.update';

/**
 * Saves a profile edit under one Idempotency-Key. Online: sent now, the server's answer returned.
 * Offline (or the answer lost to the connection): the edit goes into the outbox under the same
 * key, so the server applies it once whenever it arrives, and this device shows it at once (the
 * query cache and the IndexedDB copy of the person) until the server's own answer replaces it.
 * A later refusal (4xx) appears in the sync panel; the next online read shows the server's data.
 */
export async function updateProfile(
  queryClient: QueryClient,
  user: CurrentUser,
  input: ProfileUpdateInput,
): Promise<{ user: CurrentUser; queued: boolean }> {
  const key = crypto.randomUUID();
  try {
    const { user: updated } = await call(api.profile.$patch({ json: input }, { headers: { 'Idempotency-Key': key } }), userResponseSchema);
    await setCurrentUser(queryClient, updated);
    return { user: updated, queued: false };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const { enqueueWrite } = await import('../../../sync/outbox-runtime');
    await enqueueWrite({
      id: key,
      kind: PROFILE_UPDATE_KIND,
      // Said in the language of the moment it is queued; the sync panel shows it as stored.
      label: translateOutsideScreens('account.outbox.profile'),
      request: { method: 'PATCH', path: apiPath(api.profile.$path()), body: input },
      userId: user.id,
    });
    const shown: CurrentUser = { ...user, firstName: input.firstName, lastName: input.lastName, phone: input.phone || null };
    queryClient.setQueryData(currentUserKeys.me, shown);
    // The session's repository, loaded here: Dexie stays out of the sign-in dialog's code.
    await import('../../../entities/session/session-repo').then((session) => session.rememberCurrentUser(shown)).catch(() => undefined);
    return { user: shown, queued: true };
  }
}

/** After a sign-in or profile change: show the new person at once, then confirm with the server. */
export async function setCurrentUser(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  queryClient.setQueryData(currentUserKeys.me, user);
  await queryClient.invalidateQueries({ queryKey: currentUserKeys.me });
}
