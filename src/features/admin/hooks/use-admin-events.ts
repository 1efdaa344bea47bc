/**
 * The board's live feed: GET /api/admin/events (SSE, manager only). Any order event refreshes the
 * board queries, a sold-out change the sold-out list, and a new order calls onNewOrder (sound and
 * highlight). Each (re)connect refreshes the board, so nothing missed while offline is lost.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { liveEventSchema } from '../../../shared/schemas/admin';
import { adminKeys } from '../api/admin-api';

export function useAdminEvents(onNewOrder: (orderNumber: string) => void): void {
  const queryClient = useQueryClient();
  const onNewOrderRef = useRef(onNewOrder);
  useEffect(() => {
    onNewOrderRef.current = onNewOrder;
  }, [onNewOrder]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    const refreshBoard = () => void queryClient.invalidateQueries({ queryKey: adminKeys.board() });
    const handle = (message: MessageEvent<string>) => {
      const parsed = liveEventSchema.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.type === 'order-created') onNewOrderRef.current(event.orderNumber);
      if (event.type === 'menu-changed') void queryClient.invalidateQueries({ queryKey: adminKeys.menu() });
      if (event.type === 'order-created' || event.type === 'order-updated') refreshBoard();
    };
    // Only while online: an offline EventSource keeps failing (and logging) its reconnects.
    const connect = () => {
      if (source || !navigator.onLine) return;
      source = new EventSource('/api/admin/events');
      for (const type of ['order-created', 'order-updated', 'menu-changed', 'settings-changed']) {
        source.addEventListener(type, handle as EventListener);
      }
      source.addEventListener('open', refreshBoard);
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
