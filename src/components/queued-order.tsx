/**
 * A cash order that is only on this device so far (issue 6): "Queued — not placed yet" with its
 * lines and total, or, when the server refused it because something changed, "needs your review"
 * with the differences and one-tap Confirm / Discard. Shared by the queued confirmation page, the
 * order history and anything else that lists queued orders. Everything here works offline: a
 * re-confirmation is a new outbox entry, sent when the connection allows.
 */
import { useState } from 'react';

import type { OutboxRow, QueuedOrderPreview } from '../db/app-db';
import { useLocale, useT } from '../lib/i18n';
import { formatWeight } from '../shared/domain/weight-pricing';
import { asBani, formatLei } from '../shared/money';
import { useErrorHandler } from '../lib/use-error-handler';
import { reconfirmation, reviewDifferences } from '../sync/queued-orders';
import { discardQueuedOrder, reconfirmQueuedOrder } from '../sync/use-queued-orders';
import type { LineNames } from './line-names';
import { useLineNames } from './line-names';
import './queued-order.css';

type PreviewLine = QueuedOrderPreview['lines'][number];

/** A queued line's options in the screen's language; by their stored names when the preview has no ids (stored before 0172). */
function optionNames(line: PreviewLine, names: LineNames): string[] {
  const ids = line.modifierIds;
  if (ids?.length !== line.modifiers.length) return line.modifiers;
  return line.modifiers.map((name, index) => names.option({ modifierId: ids[index]!, name }));
}

export function QueuedOrderStatus({ entry }: { entry: OutboxRow }) {
  const t = useT();
  const review = entry.status === 'needs-review';
  return (
    <span className={`queued-order__badge${review ? ' queued-order__badge--review' : ''}`}>
      {review
        ? t('common.outbox.status.needsReview')
        : entry.status === 'needs-attention'
          ? t('common.queuedOrder.notSent')
          : t('common.queuedOrder.queued')}
    </span>
  );
}

export function QueuedOrderLines({ entry }: { entry: OutboxRow }) {
  const t = useT();
  const locale = useLocale();
  const names = useLineNames();
  const preview = entry.preview;
  if (!preview) return null;
  return (
    <div className="queued-order__lines">
      <ul aria-label={t('common.queuedOrder.items')}>
        {preview.lines.map((line, index) => (
          <li key={`${line.menuItemId}-${index}`}>
            <span>
              {line.quantity} × {names.dish(line)}
              {line.weightGrams !== undefined ? ` · ${formatWeight(line.weightGrams, locale)}` : null}
              {line.modifiers.length > 0 ? <span className="queued-order__mods"> ({optionNames(line, names).join(', ')})</span> : null}
            </span>
            <span>{formatLei(asBani(line.lineTotalBani), locale)}</span>
          </li>
        ))}
      </ul>
      {preview.deliveryFeeBani > 0 ? (
        <p className="queued-order__row">
          <span>{t('common.queuedOrder.deliveryFee')}</span> <span>{formatLei(asBani(preview.deliveryFeeBani), locale)}</span>
        </p>
      ) : null}
      <p className="queued-order__row queued-order__total">
        <span>{t('common.queuedOrder.total')}</span> <strong>{formatLei(asBani(preview.totalBani), locale)}</strong>
      </p>
    </div>
  );
}

/** The differences and the Confirm / Discard choice of a needs-review order. */
export function QueuedOrderReview({ entry }: { entry: OutboxRow }) {
  const t = useT();
  const locale = useLocale();
  const { describeRefusal } = useErrorHandler();
  const [busy, setBusy] = useState(false);
  if (entry.status !== 'needs-review' && entry.status !== 'needs-attention') return null;
  const canConfirm = entry.status === 'needs-review' && reconfirmation(entry) !== null;
  const differences =
    entry.status === 'needs-review'
      ? reviewDifferences(entry, { t, locale })
      : [{ text: describeRefusal(entry) ?? t('common.queuedOrder.notSentSentence') }];
  return (
    <div className="queued-order__review" role="alert">
      <p>{entry.status === 'needs-review' ? t('common.queuedOrder.changed') : t('common.queuedOrder.refused')}</p>
      <ul aria-label={t('common.queuedOrder.whatChanged')}>
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
            {t('common.queuedOrder.confirm')}
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
          {t('common.queuedOrder.discard')}
        </button>
      </div>
    </div>
  );
}
