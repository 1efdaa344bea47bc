/** The manager's "Sent mail" (GET /api/admin/mail): one query definition, its keys. */
import { queryOptions } from '@tanstack/react-query';

import { api, call } from '../../../lib/api-client';
import { sentMailResponseSchema } from '../../../shared/schemas/sent-mail';

export const sentMailKeys = { all: ['sent-mail'] as const };

export function sentMailQueryOptions() {
  return queryOptions({
    queryKey: sentMailKeys.all,
    queryFn: () => call(api.admin.mail.$get({ query: {} }), sentMailResponseSchema),
    staleTime: 10_000,
  });
}
