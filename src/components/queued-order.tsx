/**
 * A cash order that is only on this device so far (issue 6): "Queued — not placed yet" with its
 * lines and total, or, when the server refused it because something changed, "needs your review"
 * with the differences and one-tap Confirm / Discard. Shared by the queued confirmation page, the
 * order history and anything else that lists queued orders. Everything here works offline: a
 * re-confirmation is a new outbox entry, sent when the connection allows.
 */
import { useState } from 'react';

import type { OutboxRow } from '../db/app-db';
import { asBani, formatLei } from '../shared/money';
import { NEEDS_REVIEW_TEXT, QUEUED_ORDER_TEXT, reconfirmation, reviewDifferences } from '../sync/queued-orders';
import { discardQueuedOrder, reconfirmQueuedOrder } from '../sync/use-queued-orders';
import './queued-order.css';

export function QueuedOrderStatus({ entry }: { entry: OutboxRow }) {
  const review = entry.status === 'needs-review';
  return (
    <span className={`queued-order__badge${review ? ' queued-order__badge--review' : ''}`}>
      {review ? NEEDS_REVIEW_TEXT : entry.status === 'needs-attention' ? 'Not sent' : QUEUED_ORDER_TEXT}
    </span>
  );
}

export function QueuedOrderLines({ entry }: { entry: OutboxRow }) {
  const preview = entry.preview;
  if (!preview) return null;
  return (
    <div className="queued-order__lines">
      <ul aria-label="Items">
        {preview.lines.map((line, index) => (
          <li key={`${line.menuItemId}-${index}`}>
            <span>
              {line.quantity} × {line.name}
              {line.modifiers.length > 0 ? <span className="queued-order__mods"> ({line.modifiers.join(', ')})</span> : null}
            </span>
            <span>{formatLei(asBani(line.lineTotalBani))}</span>
          </li>
        ))}
      </ul>
      {preview.deliveryFeeBani > 0 ? (
        <p className="queued-order__row">
          <span>Delivery fee</span> <span>{formatLei(asBani(preview.deliveryFeeBani))}</span>
        </p>
      ) : null}
      <p className="queued-order__row queued-order__total">
        <span>Total</span> <strong>{formatLei(asBani(preview.totalBani))}</strong>
      </p>
    </div>
  );
}

/** The differences and the Confirm / Discard choice of a needs-review order. */
export function QueuedOrderReview({ entry }: { entry: OutboxRow }) {
  const [busy, setBusy] = useState(false);
  if (entry.status !== 'needs-review' && entry.status !== 'needs-attention') return null;
  const canConfirm = entry.status === 'needs-review' && reconfirmation(entry) !== null;
  const differences = entry.status === 'needs-review' ? reviewDifferences(entry) : [{ text: entry.lastError ?? 'Not sent.' }];
  return (
    <div className="queued-order__review" role="alert">
      <p>
        {entry.status === 'needs-review'
          ? 'Something changed since you placed this order. Check it and confirm, or discard it.'
          : 'The restaurant could not take this order.'}
      </p>
      <ul aria-label="What changed">
        {differences.map((difference, index) => (
          <li key={index}>{difference.text}</li>
        ))}
      </ul>
      <div className="queued-order__actions">
        {canConfirm ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void reconfirmQueuedOrder(entry).finally(() => setBusy(false));
            }}
          >
            Confirm order
          </button>
        ) : null}
        <button
          type="button"
          className="button button--outline"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void discardQueuedOrder(entry).finally(() => setBusy(false));
          }}
        >
          Discard order
        </button>
      </div>
    </div>
  );
}
