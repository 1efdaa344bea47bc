/**
 * Order details (spec §2 Order details): status with a timeline (live over server-sent events),
 * the POS hand-off text, items, delivery info (the drop-off point on a read-only map, loaded lazily,
 * with its coordinates as text and a map link), the summary, the receipt button (enabled only when paid),
 * 'Pay' / 'Retry Payment' (only when a card payment is pending or failed), 'Contact Support' (calls
 * the restaurant) and 'Send Feedback'. Issue 19: the timeline ticks only the steps that happened,
 * each with its time; the promised ready time, the wait for the restaurant's confirmation, the
 * customer's Cancel, the cancellation's reason and refunds come from order-progress.tsx.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import { restaurantQueryOptions } from '../../../entities/restaurant/api/get-restaurant';
import { ApiRequestError } from '../../../lib/api-fetch';
import { useLocale, useT, useWords } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { LazyPinMap } from '../../../components/lazy-pin-map';
import { fetchReceiptUrl, isNotFound, orderQueryOptions } from '../api/orders-api';
import { goToPayment, PAYMENT_ERROR_TEXT } from '../api/start-payment';
import { useOrderEvents } from '../api/use-order-events';
import { canGetReceipt, canPay, formatOrderDate } from '../domain/order-display';
import { followsLive, lifecycleTimeline } from '../domain/order-lifecycle';
import { FeedbackDialog } from './feedback-dialog';
import { OrderFulfilment } from './order-fulfilment';
import { OrderItems } from './order-items';
import { OrderProgress } from './order-progress';
import { OrderLoadError, OrderLoading, OrderNotFound, PaymentBadge, PosStatus, StatusBadge } from './order-states';
import { OrderTotals } from './order-totals';
import './orders.css';
import { mapConfigQueryOptions } from '../../../lib/map-config';

const HTTP_CONFLICT = 409;

export function OrderDetails({ orderNumber }: { orderNumber: string }) {
  useWords('pages');
  const order = useQuery(orderQueryOptions(orderNumber));
  const restaurant = useQuery(restaurantQueryOptions());
  const dropOff =
    order.data?.fulfilment === 'delivery' && order.data.deliveryLatitude !== null && order.data.deliveryLongitude !== null
      ? { latitude: order.data.deliveryLatitude, longitude: order.data.deliveryLongitude }
      : null;
  const mapConfig = useQuery({ ...mapConfigQueryOptions(), enabled: dropOff !== null });
  const [paying, setPaying] = useState(false);
  const [loadingReceipt, setLoadingReceipt] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const t = useT();
  const locale = useLocale();
  useOrderEvents(orderNumber, !!order.data && followsLive(order.data));

  if (order.isPending) return <OrderLoading />;
  if (order.isError) return isNotFound(order.error) ? <OrderNotFound /> : <OrderLoadError onRetry={() => void order.refetch()} />;
  const data = order.data;
  const phone = restaurant.data?.settings.phone;

  async function pay() {
    setPaying(true);
    try {
      await goToPayment(orderNumber);
    } catch {
      setPaying(false);
      notify({ type: 'error', title: t('orders.payment.errorTitle'), message: t(PAYMENT_ERROR_TEXT) });
    }
  }

  async function openReceipt() {
    setLoadingReceipt(true);
    try {
      const url = await fetchReceiptUrl(orderNumber);
      window.open(url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === HTTP_CONFLICT || error.code === 'receipt_not_available'))
        notify({ type: 'warning', title: t('orders.receipt.notAvailable'), message: t('orders.receipt.notAvailableMessage') });
      else notify({ type: 'error', title: t('orders.error'), message: t('orders.receipt.failed') });
    } finally {
      setLoadingReceipt(false);
    }
  }

  const steps = lifecycleTimeline(data);
  return (
    <article className="order-details" aria-labelledby="order-details-title">
      <header className="order-details__header">
        <p className="order-details__back">
          <Link to="/order-history" search={{}}>
            {t('orders.details.backToHistory')}
          </Link>
        </p>
        <h1 id="order-details-title">{t('orders.details.title', { orderNumber: data.orderNumber })}</h1>
        <p className="order-details__date">{t('orders.details.placed', { date: formatOrderDate(data.createdAt, locale) })}</p>
        <div className="order-confirmation__badges">
          <StatusBadge order={data} />
          <PaymentBadge order={data} />
        </div>
      </header>

      <section className="order-panel" aria-labelledby="order-status-title">
        <h2 id="order-status-title">{t('orders.details.status')}</h2>
        <ol className="order-timeline" aria-live="polite">
          {steps.map((step) => (
            <li
              key={step.status}
              className={`order-timeline__step order-timeline__step--${step.state}`}
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              <span className="order-timeline__dot" aria-hidden="true" />
              <span>
                {t(step.label)}
                {step.state === 'done' ? <span className="visually-hidden"> {t('orders.details.stepDone')}</span> : null}
              </span>
              {step.time && step.at ? (
                <time className="order-timeline__time" dateTime={step.at}>
                  {step.time}
                </time>
              ) : null}
            </li>
          ))}
        </ol>
        <OrderProgress order={data} restaurantPhone={phone} />
        {data.deliveredAt ? (
          <p>
            {t(data.fulfilment === 'pickup' ? 'orders.details.pickedUpAt' : 'orders.details.deliveredAt', {
              date: formatOrderDate(data.deliveredAt, locale),
            })}
          </p>
        ) : null}
        <PosStatus order={data} />
      </section>

      <div className="order-confirmation__grid">
        <section className="order-panel" aria-labelledby="order-items-title">
          <h2 id="order-items-title">{t('orders.items')}</h2>
          <OrderItems items={data.orderItems} />
          {data.customerNotes ? (
            <p className="order-fulfilment__extra">{t('orders.details.notes', { notes: data.customerNotes })}</p>
          ) : null}
        </section>
        <section className="order-panel" aria-labelledby="order-delivery-title">
          <h2 id="order-delivery-title">
            {data.fulfilment === 'pickup' ? t('orders.fulfilment.pickup') : t('orders.details.deliveryInfo')}
          </h2>
          <OrderFulfilment order={data} showCoordinates locations={restaurant.data?.locations} />
          {dropOff && mapConfig.data ? (
            <LazyPinMap styleUrl={mapConfig.data.styleUrl} label={t('orders.details.dropOffPoint')} {...dropOff} />
          ) : null}
          <p className="order-fulfilment__extra">
            {data.customerName} · {data.customerPhone} · {data.customerEmail}
          </p>
        </section>
      </div>

      <section className="order-panel" aria-labelledby="order-summary-title">
        <h2 id="order-summary-title">{t('orders.details.summary')}</h2>
        <OrderTotals order={data} />
        <p className="order-fulfilment__extra">
          {data.paymentMethod === 'card' ? t('orders.details.paymentCard') : t('orders.details.paymentCash')}
        </p>
        <div className="order-state__actions order-state__actions--start">
          <button
            type="button"
            className="button button--outline"
            disabled={!canGetReceipt(data) || loadingReceipt}
            onClick={() => void openReceipt()}
          >
            {loadingReceipt ? t('orders.receipt.loading') : t('orders.receipt.button')}
          </button>
          {canPay(data) ? (
            <>
              <button type="button" className="button" disabled={paying} onClick={() => void pay()}>
                {paying ? t('orders.payment.redirecting') : t('orders.history.pay')}
              </button>
              <Link to="/retry-payment/$orderNumber" params={{ orderNumber }} className="button button--light">
                {t('orders.payment.retry')}
              </Link>
            </>
          ) : null}
        </div>
      </section>

      <section className="order-panel" aria-labelledby="order-help-title">
        <h2 id="order-help-title">{t('orders.details.help')}</h2>
        <div className="order-state__actions order-state__actions--start">
          {phone ? (
            <a className="button button--outline" href={`tel:${phone.replace(/\s+/g, '')}`}>
              {t('orders.details.contactSupport')}
            </a>
          ) : null}
          <button type="button" className="button button--outline" onClick={() => setFeedbackOpen(true)}>
            {t('orders.feedback.send')}
          </button>
        </div>
      </section>
      {feedbackOpen ? <FeedbackDialog orderNumber={orderNumber} onClose={() => setFeedbackOpen(false)} /> : null}
    </article>
  );
}
