/**
 * Retry payment (/retry-payment/{orderNumber}; spec §2, §4): 'Payment Already Completed' when the
 * order is paid; otherwise the customer restarts the card payment. On a refusal the server's error
 * text is shown when present, else 'Failed to start payment process. Please try again.'
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import { ApiRequestError } from '../../../lib/api-fetch';
import { notify } from '../../../lib/notify';
import { asBani, formatLei } from '../../../shared/money';
import { isNotFound, orderQueryOptions, restartPaymentFromRetryPage } from '../api/orders-api';
import { PAYMENT_ERROR_TEXT } from '../api/start-payment';
import { OrderItems } from './order-items';
import { OrderLoadError, OrderLoading, OrderNotFound } from './order-states';
import './orders.css';

/** The server's own words when it sent any (not our generic "Request failed with status ..."). */
function serverErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.code !== 'http_error' && error.message.trim()) return error.message;
  return PAYMENT_ERROR_TEXT;
}

export function RetryPayment({ orderNumber }: { orderNumber: string }) {
  const order = useQuery(orderQueryOptions(orderNumber));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (order.isPending) return <OrderLoading />;
  if (order.isError) return isNotFound(order.error) ? <OrderNotFound /> : <OrderLoadError onRetry={() => void order.refetch()} />;
  const data = order.data;

  if (data.paymentStatus === 'paid') {
    return (
      <section className="order-state" aria-labelledby="retry-title">
        <h1 id="retry-title">Payment Already Completed</h1>
        <p>
          Order <strong>{data.orderNumber}</strong> is paid. There is nothing more to pay.
        </p>
        <div className="order-state__actions">
          <Link to="/order-details/$orderNumber" params={{ orderNumber }} className="button">
            View order
          </Link>
        </div>
      </section>
    );
  }

  async function retry() {
    setBusy(true);
    setError(null);
    try {
      const url = await restartPaymentFromRetryPage(orderNumber);
      window.location.assign(url);
    } catch (failure) {
      setBusy(false);
      const text = serverErrorText(failure);
      setError(text);
      notify({ type: 'error', title: 'Payment Error', message: text });
    }
  }

  return (
    <section className="retry-payment" aria-labelledby="retry-title">
      <h1 id="retry-title">Complete your payment</h1>
      <p>
        Order <strong>{data.orderNumber}</strong> · total <strong>{formatLei(asBani(data.totalBani))}</strong>
      </p>
      <section className="order-panel" aria-label="Items">
        <OrderItems items={data.orderItems} />
      </section>
      {error ? (
        <p className="order-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="order-state__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void retry()}>
          {busy ? 'Redirecting...' : 'Retry Payment'}
        </button>
        <Link to="/order-details/$orderNumber" params={{ orderNumber }} className="button button--outline">
          View order
        </Link>
      </div>
    </section>
  );
}
