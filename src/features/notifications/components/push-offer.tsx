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

import { systemClock } from '../../../shared/clock';
import { useOnline } from '../../../lib/use-online';
import { turnOnPush } from '../../../entities/push-subscription/web-push';
import { pushKeys } from '../api/push-api';
import { dismissPushOffer } from '../push-offer-repo';
import { usePushState } from '../use-push-state';
import './notifications.css';

export const PUSH_OFFER_TEXT = 'Get a notification when your order is confirmed and on its way';

export function PushOffer() {
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
        Notifications are on for this device. You can turn them off in your profile.
      </p>
    );
  if (answer === 'denied')
    return (
      <p className="push-offer push-offer--done" role="status">
        Notifications are blocked for this site. You can allow them in the browser&apos;s site settings.
      </p>
    );
  if (!state.supported || state.permission === 'denied' || state.dismissed !== false || state.endpoint === undefined || state.on)
    return null;
  return (
    <section className="push-offer" aria-label="Order notifications">
      <p className="push-offer__text">{PUSH_OFFER_TEXT}</p>
      {answer === 'failed' ? (
        <p className="push-offer__error" role="alert">
          Notifications could not be turned on. Please try again.
        </p>
      ) : null}
      {online ? null : <p className="push-offer__hint">You are offline: this needs a connection.</p>}
      <div className="push-offer__actions">
        <button type="button" className="button" disabled={!online || turnOn.isPending} onClick={() => turnOn.mutate()}>
          {turnOn.isPending ? 'Turning on...' : 'Notify me'}
        </button>
        <button type="button" className="button button--outline" onClick={() => void dismissPushOffer(systemClock.now())}>
          Not now
        </button>
      </div>
    </section>
  );
}
