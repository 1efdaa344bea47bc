/**
 * The editor's one way to change the menu: queue the write (../menu-writes.ts), show it at once in
 * the cached catalogue (an optimistic update, so an offline edit reads as made), and when the
 * server answers, reload the catalogue and the change log. A refusal shows the server's reason; a
 * 409 menu_conflict opens the conflict dialog with both versions (docs/decisions/0120-menu-editor-conflicts.md).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { useCurrentUser } from '../../../entities/session/api/get-current-user';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorHandler } from '../../../lib/use-error-handler';
import type { EditorCatalogue } from '../../../shared/schemas/menu-editor';
import { MENU_CONFLICT_CODE, menuConflictDetailsSchema } from '../../../shared/schemas/menu-editor';
import { catalogueKeys } from '../api/catalogue-api';
import { mergeAnswer } from '../catalogue-merge';
import type { ConflictDetails } from '../conflict';
import type { MenuWrite, MenuWriteOutcome } from '../menu-writes';
import { forgetRefusedWrite, sendMenuWrite } from '../menu-writes';

export interface SendOptions {
  /** Applied to the cached catalogue at once; the server's answer replaces it. */
  optimistic?: (catalogue: EditorCatalogue) => EditorCatalogue;
  /** The toast when the server saved it, in the screen's language; none for small moves. */
  savedMessage?: string;
  /** The refusal codes the caller shows itself (e.g. category_not_empty): no toast, entry discarded. */
  handles?: readonly string[];
}

export interface OpenConflict {
  write: MenuWrite;
  subject: string;
  details: ConflictDetails;
}

export function useMenuWrites() {
  const queryClient = useQueryClient();
  const t = useT();
  const { describeRefusal } = useErrorHandler();
  const { data: user } = useCurrentUser();
  const userId = user?.id ?? null;
  const [queued, setQueued] = useState(0);
  const [conflict, setConflict] = useState<OpenConflict | null>(null);

  const send = useCallback(
    async (write: MenuWrite, options: SendOptions = {}): Promise<MenuWriteOutcome> => {
      if (options.optimistic) {
        await queryClient.cancelQueries({ queryKey: catalogueKeys.catalogue() });
        queryClient.setQueryData<EditorCatalogue>(catalogueKeys.catalogue(), (current) =>
          current ? options.optimistic!(current) : current,
        );
      }
      let counted = false;
      const outcome = await sendMenuWrite(write, userId, () => {
        counted = true;
        setQueued((count) => count + 1);
      });
      if (counted) setQueued((count) => Math.max(0, count - 1));
      if (outcome.kind === 'saved') {
        queryClient.setQueryData<EditorCatalogue>(catalogueKeys.catalogue(), (current) =>
          current ? mergeAnswer(current, outcome.body) : current,
        );
      }
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      if (outcome.kind === 'saved') {
        if (options.savedMessage) notify({ type: 'success', title: t('menu-editor.toast.saved'), message: options.savedMessage });
        return outcome;
      }
      const details = menuConflictDetailsSchema.safeParse(outcome.details);
      if (outcome.code === MENU_CONFLICT_CODE && details.success) {
        // The conflict dialog settles it (keep theirs or apply mine again): the entry leaves the queue.
        void forgetRefusedWrite(outcome.entryId);
        setConflict({ write, subject: write.label, details: details.data });
        return outcome;
      }
      if (options.handles?.includes(outcome.code)) {
        void forgetRefusedWrite(outcome.entryId);
        return outcome;
      }
      notify({
        type: 'error',
        title: t('menu-editor.toast.notSaved'),
        message:
          describeRefusal({ lastError: outcome.message, lastErrorCode: outcome.code, lastErrorDetails: outcome.details }) ??
          t('menu-editor.toast.refused'),
      });
      // Refused while the manager watched: the toast said it. Refused after a queue: the sync panel keeps it.
      if (!outcome.wasQueued) void forgetRefusedWrite(outcome.entryId);
      return outcome;
    },
    [queryClient, t, userId, describeRefusal],
  );

  return { send, queued, conflict, closeConflict: () => setConflict(null) };
}

export type MenuWrites = ReturnType<typeof useMenuWrites>;
