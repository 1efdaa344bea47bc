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

import type { OutboxRow } from '../db/app-db';
import { db } from '../db/db';
import { signOut, signOutDialogAtom } from '../entities/session/sign-out';
import { useOnline } from '../lib/use-online';
import { drainNow, outbox } from '../sync/outbox-runtime';
import { queuedEntriesOf, signedInOwner } from '../sync/outbox-ownership';
import { Dialog } from './dialog';
import './sign-out-dialog.css';

const STATUS_TEXT: Record<OutboxRow['status'], string> = {
  pending: 'Waiting to send',
  sending: 'Sending…',
  'needs-attention': 'Not sent',
  'needs-review': 'Needs your review',
};

type Phase = 'choosing' | 'sending' | 'signing-out';

function SignOutWarning({ onClose }: { onClose(): void }) {
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
    <Dialog title="Sign out with unsent changes?" onClose={() => !busy && onClose()}>
      {entries.length === 0 ? (
        <p>Everything is sent.</p>
      ) : (
        <>
          <p>
            {entries.length === 1 ? 'This change is' : `These ${entries.length} changes are`} saved on this device but{' '}
            {entries.length === 1 ? 'has' : 'have'} not reached the restaurant yet:
          </p>
          <ul className="sign-out-warning__list">
            {entries.map((entry) => (
              <li key={entry.id} className="sign-out-warning__entry">
                <strong>{entry.label}</strong> <span className="sign-out-warning__status">{STATUS_TEXT[entry.status]}</span>
              </li>
            ))}
          </ul>
          {triedSending ? (
            <p className="sign-out-warning__note" role="status">
              Not everything could be sent. Cancel to review it in Sync status, or keep it for later.
            </p>
          ) : null}
          <p className="sign-out-warning__note">
            Kept changes stay on this device, set aside: they are not sent or shown while someone else is signed in, and are sent when you
            sign in here again.
          </p>
        </>
      )}
      <div className="sign-out-warning__actions">
        {entries.length === 0 ? (
          <button type="button" className="button" disabled={busy} onClick={() => void finish()}>
            {phase === 'signing-out' ? 'Signing out...' : 'Sign Out'}
          </button>
        ) : (
          <>
            {online && sendable ? (
              <button type="button" className="button" disabled={busy} onClick={() => void sendFirst()}>
                {phase === 'sending' ? 'Sending…' : 'Send them first'}
              </button>
            ) : null}
            <button type="button" className="button button--outline" disabled={busy} onClick={() => void finish()}>
              {phase === 'signing-out' ? 'Signing out...' : 'Keep them for when I sign back in'}
            </button>
          </>
        )}
        <button type="button" className="button button--outline" disabled={busy} onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

export function SignOutDialog() {
  const [open, setOpen] = useAtom(signOutDialogAtom);
  return open ? <SignOutWarning onClose={() => setOpen(false)} /> : null;
}
