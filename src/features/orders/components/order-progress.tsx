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
import { useLocale, useT } from '../../../lib/i18n';
import { useErrorHandler } from '../../../lib/use-error-handler';
import { notify } from '../../../lib/notify';
import { wordsText } from '../../../lib/screen-words';
import { useServerNow } from '../../../entities/restaurant/api/server-clock';
import { useOnline } from '../../../lib/use-online';
import type { Order } from '../../../shared/schemas/order';
import { ORDER_ALREADY_ACCEPTED } from '../../../shared/schemas/order';
import { cancelMyOrder, orderKeys } from '../api/orders-api';
import { canCustomerCancel, cancellationText, isConfirmationLate, promiseText, refundText } from '../domain/order-lifecycle';

/** How often the page looks at the clock for the accept deadline. */
const DEADLINE_TICK_MS = 10_000;

export function OrderProgress({ order, restaurantPhone }: { order: Order; restaurantPhone: string | undefined }) {
  const serverNow = useServerNow(DEADLINE_TICK_MS);
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const t = useT();
  const locale = useLocale();
  const promise = promiseText(order);
  const late = isConfirmationLate(order, serverNow);
  const cancellation = cancellationText(order);
  const refund = refundText(order, locale);
  const waiting = order.status === 'received' && order.acceptDeadlineAt !== null;

  return (
    <div className="order-progress">
      {promise ? (
        <p className="order-progress__promise" role="status">
          {wordsText(t, promise)}
        </p>
      ) : null}
      {waiting && !late ? <p className="order-progress__waiting">{t('orders.progress.waiting')}</p> : null}
      {waiting && late ? (
        <div className="order-progress__late" role="alert">
          <p>
            <strong>{t('orders.progress.notConfirmed')}</strong>
          </p>
          {restaurantPhone ? (
            <p>
              {t('orders.progress.call')} <a href={`tel:${restaurantPhone.replace(/\s+/g, '')}`}>{restaurantPhone}</a>
            </p>
          ) : null}
        </div>
      ) : null}
      {canCustomerCancel(order) ? (
        <div className="order-progress__cancel">
          <button type="button" className="button button--outline" disabled={!online} onClick={() => setConfirming(true)}>
            {t('orders.progress.cancel')}
          </button>
          {online ? null : <p className="order-progress__hint">{t('orders.progress.cancelOffline')}</p>}
        </div>
      ) : null}
      {cancellation ? <p className="order-progress__cancelled">{wordsText(t, cancellation)}</p> : null}
      {refund ? <p className="order-progress__refund">{wordsText(t, refund)}</p> : null}
      {confirming ? <CancelOrderDialog order={order} onClose={() => setConfirming(false)} /> : null}
    </div>
  );
}

function CancelOrderDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const t = useT();
  const { refusalMessage } = useErrorHandler();

  async function confirm() {
    setBusy(true);
    try {
      const cancelled = await cancelMyOrder(order.orderNumber);
      queryClient.setQueryData(orderKeys.detail(order.orderNumber), cancelled);
      notify({
        type: 'success',
        title: t('orders.cancel.done'),
        message: t('orders.cancel.doneMessage', { orderNumber: order.orderNumber }),
      });
      onClose();
    } catch (error) {
      setBusy(false);
      if (error instanceof NetworkError) {
        notify({ type: 'error', title: t('orders.cancel.noConnection'), message: t('orders.cancel.noConnectionMessage') });
      } else if (error instanceof ApiRequestError && error.code === ORDER_ALREADY_ACCEPTED) {
        notify({
          type: 'error',
          title: t('orders.cancel.alreadyAccepted'),
          message: t('orders.cancel.alreadyAcceptedMessage'),
        });
        onClose();
      } else {
        notify({
          type: 'error',
          title: t('orders.error'),
          // The server's own words when it answered (its refusal); ours when nothing came back.
          message: refusalMessage(error, t('orders.cancel.failed')),
        });
      }
    } finally {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.orderNumber) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.list() });
    }
  }

  return (
    <Dialog title={t('orders.cancel.title', { orderNumber: order.orderNumber })} onClose={onClose}>
      <p>{order.paymentStatus === 'paid' ? t('orders.cancel.explainPaid') : t('orders.cancel.explain')}</p>
      <div className="order-state__actions">
        <button type="button" className="button button--outline" onClick={onClose} data-autofocus>
          {t('orders.cancel.keep')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
          {busy ? t('orders.cancel.cancelling') : t('orders.cancel.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
