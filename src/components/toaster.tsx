/**
 * Renders the notifications that notify() puts in notificationsAtom (spec §4, §9): one at a time,
 * newest on top, closing by itself after its type's time (success 4200 ms, warning 5500 ms,
 * error 7000 ms, info 6200 ms) or when dismissed.
 */
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';

import { useT } from '../lib/i18n';
import type { AppNotification } from '../lib/notify';
import { dismissNotification, notificationsAtom, scheduleAutoDismiss } from '../lib/notify';
import { CloseIcon } from './icons';
import './toaster.css';

function Toast({ notification }: { notification: AppNotification }) {
  const t = useT();
  useEffect(() => scheduleAutoDismiss(notification), [notification]);
  return (
    <div className={`toast toast--${notification.type}`} role={notification.type === 'error' ? 'alert' : 'status'} data-testid="toast">
      <div className="toast__text">
        <p className="toast__title">{notification.title}</p>
        {notification.message ? <p className="toast__message">{notification.message}</p> : null}
      </div>
      <button
        type="button"
        className="icon-button toast__close"
        aria-label={t('common.toast.dismiss')}
        onClick={() => dismissNotification(notification.id)}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

export function Toaster() {
  const t = useT();
  const notifications = useAtomValue(notificationsAtom);
  return (
    <section className="toaster" aria-label={t('common.toast.region')}>
      {notifications.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </section>
  );
}
