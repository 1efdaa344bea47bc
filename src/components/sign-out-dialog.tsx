/**
 * The warning before signing out with unsent changes (issue 21, defect 7): it lists the person's
 * entries still in the outbox and offers to send them first (online, when some can be sent), or to
 * keep them for when they sign back in (they leave the outbox, set aside under their owner: never
 * sent or shown while someone else is signed in here, sent when they sign in again). Nothing is
 * dropped. Opened by beginSignOut() (src/entities/session/sign-out.ts) through signOutDialogAtom.
 *
 * Offline: 'Send them first' is not offered; keeping them works (all local), and sign-out itself
 * tells the person to sign out again once online.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtom } from 'jotai';
import { useState } from 'react';

import { db } from '../db/db';
import { signOut, signOutDialogAtom } from '../entities/session/sign-out';
import { useT } from '../lib/i18n';
import { useOnline } from '../lib/use-online';
import { drainNow, outbox } from '../sync/outbox-runtime';
import { queuedEntriesOf, signedInOwner } from '../sync/outbox-ownership';
import { Dialog } from './dialog';
import { OUTBOX_STATUS_TEXT } from './outbox-status';
import './sign-out-dialog.css';

type Phase = 'choosing' | 'sending' | 'signing-out';

function SignOutWarning({ onClose }: { onClose(): void }) {
  const t = useT();
  const online = useOnline();
  const [phase, setPhase] = useState<Phase>('choosing');
  const [triedSending, setTriedSending] = useState(false);
  const entries = useLiveQuery(async () => {
    const owner = await signedInOwner(db);
    return owner === null ? [] : queuedEntriesOf(db, owner);
  }, []);

  const finish = async () => {
    setPhase('signing-out');
    try {
      await signOut();
    } finally {
      // Offline the page does not reload: the warning closes, the error toast says what to do.
      onClose();
    }
  };

  const sendFirst = async () => {
    setPhase('sending');
    // Asked for now: entries backing off after failed attempts are due at once.
    await outbox
      .makePendingDue()
      .then(drainNow)
      .catch(() => undefined);
    const owner = await signedInOwner(db);
    const left = owner === null ? [] : await queuedEntriesOf(db, owner);
    if (left.length === 0) {
      await finish();
      return;
    }
    setTriedSending(true);
    setPhase('choosing');
  };

  if (entries === undefined) return null;
  const sendable = entries.some((entry) => entry.status === 'pending' || entry.status === 'sending');
  const busy = phase !== 'choosing';
  return (
    <Dialog title={t('common.signOut.title')} onClose={() => !busy && onClose()}>
      {entries.length === 0 ? (
        <p>{t('common.outbox.allSent')}</p>
      ) : (
        <>
          <p>{t('common.signOut.unsent', { count: entries.length })}</p>
          <ul className="sign-out-warning__list">
            {entries.map((entry) => (
              <li key={entry.id} className="sign-out-warning__entry">
                <strong>{entry.label}</strong> <span className="sign-out-warning__status">{t(OUTBOX_STATUS_TEXT[entry.status])}</span>
              </li>
            ))}
          </ul>
          {triedSending ? (
            <p className="sign-out-warning__note" role="status">
              {t('common.signOut.notAllSent')}
            </p>
          ) : null}
          <p className="sign-out-warning__note">{t('common.signOut.keptNote')}</p>
        </>
      )}
      <div className="sign-out-warning__actions">
        {entries.length === 0 ? (
          <button type="button" className="button" disabled={busy} onClick={() => void finish()}>
            {phase === 'signing-out' ? t('common.signOut.signingOut') : t('common.signOut.signOut')}
          </button>
        ) : (
          <>
            {online && sendable ? (
              <button type="button" className="button" disabled={busy} onClick={() => void sendFirst()}>
                {phase === 'sending' ? t('common.outbox.status.sending') : t('common.signOut.sendFirst')}
              </button>
            ) : null}
            <button type="button" className="button button--outline" disabled={busy} onClick={() => void finish()}>
              {phase === 'signing-out' ? t('common.signOut.signingOut') : t('common.signOut.keep')}
            </button>
          </>
        )}
        <button type="button" className="button button--outline" disabled={busy} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

export function SignOutDialog() {
  const [open, setOpen] = useAtom(signOutDialogAtom);
  return open ? <SignOutWarning onClose={() => setOpen(false)} /> : null;
}
