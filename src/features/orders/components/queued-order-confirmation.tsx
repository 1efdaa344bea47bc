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
import { useOnline } from '../../../lib/use-online';
import { QUEUED_ORDER_TEXT } from '../../../sync/queued-orders';
import { useQueuedOrder } from '../../../sync/use-queued-orders';
import './orders.css';

export const QUEUED_ORDER_LEAD_TEXT = 'Your order is saved on this device and will be sent to the restaurant when the connection is back.';

export function QueuedOrderConfirmation({ queueId, onPlaced }: { queueId: string; onPlaced(orderNumber: string): void }) {
  const { entry, orderNumber } = useQueuedOrder(queueId);
  const online = useOnline();

  useEffect(() => {
    if (orderNumber) onPlaced(orderNumber);
  }, [orderNumber, onPlaced]);

  if (entry === undefined || orderNumber) return <Spinner label="Loading order..." />;
  if (entry === null) {
    return (
      <section className="order-state" aria-labelledby="queued-gone-title">
        <h1 id="queued-gone-title">This order is no longer waiting</h1>
        <p>It was discarded on this device.</p>
        <div className="order-state__actions">
          <Link to="/menu" className="button">
            Back to menu
          </Link>
        </div>
      </section>
    );
  }
  const waiting = entry.status === 'pending' || entry.status === 'sending';
  return (
    <section className="order-confirmation" aria-labelledby="confirmation-title">
      <h1 id="confirmation-title">{QUEUED_ORDER_TEXT}</h1>
      <div className="order-confirmation__badges">
        <QueuedOrderStatus entry={entry} />
      </div>
      {waiting ? (
        <p className="order-confirmation__lead" role="status">
          {QUEUED_ORDER_LEAD_TEXT} {online ? 'Sending now…' : 'You are offline.'}
        </p>
      ) : null}
      <QueuedOrderReview entry={entry} />
      <section className="order-panel" aria-labelledby="queued-items">
        <h2 id="queued-items">Items</h2>
        <QueuedOrderLines entry={entry} />
      </section>
      <div className="order-state__actions">
        <Link to="/order-history" search={{}} className="button button--outline">
          Order history
        </Link>
        <Link to="/menu" className="button button--outline">
          Back to menu
        </Link>
      </div>
    </section>
  );
}
