/**
 * Keeps an open storefront tab's menu current (issue 7, Sold out): listens to the public SSE stream
 * GET /api/menu/events and, on 'menu-changed', invalidates the menu query so the screen refetches
 * /api/menu (a cheap 304 when nothing changed) within seconds of the manager's toggle.
 * Offline: the stream is closed (the menu screen keeps what it has); back online it reconnects and
 * refetches once, so a change made while offline is never missed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import type { ApiReadPath } from '../../../lib/api-fetch';
import { menuKeys } from '../api/get-menu';

/** Typed against the server's routes without the Hono client: this hook is part of the menu's first load. */
const MENU_EVENTS_PATH: ApiReadPath = '/api/menu/events';

export function useMenuLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: menuKeys.all });
    // Only while online: an offline EventSource keeps failing (and logging) its reconnects.
    const connect = () => {
      if (source || !navigator.onLine) return;
      source = new EventSource(MENU_EVENTS_PATH);
      source.addEventListener('menu-changed', refetch);
    };
    const disconnect = () => {
      source?.close();
      source = null;
    };
    const onOnline = () => {
      connect();
      // Anything changed while offline is picked up now.
      refetch();
    };
    connect();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', disconnect);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', disconnect);
      disconnect();
    };
  }, [queryClient]);
}
