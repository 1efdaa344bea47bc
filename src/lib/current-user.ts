/**
 * Who is signed in, for every feature that needs to know (cart hint, checkout, header). The account
 * feature owns signing in and out; this is the shared read.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { meResponseSchema } from '../shared/schemas/user';
import { apiFetch } from './api-fetch';

export const currentUserKeys = { me: ['current-user'] as const };

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKeys.me,
    queryFn: async () => (await apiFetch('/api/auth/me', meResponseSchema)).user,
    retry: false,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
