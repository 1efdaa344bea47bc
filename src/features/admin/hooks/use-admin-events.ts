/**
 * The manager area's live feed: GET /api/admin/events (SSE, manager only), run once at the admin
 * screen level (use-new-order-alerts.ts). Any order event refreshes the board queries (which drive
 * the new-order sound and highlight), a sold-out change the sold-out list. Each (re)connect
 * refreshes the board, so nothing missed while offline is lost. Every event and (re)connect is also
 * handed on through src/entities/admin-stream/admin-live-events.ts to features composed into the area (the inbox).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { emitAdminStreamSignal } from '../../../entities/admin-stream/admin-live-events';
import { api, apiPath } from '../../../lib/api-client';
import { liveEventSchema } from '../../../shared/schemas/admin';
import { adminKeys } from '../api/admin-api';

/** A server-sent event stream: the typed client names its path, the browser's EventSource reads it. */
const ADMIN_EVENTS_PATH = apiPath(api.admin.events.$path());

export function useAdminEvents(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    const refreshBoard = () => void queryClient.invalidateQueries({ queryKey: adminKeys.board() });
    const handle = (message: MessageEvent<string>) => {
      const parsed = liveEventSchema.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      const event = parsed.data;
      emitAdminStreamSignal(event);
      if (event.type === 'menu-changed') void queryClient.invalidateQueries({ queryKey: adminKeys.menu() });
      if (event.type === 'order-created' || event.type === 'order-updated') refreshBoard();
    };
    // Only while online: an offline EventSource keeps failing (and logging) its reconnects.
    const connect = () => {
      if (source || !navigator.onLine) return;
      source = new EventSource(ADMIN_EVENTS_PATH);
      for (const type of ['order-created', 'order-updated', 'menu-changed', 'settings-changed', 'inbox-changed']) {
        source.addEventListener(type, handle as EventListener);
      }
      source.addEventListener('open', () => {
        refreshBoard();
        emitAdminStreamSignal({ type: 'stream-open' });
      });
    };
    const disconnect = () => {
      source?.close();
      source = null;
    };
    connect();
    window.addEventListener('online', connect);
    window.addEventListener('offline', disconnect);
    return () => {
      window.removeEventListener('online', connect);
      window.removeEventListener('offline', disconnect);
      disconnect();
    };
  }, [queryClient]);
}
