/**
 * The sync status place (issue 6): a header badge with the count of writes waiting for the network
 * or for the customer, and a panel listing them with Retry / Discard, and for a queued order whose
 * prices, availability, hours or zone changed, the differences with Confirm / Discard.
 */
import { useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { OUTBOX_STATUS_TEXT } from '../../../components/outbox-status';
import { QueuedOrderReview } from '../../../components/queued-order';
import { useT } from '../../../lib/i18n';
import { useErrorHandler } from '../../../lib/use-error-handler';
import { drainNow, outbox } from '../../../sync/outbox-runtime';
import { useOnline } from '../../../lib/use-online';
import { useOutboxEntries } from '../use-outbox';
import '../app-status.css';

/** Pictures, not words: the same in every language. */
const ONLINE_ICON = '⟳';
const OFFLINE_ICON = '⚡';

export function SyncStatus() {
  const t = useT();
  const { describeRefusal } = useErrorHandler();
  const entries = useOutboxEntries();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const attention = entries.filter((entry) => entry.status === 'needs-attention' || entry.status === 'needs-review').length;
  if (entries.length === 0 && online) return null;
  return (
    <>
      <button
        type="button"
        className={`sync-badge ${attention > 0 ? 'sync-badge--attention' : ''}`}
        onClick={() => setOpen(true)}
        aria-label={
          online ? t('common.sync.badgeOnline', { count: entries.length }) : t('common.sync.badgeOffline', { count: entries.length })
        }
      >
        <span aria-hidden="true">{online ? ONLINE_ICON : OFFLINE_ICON}</span>
        <span className="sync-badge__text">{online ? entries.length : t('common.offline')}</span>
        {!online && entries.length > 0 ? <span className="sync-badge__count">{entries.length}</span> : null}
      </button>
      {open ? (
        <Dialog title={t('common.sync.title')} onClose={() => setOpen(false)}>
          <p className="sync-panel__intro">{online ? t('common.sync.online') : t('common.sync.offline')}</p>
          {entries.length === 0 ? <p>{t('common.outbox.allSent')}</p> : null}
          <ul className="sync-panel__list">
            {entries.map((entry) => (
              <li key={entry.id} className={`sync-entry sync-entry--${entry.status}`}>
                <div className="sync-entry__head">
                  <strong>{entry.label}</strong>
                  <span className="sync-entry__status">{t(OUTBOX_STATUS_TEXT[entry.status])}</span>
                </div>
                {entry.lastError && entry.status !== 'needs-review' ? <p className="sync-entry__error">{describeRefusal(entry)}</p> : null}
                {entry.status === 'needs-review' ? <QueuedOrderReview entry={entry} /> : null}
                <div className="sync-entry__actions">
                  {entry.status === 'needs-attention' || entry.status === 'pending' ? (
                    <button
                      type="button"
                      className="button button--outline"
                      onClick={() => void outbox.retry(entry.id).then(() => drainNow())}
                    >
                      {t('common.retry')}
                    </button>
                  ) : null}
                  {entry.status !== 'sending' && entry.status !== 'needs-review' ? (
                    <button type="button" className="button button--outline" onClick={() => void outbox.discard(entry.id)}>
                      {t('common.discard')}
                    </button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Dialog>
      ) : null}
    </>
  );
}
