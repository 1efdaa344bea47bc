/**
 * The go-live checklist's read (issue 21, defect 4): GET /api/admin/go-live, decided on the server
 * from its configuration. Read only, nothing is queued: offline the query fails and the checklist
 * simply is not shown (the manager area works without it).
 */
import { queryOptions } from '@tanstack/react-query';

import { api, call } from '../../../lib/api-client';
import { goLiveResponseSchema } from '../../../shared/schemas/go-live';

export const goLiveQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'go-live'] as const,
    queryFn: () => call(api.admin['go-live'].$get(), goLiveResponseSchema),
    // A changed setting needs a restart anyway; a changed password shows on the next visit.
    staleTime: 0,
    retry: false,
  });
