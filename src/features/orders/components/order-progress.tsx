/**
 * Where the order stands with the restaurant (issue 19), on the confirmation and details pages:
 * the promised clock time once accepted ("Confirmed — ready at 19:45"), the wait for confirmation
 * before that (past the accept deadline: "The restaurant has not confirmed your order yet" with the
 * restaurant's phone), the customer's Cancel while the order is not accepted, the reason of a
 * cancellation and what happened to the money. The rules are pure (domain/order-lifecycle.ts);
 * the deadline is judged by the server's clock (src/entities/restaurant/api/server-clock.ts). Cancelling needs the
 * network: offline the button is disabled and the page says why; it is never queued, because a
 * queued cancel could land after the restaurant accepted.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';
import { notify } from '../../../lib/notify';
import { useServerNow } from '../../../entities/restaurant/api/server-clock';
import { useOnline } from '../../../lib/use-online';
import type { Order } from '../../../shared/schemas/order';
import { ORDER_ALREADY_ACCEPTED } from '../../../shared/schemas/order';
import { cancelMyOrder, orderKeys } from '../api/orders-api';
import { canCustomerCancel, cancellationText, isConfirmationLate, promiseText, refundText } from '../domain/order-lifecycle';

/** How often the page looks at the clock for the accept deadline. */
const DEADLINE_TICK_MS = 10_000;

export const NOT_CONFIRMED_TEXT = 'The restaurant has not confirmed your order yet';

export function OrderProgress({ order, restaurantPhone }: { order: Order; restaurantPhone: string | undefined }) {
  const serverNow = useServerNow(DEADLINE_TICK_MS);
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const promise = promiseText(order);
  const late = isConfirmationLate(order, serverNow);
  const cancellation = cancellationText(order);
  const refund = refundText(order);
  const waiting = order.status === 'received' && order.acceptDeadlineAt !== null;

  return (
    <div className="order-progress">
      {promise ? (
        <p className="order-progress__promise" role="status">
          {promise}
        </p>
      ) : null}
      {waiting && !late ? <p className="order-progress__waiting">Waiting for the restaurant to confirm your order.</p> : null}
      {waiting && late ? (
        <div className="order-progress__late" role="alert">
          <p>
            <strong>{NOT_CONFIRMED_TEXT}</strong>
          </p>
          {restaurantPhone ? (
            <p>
              Call the restaurant: <a href={`tel:${restaurantPhone.replace(/\s+/g, '')}`}>{restaurantPhone}</a>
            </p>
          ) : null}
        </div>
      ) : null}
      {canCustomerCancel(order) ? (
        <div className="order-progress__cancel">
          <button type="button" className="button button--outline" disabled={!online} onClick={() => setConfirming(true)}>
            Cancel order
          </button>
          {online ? null : <p className="order-progress__hint">Cancelling needs a connection. You are offline.</p>}
        </div>
      ) : null}
      {cancellation ? <p className="order-progress__cancelled">{cancellation}</p> : null}
      {refund ? <p className="order-progress__refund">{refund}</p> : null}
      {confirming ? <CancelOrderDialog order={order} onClose={() => setConfirming(false)} /> : null}
    </div>
  );
}

function CancelOrderDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const cancelled = await cancelMyOrder(order.orderNumber);
      queryClient.setQueryData(orderKeys.detail(order.orderNumber), cancelled);
      notify({ type: 'success', title: 'Order cancelled', message: `Order ${order.orderNumber} is cancelled.` });
      onClose();
    } catch (error) {
      setBusy(false);
      if (error instanceof NetworkError) {
        notify({ type: 'error', title: 'No connection', message: 'Cancelling needs a connection. Try again when you are online.' });
      } else if (error instanceof ApiRequestError && error.code === ORDER_ALREADY_ACCEPTED) {
        notify({
          type: 'error',
          title: 'Already accepted',
          message: 'The restaurant has already accepted your order. Call them to change it.',
        });
        onClose();
      } else {
        notify({
          type: 'error',
          title: 'Error',
          message: error instanceof ApiRequestError ? error.message : 'Failed to cancel the order.',
        });
      }
    } finally {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.orderNumber) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.list() });
    }
  }

  return (
    <Dialog title={`Cancel order ${order.orderNumber}?`} onClose={onClose}>
      <p>The restaurant has not accepted it yet, so it is not made.{order.paymentStatus === 'paid' ? ' Your card is refunded.' : ''}</p>
      <div className="order-state__actions">
        <button type="button" className="button button--outline" onClick={onClose} data-autofocus>
          Keep order
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
          {busy ? 'Cancelling...' : 'Yes, cancel order'}
        </button>
      </div>
    </Dialog>
  );
}
