import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';

import { restaurantQueryOptions } from '../entities/restaurant/api/get-restaurant';
import type { FullMenuFilters } from '../features/full-menu/components/full-menu';
import { FullMenu } from '../features/full-menu/components/full-menu';
import { dailyHours } from '../features/layout/hours';
import { menuQueryOptions } from '../entities/menu/api/get-menu';

/** The search term and category chip live in the URL, so a search can be shared or reloaded. */
const fullMenuSearchSchema = z.object({
  q: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  categorie: z.catch(z.optional(z.string().check(z.maxLength(60))), undefined),
});

export const Route = createFileRoute('/meniul-complet')({
  validateSearch: fullMenuSearchSchema,
  // As /menu's loader: no request for a menu already in the cache before the screen has mounted.
  loader: ({ context }) => {
    void context.queryClient.ensureQueryData(menuQueryOptions()).catch(() => undefined);
  },
  component: FullMenuPage,
});

function FullMenuPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const menu = useQuery(menuQueryOptions());
  const { data: info } = useQuery(restaurantQueryOptions());
  const filters: FullMenuFilters = { q: search.q ?? '', category: search.categorie ?? '' };
  return (
    <FullMenu
      menu={menu.data}
      status={menu.status}
      filters={filters}
      onFiltersChange={(next) =>
        void navigate({
          search: { q: next.q || undefined, categorie: next.category || undefined },
          replace: true,
        })
      }
      phone={info?.settings.phone}
      hours={dailyHours(info?.locations[0]) ?? '11:00-22:00'}
      locations={info?.locations}
    />
  );
}
