/**
 * Live order status (GET /api/orders/:orderNumber/events, server-sent events): each `status` event
 * is merged into the cached order at once and the order is then refetched once for the rest of its
 * fields. No polling: one EventSource per open page; the browser reconnects on its own after a
 * network drop (at the server's `retry` pace) and gives up on a 4xx. Offline (issue 27) the stream
 * is closed, so the browser does not keep retrying it against no network, and the page keeps
 * showing the last known state; back online it reopens and the order is read again once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api, apiPath } from '../../../lib/api-client';
import type { Order } from '../../../shared/schemas/order';
import { orderStatusEventSchema } from '../../../shared/schemas/order';
import { orderKeys } from './orders-api';

export function useOrderEvents(orderNumber: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    const onStatus = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = orderStatusEventSchema.safeParse(data);
      if (!parsed.success || parsed.data.orderNumber !== orderNumber) return;
      const { status, paymentStatus, posInjectionStatus, updatedAt } = parsed.data;
      queryClient.setQueryData<Order>(orderKeys.detail(orderNumber), (order) => {
        // Events can arrive out of order after a reconnect: never go back to an older state.
        if (!order || order.updatedAt > updatedAt) return order;
        return { ...order, status, paymentStatus, posInjectionStatus, updatedAt };
      });
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderNumber) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.list() });
    };
    const connect = () => {
      if (source || navigator.onLine === false) return;
      source = new EventSource(
        apiPath(api.orders[':orderNumber'].events.$path({ param: { orderNumber: encodeURIComponent(orderNumber) } })),
      );
      source.addEventListener('status', onStatus);
    };
    const disconnect = () => {
      source?.removeEventListener('status', onStatus);
      source?.close();
      source = null;
    };
    const onOnline = () => {
      connect();
      // A change made while offline is picked up now.
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderNumber) });
    };
    connect();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', disconnect);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', disconnect);
      disconnect();
    };
  }, [orderNumber, enabled, queryClient]);
}
