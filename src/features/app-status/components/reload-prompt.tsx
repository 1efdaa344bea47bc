/**
 * The update prompt (vite-plugin-pwa, registerType 'prompt'): a new deployment waits until the
 * customer chooses to reload, so it never interrupts a checkout. Updates are looked for when the app
 * returns to the foreground and on every navigation.
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

import '../app-status.css';

/** Offline there is nothing to fetch, and the failed check would only add noise to the console. */
function checkForUpdate(registration: ServiceWorkerRegistration | null): void {
  if (!registration || !navigator.onLine) return;
  void registration.update().catch(() => undefined);
}

export function ReloadPrompt() {
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

  if (!needRefresh) return null;
  return (
    <div className="reload-prompt" role="alert">
      <p>A new version of the app is available.</p>
      <div className="reload-prompt__actions">
        <button type="button" className="button" onClick={() => void updateServiceWorker(true)}>
          Reload
        </button>
        <button type="button" className="button button--outline" onClick={() => setNeedRefresh(false)}>
          Later
        </button>
      </div>
    </div>
  );
}
