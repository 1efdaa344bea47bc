/** Shared order screen states: 'Order Not Found', 'Failed to load order', loading, badges. */
import { Link } from '@tanstack/react-router';

import { Spinner } from '../../../components/skeleton';
import type { Order } from '../../../shared/schemas/order';
import { PAYMENT_STATUS_LABELS, posStatusText, showsPosStatus, statusLabel } from '../domain/order-display';

export function OrderNotFound() {
  return (
    <section className="order-state" aria-labelledby="order-not-found-title">
      <h1 id="order-not-found-title">Order Not Found</h1>
      <p>We could not find this order in your account.</p>
      <div className="order-state__actions">
        <Link to="/menu" className="button">
          Back to menu
        </Link>
        <Link to="/order-history" className="button button--outline" search={{}}>
          Order history
        </Link>
      </div>
    </section>
  );
}

export function OrderLoadError({ onRetry }: { onRetry(): void }) {
  return (
    <section className="order-state" role="alert">
      <h1>Failed to load order</h1>
      <p>Check your connection and try again.</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}

export function OrderLoading({ label = 'Loading order...' }: { label?: string }) {
  return (
    <section className="order-state">
      <Spinner label={label} />
    </section>
  );
}

export function StatusBadge({ order }: { order: Pick<Order, 'status' | 'fulfilment'> }) {
  return (
    <span className={`order-badge order-badge--${order.status.replace(/\s+/g, '-')}`}>{statusLabel(order.status, order.fulfilment)}</span>
  );
}

export function PaymentBadge({ order }: { order: Pick<Order, 'paymentStatus' | 'paymentMethod'> }) {
  return (
    <span className={`order-badge order-badge--payment-${order.paymentStatus}`}>
      {order.paymentMethod === 'cash' && order.paymentStatus === 'pending' ? 'Cash' : PAYMENT_STATUS_LABELS[order.paymentStatus]}
    </span>
  );
}

export function PosStatus({ order }: { order: Order }) {
  if (!showsPosStatus(order)) return null;
  const sent = order.posInjectionStatus === 'sent';
  return (
    <p className={`order-pos${sent ? ' order-pos--sent' : ''}`} role="status">
      {sent ? null : <span className="order-pos__spinner" aria-hidden="true" />}
      {posStatusText(order.posInjectionStatus)}
    </p>
  );
}
