/**
 * Refunding single lines of a paid card order (issue 19: a missing item): how many of each line,
 * at most what earlier refunds left, the estimated amount and the order's new total. The server
 * decides the amount and starts the refund through the payments port; the card lists it (pending,
 * refunded, or failed with Retry). Needs the network (admin-api.ts refundOrderLines).
 */
import { useId, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { useLocale, useT } from '../../../lib/i18n';
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { Order, RefundLine } from '../../../shared/schemas/order';
import { refundableQuantity, refundEstimateBani } from '../order-refunds';

export function RefundLinesDialog({
  order,
  busy,
  onClose,
  onConfirm,
}: {
  order: Order;
  busy: boolean;
  onClose(): void;
  onConfirm(lines: RefundLine[]): void;
}) {
  const id = useId();
  const t = useT();
  const locale = useLocale();
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const refundable = order.orderItems
    .map((item) => ({ item, left: refundableQuantity(item, order.refunds) }))
    .filter(({ left }) => left > 0);
  const lines: RefundLine[] = Object.entries(quantities)
    .map(([orderItemId, quantity]) => ({ orderItemId: Number(orderItemId), quantity }))
    .filter((line) => line.quantity > 0);
  const estimate = refundEstimateBani(order.orderItems, lines);
  const newTotal = order.totalBani - order.refundedBani - estimate;

  return (
    <Dialog title={t('admin.refund.title', { orderNumber: order.orderNumber })} onClose={onClose}>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (lines.length > 0) onConfirm(lines);
        }}
      >
        {refundable.length === 0 ? <p>{t('admin.refund.nothingLeft')}</p> : null}
        {refundable.map(({ item, left }, index) => (
          <div key={item.id} className="field">
            <label htmlFor={`${id}-${item.id}`}>{t('admin.refund.line', { dish: item.itemName, ordered: item.quantity, left })}</label>
            <input
              id={`${id}-${item.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={left}
              step={1}
              value={quantities[item.id] ?? 0}
              data-autofocus={index === 0 ? true : undefined}
              onChange={(e) => {
                const value = Math.min(left, Math.max(0, Math.trunc(Number(e.target.value) || 0)));
                setQuantities((current) => ({ ...current, [item.id]: value }));
              }}
            />
          </div>
        ))}
        <p aria-live="polite">
          {t('admin.refund.estimate', {
            amount: formatLei(estimate as Bani, locale),
            total: formatLei(Math.max(0, newTotal) as Bani, locale),
          })}
        </p>
        <div className="admin-actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('admin.common.back')}
          </button>
          <button type="submit" className="button" disabled={busy || lines.length === 0}>
            {busy ? t('admin.refund.refunding') : t('admin.order.refundItems')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
