import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-fetch';
import { menuSchema } from '../../../shared/schemas/menu';

export const menuKeys = {
  all: ['menu'] as const,
};

export const menuQueryOptions = () =>
  queryOptions({
    queryKey: menuKeys.all,
    queryFn: () => apiFetch('/api/menu', menuSchema),
  });
