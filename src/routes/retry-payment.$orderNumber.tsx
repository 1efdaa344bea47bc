import { createFileRoute } from '@tanstack/react-router';

import { ProtectedPage } from '../components/protected-page';
import { currentUserQueryOptions } from '../entities/session/api/get-current-user';
import { OrderNotFound } from '../features/orders/components/order-states';
import { RetryPayment } from '../features/orders/components/retry-payment';
import { parseOrderNumberParams } from './-orders/order-route-params';

export const Route = createFileRoute('/retry-payment/$orderNumber')({
  params: { parse: parseOrderNumberParams, stringify: (params) => params },
  loader: async ({ context, params }) => {
    // Guests get the restricted screen: no personal request is made for them.
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
    if (!user || !params.orderNumber) return;
    // Imported here so the orders API stays out of the first-load bundle.
    const { orderQueryOptions } = await import('../features/orders/api/orders-api');
    await context.queryClient.ensureQueryData(orderQueryOptions(params.orderNumber)).catch(() => undefined);
  },
  component: RetryPaymentPage,
});

function RetryPaymentPage() {
  const { orderNumber } = Route.useParams();
  return <ProtectedPage>{orderNumber ? <RetryPayment orderNumber={orderNumber} /> : <OrderNotFound />}</ProtectedPage>;
}
