/**
 * New-order alerts for the whole manager area (issue 7, issue 19): the live feed runs at the admin
 * screen level, so a new order rings and shows whatever section is open. An order rings while it
 * waits for someone to accept or reject it (new-order-alerts.ts): a beep at once when it arrives,
 * then again every few seconds until decided; past its accept deadline (by the server's clock,
 * src/lib/server-clock.ts) louder and faster, and the tab's title blinks. The board reads the same
 * query for its highlights; only the screen-level hook makes sound. Offline the board query pauses:
 * the last known orders keep ringing, which is the safe side for a kitchen.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';

import { useServerNow } from '../../../lib/server-clock';
import { boardQueryOptions } from '../api/admin-api';
import { playNewOrderBeep } from '../beep';
import {
  alertingOrderNumbers,
  LATE_ORDER_REPEAT_MS,
  lateOrderNumbers,
  lateTitle,
  NEW_ORDER_REPEAT_MS,
  shouldBeep,
} from '../new-order-alerts';
import { useAdminEvents } from './use-admin-events';
import { useBlinkingTitle } from './use-document-title';

const NONE: ReadonlySet<string> = new Set();
/** How often the board looks at the (server) clock for accept deadlines. */
const DEADLINE_TICK_MS = 5_000;

export interface OrderAlerts {
  /** Waiting for a decision (ringing). */
  alerting: ReadonlySet<string>;
  /** Past the accept deadline (escalated). */
  late: ReadonlySet<string>;
  ready: boolean;
}

export function useAlertingOrders(): OrderAlerts {
  const today = useQuery(boardQueryOptions({ today: true }));
  const serverNow = useServerNow(DEADLINE_TICK_MS);
  const orders = today.data?.orders;
  const alerting = useMemo(() => (orders ? alertingOrderNumbers(orders) : NONE), [orders]);
  const late = orders ? lateOrderNumbers(orders, serverNow) : NONE;
  // A stable set while nothing changes, so effects keyed on it do not restart every tick.
  const lateKey = [...late].sort().join(',');
  const stableLate = useMemo(() => new Set(lateKey ? lateKey.split(',') : []), [lateKey]);
  return { alerting, late: stableLate, ready: orders !== undefined };
}

/** Subscribes to the live feed, rings and blinks the title; returns the alerts. `baseTitle` is the tab's own title. */
export function useNewOrderAlerts(baseTitle: string): OrderAlerts {
  useAdminEvents();
  const alerts = useAlertingOrders();
  const { alerting, late, ready } = alerts;
  const previous = useRef<ReadonlySet<string> | null>(null);
  useEffect(() => {
    if (!ready) return;
    if (shouldBeep(previous.current, alerting)) playNewOrderBeep();
    previous.current = alerting;
  }, [alerting, ready]);

  const ringing = alerting.size > 0;
  const escalated = late.size > 0;
  useEffect(() => {
    if (!ringing) return;
    const timer = window.setInterval(
      () => playNewOrderBeep(escalated ? 'late' : 'new'),
      escalated ? LATE_ORDER_REPEAT_MS : NEW_ORDER_REPEAT_MS,
    );
    return () => window.clearInterval(timer);
  }, [ringing, escalated]);

  useBlinkingTitle(lateTitle(late.size), baseTitle);
  return alerts;
}
