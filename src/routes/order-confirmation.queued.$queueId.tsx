import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { z } from 'zod/mini';

import { ProtectedPage } from '../components/protected-page';
import { OrderNotFound } from '../features/orders/components/order-states';
import { QueuedOrderConfirmation } from '../features/orders/components/queued-order-confirmation';

/** The outbox entry's origin id (a UUID made on this device); anything else is 'Order Not Found'. */
const queuedParamsSchema = z.object({ queueId: z.catch(z.string().check(z.uuid()), '') });

export const Route = createFileRoute('/order-confirmation/queued/$queueId')({
  params: { parse: (raw) => queuedParamsSchema.parse(raw), stringify: (params) => params },
  component: QueuedConfirmationPage,
});

function QueuedConfirmationPage() {
  const { queueId } = Route.useParams();
  const navigate = Route.useNavigate();
  // Accepted by the server: the real confirmation replaces this page in the history.
  const onPlaced = useCallback(
    (orderNumber: string) =>
      void navigate({ to: '/order-confirmation/cash/$orderNumber', params: { orderNumber }, search: { status: 'success' }, replace: true }),
    [navigate],
  );
  return <ProtectedPage>{queueId ? <QueuedOrderConfirmation queueId={queueId} onPlaced={onPlaced} /> : <OrderNotFound />}</ProtectedPage>;
}
