/**
 * Retry payment (/retry-payment/{orderNumber}; spec §2, §4): 'Payment Already Completed' when the
 * order is paid; otherwise the customer restarts the card payment. On a refusal the server's error
 * text is shown when present, else 'Failed to start payment process. Please try again.'
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import { ApiRequestError } from '../../../lib/api-fetch';
import type { MessageId } from '../../../lib/i18n';
import { useLocale, useT, useWords } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import type { ScreenErrorHandler } from '../../../lib/use-error-handler';
import { useErrorHandler } from '../../../lib/use-error-handler';
import type { Words } from '../../../lib/screen-words';
import { wordsText } from '../../../lib/screen-words';
import { asBani, formatLei } from '../../../shared/money';
import { isNotFound, orderQueryOptions, restartPaymentFromRetryPage } from '../api/orders-api';
import { PAYMENT_ERROR_TEXT } from '../api/start-payment';
import { OrderItems } from './order-items';
import { OrderLoadError, OrderLoading, OrderNotFound } from './order-states';
import './orders.css';

/**
 * The server's reason when it gave one (not our generic "Request failed with status ..."), worded by
 * its code in the screen's language; else ours.
 */
function serverErrorText(error: unknown, describeError: ScreenErrorHandler['describeError']): Words {
  if (error instanceof ApiRequestError && error.code !== 'http_error' && error.message.trim())
    return { verbatim: describeError(error).message };
  return PAYMENT_ERROR_TEXT satisfies MessageId;
}

export function RetryPayment({ orderNumber }: { orderNumber: string }) {
  useWords('pages');
  const order = useQuery(orderQueryOptions(orderNumber));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Words | null>(null);
  const t = useT();
  const locale = useLocale();
  const { describeError } = useErrorHandler();

  if (order.isPending) return <OrderLoading />;
  if (order.isError) return isNotFound(order.error) ? <OrderNotFound /> : <OrderLoadError onRetry={() => void order.refetch()} />;
  const data = order.data;

  if (data.paymentStatus === 'paid') {
    return (
      <section className="order-state" aria-labelledby="retry-title">
        <h1 id="retry-title">{t('orders.retry.alreadyPaid')}</h1>
        <p>
          {t('orders.orderWord')} <strong>{data.orderNumber}</strong> {t('orders.retry.isPaid')}
        </p>
        <div className="order-state__actions">
          <Link to="/order-details/$orderNumber" params={{ orderNumber }} className="button">
            {t('orders.viewOrder')}
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
      const text = serverErrorText(failure, describeError);
      setError(text);
      notify({ type: 'error', title: t('orders.payment.errorTitle'), message: wordsText(t, text) });
    }
  }

  return (
    <section className="retry-payment" aria-labelledby="retry-title">
      <h1 id="retry-title">{t('orders.retry.title')}</h1>
      <p>
        {t('orders.orderWord')} <strong>{data.orderNumber}</strong> · {t('orders.retry.total')}{' '}
        <strong>{formatLei(asBani(data.totalBani), locale)}</strong>
      </p>
      <section className="order-panel" aria-label={t('orders.items')}>
        <OrderItems items={data.orderItems} />
      </section>
      {error ? (
        <p className="order-error" role="alert">
          {wordsText(t, error)}
        </p>
      ) : null}
      <div className="order-state__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void retry()}>
          {busy ? t('orders.payment.redirecting') : t('orders.payment.retry')}
        </button>
        <Link to="/order-details/$orderNumber" params={{ orderNumber }} className="button button--outline">
          {t('orders.viewOrder')}
        </Link>
      </div>
    </section>
  );
}
