/**
 * "Sign in again" (issue 21, defect 7): writes are queued on this device for someone whose session
 * has ended (the server answered 401 while sending, or /api/auth/me now says nobody is signed in).
 * Nothing is sent meanwhile; this prompt asks the owner to sign in, and once they do their writes
 * are sent (src/entities/session/session-repo.ts claims the device; src/sync/outbox-ownership.ts). If someone
 * else signs in instead, the writes are set aside for their owner and the prompt goes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';

import { db } from '../db/db';
import { currentUserKeys, useCurrentUser } from '../entities/session/api/get-current-user';
import { loginModalAtom } from '../entities/session/login-modal';
import { useT } from '../lib/i18n';
import { onOutboxSignInNeeded } from '../sync/outbox-runtime';
import { signInNeeded } from '../sync/outbox-ownership';
import './sign-out-dialog.css';

export function SignInAgainPrompt() {
  const t = useT();
  const queryClient = useQueryClient();
  const { data: user, isPending } = useCurrentUser();
  const setLoginModal = useSetAtom(loginModalAtom);
  const waiting = useLiveQuery(async () => {
    const paused = await signInNeeded(db);
    const owned = await db.outbox.filter((entry) => entry.userId !== null).toArray();
    return { paused, owned };
  }, []);

  // A 401 while sending: the page's idea of who is signed in is stale; ask the server again.
  useEffect(() => onOutboxSignInNeeded(() => void queryClient.invalidateQueries({ queryKey: currentUserKeys.me })), [queryClient]);

  if (!waiting || isPending) return null;
  const { paused, owned } = waiting;
  const signedOut = user === null;
  if (!paused && !signedOut) return null;
  const count = paused ? owned.filter((entry) => entry.userId === paused.userId).length : owned.length;
  if (count === 0) return null;
  return (
    <div className="sign-in-again" role="alert">
      <p>{t('common.signInAgain.text', { count })}</p>
      <button type="button" className="button" onClick={() => setLoginModal({ open: true, tab: 'sign-in' })}>
        {t('common.signInAgain.button')}
      </button>
    </div>
  );
}
