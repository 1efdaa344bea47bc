/** Shared order screen states: 'Order Not Found', 'Failed to load order', loading, badges. */
import { Link } from '@tanstack/react-router';

import { Spinner } from '../../../components/skeleton';
import { useT, useWords } from '../../../lib/i18n';
import type { Order } from '../../../shared/schemas/order';
import { PAYMENT_STATUS_LABELS, posStatusText, showsPosStatus, statusLabel } from '../domain/order-display';

export function OrderNotFound() {
  useWords('pages');
  const t = useT();
  return (
    <section className="order-state" aria-labelledby="order-not-found-title">
      <h1 id="order-not-found-title">{t('orders.notFound.title')}</h1>
      <p>{t('orders.notFound.message')}</p>
      <div className="order-state__actions">
        <Link to="/menu" className="button">
          {t('orders.backToMenu')}
        </Link>
        <Link to="/order-history" className="button button--outline" search={{}}>
          {t('orders.historyLink')}
        </Link>
      </div>
    </section>
  );
}

export function OrderLoadError({ onRetry }: { onRetry(): void }) {
  const t = useT();
  return (
    <section className="order-state" role="alert">
      <h1>{t('orders.loadFailed.title')}</h1>
      <p>{t('orders.loadFailed.message')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('orders.tryAgain')}
      </button>
    </section>
  );
}

export function OrderLoading({ label }: { label?: string }) {
  const t = useT();
  return (
    <section className="order-state">
      <Spinner label={label ?? t('orders.loading')} />
    </section>
  );
}

export function StatusBadge({ order }: { order: Pick<Order, 'status' | 'fulfilment'> }) {
  const t = useT();
  return (
    <span className={`order-badge order-badge--${order.status.replace(/\s+/g, '-')}`}>
      {t(statusLabel(order.status, order.fulfilment))}
    </span>
  );
}

export function PaymentBadge({ order }: { order: Pick<Order, 'paymentStatus' | 'paymentMethod'> }) {
  const t = useT();
  return (
    <span className={`order-badge order-badge--payment-${order.paymentStatus}`}>
      {order.paymentMethod === 'cash' && order.paymentStatus === 'pending'
        ? t('orders.payment.cash')
        : t(PAYMENT_STATUS_LABELS[order.paymentStatus])}
    </span>
  );
}

export function PosStatus({ order }: { order: Order }) {
  const t = useT();
  if (!showsPosStatus(order)) return null;
  const sent = order.posInjectionStatus === 'sent';
  return (
    <p className={`order-pos${sent ? ' order-pos--sent' : ''}`} role="status">
      {sent ? null : <span className="order-pos__spinner" aria-hidden="true" />}
      {t(posStatusText(order.posInjectionStatus))}
    </p>
  );
}
