/**
 * The update prompt (vite-plugin-pwa, registerType 'prompt'): a new deployment waits until the
 * customer chooses to reload, and it is not shown on the checkout screens, so it never interrupts a checkout. Updates are looked for when the app
 * returns to the foreground and on every navigation. The same prompt appears when another tab opened
 * a newer IndexedDB schema (this tab's connection is closed) or this tab's upgrade is blocked by an
 * old tab: a reload is the way out, and the cart and outbox are kept in IndexedDB meanwhile.
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

import { subscribeUpgradeConflict, upgradeConflict } from '../../../db/db-upgrade';
import { useT } from '../../../lib/i18n';
import '../app-status.css';
import { isCheckoutPath } from '../update-timing';

/** Offline there is nothing to fetch, and the failed check would only add noise to the console. */
function checkForUpdate(registration: ServiceWorkerRegistration | null): void {
  if (!registration || !navigator.onLine) return;
  void registration.update().catch(() => undefined);
}

export function ReloadPrompt() {
  const t = useT();
  const registrationRef = useRef<ServiceWorkerRegistration | null>(null);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      registrationRef.current = registration ?? null;
    },
  });
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  useEffect(() => {
    checkForUpdate(registrationRef.current);
  }, [pathname]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') checkForUpdate(registrationRef.current);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const conflict = useSyncExternalStore(subscribeUpgradeConflict, upgradeConflict);
  if (conflict) {
    return (
      <div className="reload-prompt" role="alert">
        <p>{t('common.update.otherTab')}</p>
        <div className="reload-prompt__actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('common.update.reload')}
          </button>
        </div>
      </div>
    );
  }
  // Never mid-checkout: the prompt waits until the customer leaves the checkout screens.
  if (!needRefresh || isCheckoutPath(pathname)) return null;
  return (
    <div className="reload-prompt" role="alert">
      <p>{t('common.update.available')}</p>
      <div className="reload-prompt__actions">
        <button type="button" className="button" onClick={() => void updateServiceWorker(true)}>
          {t('common.update.reload')}
        </button>
        <button type="button" className="button button--outline" onClick={() => setNeedRefresh(false)}>
          {t('common.update.later')}
        </button>
      </div>
    </div>
  );
}
