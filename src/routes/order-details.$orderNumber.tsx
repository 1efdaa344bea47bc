import { createFileRoute } from '@tanstack/react-router';

import { ProtectedPage } from '../components/protected-page';
import { currentUserQueryOptions } from '../entities/session/api/get-current-user';
import { PushOffer } from '../features/notifications/components/push-offer';
import { OrderDetails } from '../features/orders/components/order-details';
import { OrderNotFound } from '../features/orders/components/order-states';
import { parseOrderNumberParams } from './-orders/order-route-params';

export const Route = createFileRoute('/order-details/$orderNumber')({
  params: { parse: parseOrderNumberParams, stringify: (params) => params },
  loader: async ({ context, params }) => {
    // Guests get the restricted screen: no personal request is made for them.
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
    if (!user || !params.orderNumber) return;
    // Imported here so the orders API stays out of the first-load bundle.
    const { orderQueryOptions } = await import('../features/orders/api/orders-api');
    await context.queryClient.ensureQueryData(orderQueryOptions(params.orderNumber)).catch(() => undefined);
  },
  component: OrderDetailsPage,
});

function OrderDetailsPage() {
  const { orderNumber } = Route.useParams();
  return (
    <ProtectedPage>
      {orderNumber ? <OrderDetails orderNumber={orderNumber} /> : <OrderNotFound />}
      {orderNumber ? <PushOffer /> : null}
    </ProtectedPage>
  );
}
