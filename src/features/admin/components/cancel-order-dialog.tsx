/**
 * Rejecting a new order or cancelling an accepted one (issue 19), with a reason the customer reads:
 * sold out, too busy, outside the delivery area, customer unreachable, or other with a note. A paid
 * card order is refunded in full by the server (the card then lists the refund; a failed one shows
 * with Retry). Needs the network (admin-api.ts cancelOrderOnBoard).
 */
import { useId, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { useLocale, useT } from '../../../lib/i18n';
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { Order, RestaurantCancelInput } from '../../../shared/schemas/order';
import { MAX_CANCEL_NOTE_LENGTH, RESTAURANT_CANCEL_REASON_CODES } from '../../../shared/schemas/order';
import { CANCEL_REASON_WORDS } from '../order-words';

type ReasonCode = RestaurantCancelInput['reasonCode'];

export function CancelOrderDialog({
  order,
  busy,
  onClose,
  onConfirm,
}: {
  order: Order;
  busy: boolean;
  onClose(): void;
  onConfirm(input: RestaurantCancelInput): void;
}) {
  const id = useId();
  const t = useT();
  const locale = useLocale();
  const [reasonCode, setReasonCode] = useState<ReasonCode | null>(null);
  const [note, setNote] = useState('');
  const rejecting = order.status === 'received';
  const noteNeeded = reasonCode === 'other';
  const ready = reasonCode !== null && (!noteNeeded || note.trim() !== '');
  const refunds = order.paymentMethod === 'card' && order.paymentStatus === 'paid';
  const title = t(rejecting ? 'admin.cancel.rejectTitle' : 'admin.cancel.cancelTitle', { orderNumber: order.orderNumber });

  return (
    <Dialog title={title} onClose={onClose}>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reasonCode || !ready) return;
          onConfirm(note.trim() ? { reasonCode, note: note.trim() } : { reasonCode });
        }}
      >
        <fieldset className="admin-choices">
          <legend>{t('admin.cancel.reason')}</legend>
          {RESTAURANT_CANCEL_REASON_CODES.map((code, index) => (
            <label key={code} className="admin-choice">
              <input
                type="radio"
                name={`${id}-reason`}
                checked={reasonCode === code}
                onChange={() => setReasonCode(code)}
                data-autofocus={index === 0 ? true : undefined}
              />
              {t(CANCEL_REASON_WORDS[code])}
            </label>
          ))}
        </fieldset>
        {noteNeeded ? (
          <div className="field">
            <label htmlFor={`${id}-note`}>{t('admin.cancel.note')}</label>
            <textarea
              id={`${id}-note`}
              rows={3}
              required
              maxLength={MAX_CANCEL_NOTE_LENGTH}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
        ) : null}
        {refunds ? (
          <p className="admin-muted">
            {t('admin.cancel.refunds', { amount: formatLei((order.totalBani - order.refundedBani) as Bani, locale) })}
          </p>
        ) : null}
        <div className="admin-actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('admin.cancel.keep')}
          </button>
          <button type="submit" className="button" disabled={busy || !ready}>
            {busy
              ? t(rejecting ? 'admin.cancel.rejecting' : 'admin.cancel.cancelling')
              : t(rejecting ? 'admin.cancel.reject' : 'admin.cancel.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
