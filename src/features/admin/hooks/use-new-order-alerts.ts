/**
 * New-order alerts for the whole manager area (issue 7): the live feed runs at the admin screen
 * level, so a new order beeps and shows whatever section is open. Highlighted: today's orders the
 * kitchen may start (cash, or card once paid) that this tablet has not acknowledged (IndexedDB, so
 * a reload keeps them). The board reads the same query and acknowledgements; only the screen-level
 * hook beeps.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';

import { boardQueryOptions } from '../api/admin-api';
import { acknowledgeOrder, useAcknowledgedOrders } from '../acknowledged-orders-repo';
import { playNewOrderBeep } from '../beep';
import { alertingOrderNumbers, shouldBeep } from '../new-order-alerts';
import { useAdminEvents } from './use-admin-events';

const NONE: ReadonlySet<string> = new Set();

export function useAlertingOrders(): { alerting: ReadonlySet<string>; ready: boolean; acknowledge(orderNumber: string): void } {
  const today = useQuery(boardQueryOptions({ today: true }));
  const acknowledged = useAcknowledgedOrders();
  const orders = today.data?.orders;
  const alerting = useMemo(() => (orders && acknowledged ? alertingOrderNumbers(orders, acknowledged) : NONE), [orders, acknowledged]);
  return {
    alerting,
    ready: orders !== undefined && acknowledged !== undefined,
    acknowledge: (orderNumber) => void acknowledgeOrder(orderNumber),
  };
}

/** Subscribes to the live feed and beeps when an order starts alerting; returns the alerting numbers. */
export function useNewOrderAlerts(): ReadonlySet<string> {
  useAdminEvents();
  const { alerting, ready } = useAlertingOrders();
  const previous = useRef<ReadonlySet<string> | null>(null);
  useEffect(() => {
    if (!ready) return;
    if (shouldBeep(previous.current, alerting)) playNewOrderBeep();
    previous.current = alerting;
  }, [alerting, ready]);
  return alerting;
}
