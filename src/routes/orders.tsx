import { createFileRoute } from '@tanstack/react-router';

import { currentUserQueryOptions } from '../entities/session/api/get-current-user';
import { OrderHistoryPage } from './-orders/order-history-page';
import { nextHistorySearch, orderHistorySearchSchema } from './-orders/order-route-params';

export const Route = createFileRoute('/orders')({
  validateSearch: orderHistorySearchSchema,
  loaderDeps: ({ search }) => ({ filter: search.filter ?? 'all', q: search.q ?? '' }),
  // Not awaited: the screen paints at once with its six skeletons while the list loads.
  loader: ({ context, deps }) => {
    // Guests get the restricted screen: no personal request is made for them.
    void context.queryClient
      .ensureQueryData(currentUserQueryOptions())
      // Imported here so the orders API stays out of the first-load bundle.
      .then(async (user) => {
        if (!user) return;
        const { orderHistoryQueryOptions } = await import('../features/orders/api/orders-api');
        await context.queryClient.ensureInfiniteQueryData(orderHistoryQueryOptions(deps.filter, deps.q));
      })
      .catch(() => undefined);
  },
  component: OrderHistoryRoute,
});

function OrderHistoryRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OrderHistoryPage
      search={search}
      onSearchChange={(change) => void navigate({ search: (current) => nextHistorySearch(current, change), replace: true })}
    />
  );
}
