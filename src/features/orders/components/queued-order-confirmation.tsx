/**
 * The confirmation of a cash order placed without a connection (issue 6): "Queued — not placed
 * yet" with its lines and total, and the promise that it is sent when the connection is back.
 * Read live from IndexedDB; once the server accepts the order (from this tab, another one or the
 * service worker) the page moves to the real confirmation with its order number. A refusal the
 * customer can settle shows the differences with Confirm / Discard right here.
 */
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';

import { QueuedOrderLines, QueuedOrderReview, QueuedOrderStatus } from '../../../components/queued-order';
import { Spinner } from '../../../components/skeleton';
import { useT, useWords } from '../../../lib/i18n';
import { useOnline } from '../../../lib/use-online';
import { useQueuedOrder } from '../../../sync/use-queued-orders';
import './orders.css';

export function QueuedOrderConfirmation({ queueId, onPlaced }: { queueId: string; onPlaced(orderNumber: string): void }) {
  useWords('pages');
  const { entry, orderNumber } = useQueuedOrder(queueId);
  const online = useOnline();
  const t = useT();

  useEffect(() => {
    if (orderNumber) onPlaced(orderNumber);
  }, [orderNumber, onPlaced]);

  if (entry === undefined || orderNumber) return <Spinner label={t('orders.loading')} />;
  if (entry === null) {
    return (
      <section className="order-state" aria-labelledby="queued-gone-title">
        <h1 id="queued-gone-title">{t('orders.queued.gone')}</h1>
        <p>{t('orders.queued.discarded')}</p>
        <div className="order-state__actions">
          <Link to="/menu" className="button">
            {t('orders.backToMenu')}
          </Link>
        </div>
      </section>
    );
  }
  const waiting = entry.status === 'pending' || entry.status === 'sending';
  return (
    <section className="order-confirmation" aria-labelledby="confirmation-title">
      <h1 id="confirmation-title">{t('orders.queued.heading')}</h1>
      <div className="order-confirmation__badges">
        <QueuedOrderStatus entry={entry} />
      </div>
      {waiting ? (
        <p className="order-confirmation__lead" role="status">
          {online ? t('orders.queued.leadSending') : t('orders.queued.leadOffline')}
        </p>
      ) : null}
      <QueuedOrderReview entry={entry} />
      <section className="order-panel" aria-labelledby="queued-items">
        <h2 id="queued-items">{t('orders.items')}</h2>
        <QueuedOrderLines entry={entry} />
      </section>
      <div className="order-state__actions">
        <Link to="/order-history" search={{}} className="button button--outline">
          {t('orders.historyLink')}
        </Link>
        <Link to="/menu" className="button button--outline">
          {t('orders.backToMenu')}
        </Link>
      </div>
    </section>
  );
}
