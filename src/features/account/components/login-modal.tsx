/**
 * The login / register modal's host, mounted once in the root layout (spec §2: it opens from
 * anywhere through loginModalAtom). The dialog itself loads on first opening, keeping the first
 * paint light. Also tells the person when a Google sign-in came back without completing.
 */
import { useAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';

import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { loginModalAtom } from '../../../entities/session/login-modal';
import { AUTH_ERROR_PARAM } from '../../../shared/schemas/account';

const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));

/** Tells the person when a Google sign-in came back without completing (?auth_error=google). */
function useGoogleSignInFailureNotice() {
  const t = useT();
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(AUTH_ERROR_PARAM)) return;
    url.searchParams.delete(AUTH_ERROR_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    notify({ type: 'error', title: t('account.signIn.failedTitle'), message: t('account.google.failed') });
    // The parameter is gone after the first run: a later change of language says nothing again.
  }, [t]);
}

export function LoginModal() {
  const [modal, setModal] = useAtom(loginModalAtom);
  useGoogleSignInFailureNotice();
  if (!modal.open) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog
        tab={modal.tab}
        onTab={(tab) => setModal({ open: true, tab })}
        onClose={() => setModal((current) => ({ ...current, open: false }))}
      />
    </Suspense>
  );
}
