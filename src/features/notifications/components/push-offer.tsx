/**
 * The polite offer on the order's pages (issue 20): "Get a notification when your order is confirmed
 * and on its way". Never the browser's prompt on page load: the browser asks only after the person
 * taps "Notify me". Not shown where the browser cannot do it, where the person already said no
 * (here or to the browser), or once this device is on.
 *
 * Offline: the button waits for the connection (subscribing needs the push service and our server);
 * nothing is queued.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { useT, useWords } from '../../../lib/i18n';
import { systemClock } from '../../../shared/clock';
import { useOnline } from '../../../lib/use-online';
import { turnOnPush } from '../../../entities/push-subscription/web-push';
import { pushKeys } from '../api/push-api';
import { dismissPushOffer } from '../push-offer-repo';
import { usePushState } from '../use-push-state';
import './notifications.css';

export function PushOffer() {
  useWords('pages');
  const t = useT();
  const state = usePushState();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<'on' | 'denied' | 'failed' | null>(null);
  const turnOn = useMutation({
    mutationFn: () => turnOnPush('customer'),
    onSuccess: async (result) => {
      setAnswer(result);
      state.refreshEndpoint();
      await queryClient.invalidateQueries({ queryKey: pushKeys.all });
    },
    onError: () => setAnswer('failed'),
  });

  if (answer === 'on')
    return (
      <p className="push-offer push-offer--done" role="status">
        {t('notifications.offer.on')}
      </p>
    );
  if (answer === 'denied')
    return (
      <p className="push-offer push-offer--done" role="status">
        {t('notifications.offer.blocked')}
      </p>
    );
  if (!state.supported || state.permission === 'denied' || state.dismissed !== false || state.endpoint === undefined || state.on)
    return null;
  return (
    <section className="push-offer" aria-label={t('notifications.offer.label')}>
      <p className="push-offer__text">{t('notifications.offer.text')}</p>
      {answer === 'failed' ? (
        <p className="push-offer__error" role="alert">
          {t('notifications.offer.failed')}
        </p>
      ) : null}
      {online ? null : <p className="push-offer__hint">{t('notifications.offer.offline')}</p>}
      <div className="push-offer__actions">
        <button type="button" className="button" disabled={!online || turnOn.isPending} onClick={() => turnOn.mutate()}>
          {turnOn.isPending ? t('notifications.offer.turningOn') : t('notifications.offer.notifyMe')}
        </button>
        <button type="button" className="button button--outline" onClick={() => void dismissPushOffer(systemClock.now())}>
          {t('notifications.offer.notNow')}
        </button>
      </div>
    </section>
  );
}
