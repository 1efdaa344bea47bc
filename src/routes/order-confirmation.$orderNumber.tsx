import { createFileRoute } from '@tanstack/react-router';

import { ProtectedPage } from '../components/protected-page';
import { currentUserQueryOptions } from '../entities/session/api/get-current-user';
import { OrderConfirmation } from '../features/orders/components/order-confirmation';
import { PushOffer } from '../features/notifications/components/push-offer';
import { OrderNotFound } from '../features/orders/components/order-states';
import { confirmationSearchSchema, parseOrderNumberParams } from './-orders/order-route-params';

export const Route = createFileRoute('/order-confirmation/$orderNumber')({
  params: { parse: parseOrderNumberParams, stringify: (params) => params },
  validateSearch: confirmationSearchSchema,
  loader: async ({ context, params }) => {
    // Guests get the restricted screen: no personal request is made for them.
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
    if (!user || !params.orderNumber) return;
    // Imported here so the orders API stays out of the first-load bundle.
    const { orderQueryOptions } = await import('../features/orders/api/orders-api');
    await context.queryClient.ensureQueryData(orderQueryOptions(params.orderNumber)).catch(() => undefined);
  },
  component: ConfirmationPage,
});

function ConfirmationPage() {
  const { orderNumber } = Route.useParams();
  const search = Route.useSearch();
  return (
    <ProtectedPage>
      {orderNumber ? <OrderConfirmation orderNumber={orderNumber} search={search} /> : <OrderNotFound />}
      {orderNumber ? <PushOffer /> : null}
    </ProtectedPage>
  );
}
