/** The outbox as the sync panel shows it (read live from IndexedDB, so every tab agrees). */
import { useLiveQuery } from 'dexie-react-hooks';

import type { OutboxRow } from '../../db/app-db';
import { db } from '../../db/db';

export function useOutboxEntries(): OutboxRow[] {
  return useLiveQuery(() => db.outbox.orderBy('createdAt').toArray(), [], []);
}
