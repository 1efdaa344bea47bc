/**
 * Order confirmation (spec §2 Order confirmation, §4 Checkout flow): the order's items and where it
 * goes, or 'Payment Failed' with 'Complete Payment'. Returning from the hosted checkout with
 * status=success and a session_id, the page asks the server for the session's payment status (the
 * query string itself proves nothing) and clears the cart once the order is paid. Issue 19: it
 * follows the order live and shows where it stands with the restaurant (order-progress.tsx).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

import { Spinner } from '../../../components/skeleton';
import { clearCart } from '../../../entities/cart/cart-repo';
import { restaurantQueryOptions } from '../../../entities/restaurant/api/get-restaurant';
import { useLocale, useT, useWords } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { wordsText } from '../../../lib/screen-words';
import { isNotFound, orderKeys, orderQueryOptions, sessionStatusQueryOptions } from '../api/orders-api';
import { goToPayment, PAYMENT_ERROR_TEXT } from '../api/start-payment';
import { useOrderEvents } from '../api/use-order-events';
import { canPay, formatOrderDate, paymentFailureText } from '../domain/order-display';
import { followsLive } from '../domain/order-lifecycle';
import { OrderFulfilment } from './order-fulfilment';
import { OrderItems } from './order-items';
import { OrderProgress } from './order-progress';
import { OrderLoadError, OrderLoading, OrderNotFound, PaymentBadge, PosStatus, StatusBadge } from './order-states';
import { OrderTotals } from './order-totals';
import './orders.css';

export interface ConfirmationSearch {
  status?: 'success' | 'succeeded' | 'failed' | undefined;
  error?: string | undefined;
  session_id?: string | undefined;
}

export function OrderConfirmation({ orderNumber, search }: { orderNumber: string; search: ConfirmationSearch }) {
  useWords('pages');
  const queryClient = useQueryClient();
  const order = useQuery(orderQueryOptions(orderNumber));
  const restaurant = useQuery(restaurantQueryOptions());
  const returnedOk = search.status === 'success' || search.status === 'succeeded';
  const session = useQuery({
    ...sessionStatusQueryOptions(orderNumber, search.session_id ?? ''),
    enabled: returnedOk && !!search.session_id,
  });
  const [paying, setPaying] = useState(false);
  const t = useT();
  const locale = useLocale();
  const cartCleared = useRef(false);

  const paid = order.data?.paymentStatus === 'paid' || session.data?.paymentStatus === 'paid';
  useOrderEvents(orderNumber, !!order.data && followsLive(order.data));

  // The session lookup may have just recorded the payment: read the order again.
  useEffect(() => {
    if (session.data) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderNumber) });
  }, [session.data, queryClient, orderNumber]);

  // Spec §4: on return with success, once the order is paid, the cart is cleared (local, offline-safe).
  useEffect(() => {
    if (returnedOk && paid && !cartCleared.current) {
      cartCleared.current = true;
      void clearCart();
    }
  }, [returnedOk, paid]);

  if (order.isPending) return <OrderLoading />;
  if (order.isError) return isNotFound(order.error) ? <OrderNotFound /> : <OrderLoadError onRetry={() => void order.refetch()} />;
  const data = order.data;

  async function completePayment() {
    setPaying(true);
    try {
      await goToPayment(orderNumber);
    } catch {
      setPaying(false);
      notify({ type: 'error', title: t('orders.payment.errorTitle'), message: t(PAYMENT_ERROR_TEXT) });
    }
  }

  const failed = (search.status === 'failed' || data.paymentStatus === 'failed') && data.paymentStatus !== 'paid';
  if (failed) {
    return (
      <section className="order-confirmation order-confirmation--failed" aria-labelledby="confirmation-title">
        <h1 id="confirmation-title">{t('orders.confirmation.paymentFailed')}</h1>
        <p className="order-confirmation__lead" role="alert">
          {wordsText(t, paymentFailureText(search.status === 'failed' ? search.error : undefined))}
        </p>
        <p>
          {t('orders.orderWord')} <strong>{data.orderNumber}</strong> {t('orders.confirmation.savedNotCharged')}
        </p>
        <div className="order-state__actions">
          {canPay(data) ? (
            <button type="button" className="button" disabled={paying} onClick={() => void completePayment()}>
              {paying ? t('orders.payment.redirecting') : t('orders.payment.complete')}
            </button>
          ) : null}
          <Link to="/order-details/$orderNumber" params={{ orderNumber }} className="button button--outline">
            {t('orders.viewOrder')}
          </Link>
        </div>
        <section className="order-panel" aria-labelledby="confirmation-items-failed">
          <h2 id="confirmation-items-failed">{t('orders.items')}</h2>
          <OrderItems items={data.orderItems} />
          <OrderTotals order={data} />
        </section>
      </section>
    );
  }

  const checking = returnedOk && !!search.session_id && session.isPending && data.paymentMethod === 'card' && data.paymentStatus !== 'paid';
  return (
    <section className="order-confirmation" aria-labelledby="confirmation-title">
      <h1 id="confirmation-title">
        {data.paymentMethod === 'card' && !paid ? t('orders.confirmation.received') : t('orders.confirmation.thanks')}
      </h1>
      <p className="order-confirmation__lead">
        {t('orders.orderWord')} <strong>{data.orderNumber}</strong> · {formatOrderDate(data.createdAt, locale)}
      </p>
      <div className="order-confirmation__badges">
        <StatusBadge order={data} />
        <PaymentBadge order={data} />
      </div>
      {checking ? <Spinner label={t('orders.confirmation.confirmingPayment')} /> : null}
      {data.paymentMethod === 'card' && !paid && !checking ? (
        <p className="order-confirmation__note">
          {t('orders.confirmation.notConfirmed')}{' '}
          {canPay(data) ? (
            <button type="button" className="link-button" disabled={paying} onClick={() => void completePayment()}>
              {t('orders.payment.complete')}
            </button>
          ) : null}
        </p>
      ) : null}
      <OrderProgress order={data} restaurantPhone={restaurant.data?.settings.phone} />
      <PosStatus order={data} />
      <div className="order-confirmation__grid">
        <section className="order-panel" aria-labelledby="confirmation-items">
          <h2 id="confirmation-items">{t('orders.items')}</h2>
          <OrderItems items={data.orderItems} />
          <OrderTotals order={data} />
        </section>
        <section className="order-panel" aria-labelledby="confirmation-where">
          <h2 id="confirmation-where">
            {data.fulfilment === 'pickup' ? t('orders.confirmation.pickupLocation') : t('orders.confirmation.deliveryAddress')}
          </h2>
          <OrderFulfilment order={data} locations={restaurant.data?.locations} />
        </section>
      </div>
      <div className="order-state__actions">
        <Link to="/order-details/$orderNumber" params={{ orderNumber }} className="button">
          {t('orders.confirmation.track')}
        </Link>
        <Link to="/menu" className="button button--outline">
          {t('orders.backToMenu')}
        </Link>
      </div>
    </section>
  );
}
