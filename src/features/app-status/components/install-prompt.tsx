/**
 * Install: a button where the browser offers installation (beforeinstallprompt), and on iOS Safari,
 * which has no such event, a one-time "Add to Home Screen" hint. After installing, the browser is
 * asked to keep our storage (orders and the outbox must not be evicted).
 */
import { useEffect, useState } from 'react';

import { useT } from '../../../lib/i18n';
import { requestPersistentStorage } from '../../../lib/persistent-storage';
import '../app-status.css';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const IOS_HINT_SEEN_KEY = 'cg-ios-install-hint-seen';
/** Where the hint's two button names go in its sentence, which each language orders itself. */
const SHARE_SLOT = '\uE000';
const ADD_SLOT = '\uE001';

function isIosSafari(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone;
  return /iphone|ipad|ipod/i.test(navigator.userAgent) && standalone === false;
}

export function InstallPrompt() {
  const t = useT();
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [showIosHint, setShowIosHint] = useState(() => isIosSafari() && localStorage.getItem(IOS_HINT_SEEN_KEY) === null);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setDeferred(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setDeferred(null);
      void requestPersistentStorage();
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (showIosHint) {
    return (
      <div className="install-hint" role="note">
        <p>
          {t('common.install.iosHint', { share: SHARE_SLOT, add: ADD_SLOT })
            .split(/(\uE000|\uE001)/)
            .map((part, index) =>
              part === SHARE_SLOT ? (
                <strong key={index}>{t('common.install.share')}</strong>
              ) : part === ADD_SLOT ? (
                <strong key={index}>{t('common.install.addToHomeScreen')}</strong>
              ) : (
                part
              ),
            )}
        </p>
        <button
          type="button"
          className="button button--outline"
          onClick={() => {
            localStorage.setItem(IOS_HINT_SEEN_KEY, '1');
            setShowIosHint(false);
          }}
        >
          {t('common.install.gotIt')}
        </button>
      </div>
    );
  }
  if (!deferred) return null;
  return (
    <button
      type="button"
      className="install-button"
      onClick={() => {
        void deferred.prompt();
        void deferred.userChoice.finally(() => setDeferred(null));
      }}
    >
      {t('common.install.button')}
    </button>
  );
}
