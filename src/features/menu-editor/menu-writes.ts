/**
 * Every change the menu editor makes is an outbox entry (docs/decisions/0119-menu-editor-client-writes.md):
 * stored in IndexedDB with a UUID Idempotency-Key before anything is sent, so an edit made on a
 * tablet without a connection is sent when it returns, and a retry never applies twice. Each edit of
 * an existing row carries the revision it was made from; the server answers 409 menu_conflict when
 * another tablet changed the row meanwhile, and the entry stops (needs attention) instead of
 * overwriting their change.
 *
 * sendMenuWrite resolves once the server has answered the entry (saved or refused), however long the
 * connection takes to come back; onQueued says when it is waiting for the network.
 */
import { liveQuery } from 'dexie';

import { db } from '../../db/db';
import type { OutboxMethod } from '../../db/app-db';
import { enqueueWrite, onOutboxAcknowledged, outbox } from '../../sync/outbox-runtime';

export const MENU_WRITE_KIND = 'admin.menu.write';

export interface MenuWrite {
  /** What the sync panel lists while it waits ("Dish “Mici”"), worded in the screen's language when it was queued. */
  label: string;
  method: OutboxMethod;
  path: string;
  body?: unknown;
}

export type MenuWriteOutcome =
  /** `body`: the server's answer (the created or changed row), when this page heard it. */
  | { kind: 'saved'; body: unknown }
  | {
      kind: 'refused';
      entryId: string;
      code: string;
      /** The server's reason, when it gave one (the screen words a refusal without one). */
      message: string | null;
      details: unknown;
      wasQueued: boolean;
    };

/** How long a seen acknowledgement waits for its answer's handler (it runs right after the entry leaves). */
const ANSWER_WAIT_MS = 250;

/** Answers of acknowledged entries, by entry id, until their sendMenuWrite takes them. */
const answers = new Map<string, unknown>();
const answerWaiters = new Map<string, (body: unknown) => void>();
let listening = false;

function listenForAnswers(): void {
  if (listening) return;
  listening = true;
  onOutboxAcknowledged(MENU_WRITE_KIND, (entry, body) => {
    const waiter = answerWaiters.get(entry.id);
    if (waiter) waiter(body);
    else answers.set(entry.id, body);
  });
}

function answerOf(id: string): Promise<unknown> {
  if (answers.has(id)) {
    const body = answers.get(id);
    answers.delete(id);
    return Promise.resolve(body);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      answerWaiters.delete(id);
      resolve(undefined);
    }, ANSWER_WAIT_MS);
    answerWaiters.set(id, (body) => {
      clearTimeout(timer);
      answerWaiters.delete(id);
      resolve(body);
    });
  });
}

export async function sendMenuWrite(write: MenuWrite, userId: number | null, onQueued: () => void): Promise<MenuWriteOutcome> {
  listenForAnswers();
  let wasQueued = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (wasQueued) onQueued();
  const id = await enqueueWrite({
    kind: MENU_WRITE_KIND,
    label: write.label,
    request: { method: write.method, path: write.path, body: write.body },
    userId,
  });
  return new Promise<MenuWriteOutcome>((resolve) => {
    let settled = false;
    const subscription = liveQuery(() => db.outbox.get(id)).subscribe((entry) => {
      if (settled) return;
      if (!entry) {
        // The outbox deletes an entry once the server accepted it.
        settled = true;
        subscription?.unsubscribe();
        void answerOf(id).then((body) => resolve({ kind: 'saved', body }));
        return;
      }
      if (entry.status === 'needs-attention' || entry.status === 'needs-review') {
        settled = true;
        subscription?.unsubscribe();
        resolve({
          kind: 'refused',
          entryId: entry.id,
          code: entry.lastErrorCode ?? 'rejected',
          message: entry.lastError ?? null,
          details: entry.lastErrorDetails,
          wasQueued,
        });
        return;
      }
      if (entry.status === 'pending' && entry.attempts > 0 && !wasQueued) {
        wasQueued = true;
        onQueued();
      }
    });
  });
}

/** The refused entry leaves the outbox once the manager has dealt with it on this screen. */
export function forgetRefusedWrite(entryId: string): Promise<void> {
  return outbox.discard(entryId);
}
