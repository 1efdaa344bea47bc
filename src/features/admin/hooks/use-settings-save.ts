/**
 * The settings save (spec §4 Admin settings save): idle → pending ('Saving...', buttons disabled)
 * → success (toast 'Changes saved' / 'Restaurant settings updated successfully', settings refetched)
 * or error (toast 'Error' with the server's message or 'Failed to update settings').
 *
 * Offline: the save goes through the app's outbox with a UUID Idempotency-Key and the state reads
 * 'queued' until the network returns; the drain then answers it like an online save. If another
 * tablet saved in between, the server answers 409 settings_conflict: the manager sees the conflict
 * (a banner offering the current settings) and the entry stays in the sync panel as needs
 * attention, instead of silently overwriting the other change.
 */
import { useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useRef, useState } from 'react';

import { db } from '../../../db/db';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorHandler } from '../../../lib/use-error-handler';
import type { RestaurantSettings } from '../../../shared/schemas/restaurant';
import type { SettingsUpdate } from '../../../shared/schemas/admin';
import { SETTINGS_CONFLICT_CODE, settingsConflictDetailsSchema } from '../../../shared/schemas/admin';
import { enqueueWrite, outbox } from '../../../sync/outbox-runtime';
import { adminKeys, SETTINGS_PATH } from '../api/admin-api';

export const SETTINGS_SAVE_KIND = 'admin.settings.save';
export type SaveState = 'idle' | 'saving' | 'queued';

export function useSettingsSave(userId: number | null) {
  const queryClient = useQueryClient();
  const t = useT();
  const { describeError, describeRefusal } = useErrorHandler();
  const [state, setState] = useState<SaveState>('idle');
  const [entryId, setEntryId] = useState<string | null>(null);
  const [conflict, setConflict] = useState<RestaurantSettings | null>(null);
  const wasQueued = useRef(false);

  useEffect(() => {
    if (!entryId) return;
    // Settled once: a discarded entry must not read as acknowledged afterwards.
    let settled = false;
    const subscription = liveQuery(() => db.outbox.get(entryId)).subscribe((entry) => {
      if (settled) return;
      if (!entry) {
        settled = true;
        // Acknowledged (the outbox deletes an entry once the server accepted it).
        setEntryId(null);
        setState('idle');
        notify({ type: 'success', title: t('admin.settings.saved.title'), message: t('admin.settings.saved.message') });
        void queryClient.invalidateQueries({ queryKey: adminKeys.settings() });
        return;
      }
      if (entry.status === 'needs-attention' || entry.status === 'needs-review') {
        settled = true;
        setEntryId(null);
        setState('idle');
        notify({ type: 'error', title: t('admin.common.error'), message: describeRefusal(entry) || t('admin.settings.failed') });
        const details = settingsConflictDetailsSchema.safeParse(entry.lastErrorDetails);
        if (entry.lastErrorCode === SETTINGS_CONFLICT_CODE && details.success) setConflict(details.data.current);
        // Answered while the manager watched: the toast said it. Answered after a queue: the sync panel keeps it.
        if (!wasQueued.current) void outbox.discard(entry.id);
        return;
      }
      if (entry.status === 'pending' && entry.attempts > 0) {
        wasQueued.current = true;
        setState('queued');
      }
    });
    return () => subscription.unsubscribe();
  }, [entryId, queryClient, t, describeRefusal]);

  const save = useCallback(
    async (body: SettingsUpdate) => {
      setConflict(null);
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      wasQueued.current = offline;
      setState(offline ? 'queued' : 'saving');
      try {
        const id = await enqueueWrite({
          kind: SETTINGS_SAVE_KIND,
          label: t('admin.settings.outboxLabel'),
          request: { method: 'PUT', path: SETTINGS_PATH, body },
          userId,
        });
        setEntryId(id);
      } catch (error) {
        setState('idle');
        notify({
          type: 'error',
          title: t('admin.common.error'),
          message: error instanceof Error ? describeError(error).message : t('admin.settings.failed'),
        });
      }
    },
    [userId, t, describeError],
  );

  return { state, save, conflict, clearConflict: () => setConflict(null) };
}
