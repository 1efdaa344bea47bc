/**
 * New-order alerts for the whole manager area (issue 7, issue 19): the live feed runs at the admin
 * screen level, so a new order rings and shows whatever section is open. An order rings while it
 * waits for someone to accept or reject it (new-order-alerts.ts): a beep at once when it arrives,
 * then again every few seconds until decided; past its accept deadline (by the server's clock,
 * src/entities/restaurant/api/server-clock.ts) louder and faster, and the tab's title blinks. The board reads the same
 * query for its highlights; only the screen-level hook makes sound. Offline the board query pauses:
 * the last known orders keep ringing, which is the safe side for a kitchen.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';

import { useT } from '../../../lib/i18n';
import { serverClockQueryOptions, useServerNow } from '../../../entities/restaurant/api/server-clock';
import { boardQueryOptions } from '../api/admin-api';
import { playNewOrderBeep } from '../beep';
import {
  alertingOrderNumbers,
  boardServerNowMs,
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
  /** The server's time (ms) by the board answer's serverNow: the Scheduled lane is decided with it (issue 22). */
  serverNowMs: number;
}

/** A set's members as one string, so a memo keyed on it holds while the members stay the same. */
function keyOf(orderNumbers: ReadonlySet<string>): string {
  return [...orderNumbers].sort().join(',');
}

/** The same Set object while the key (keyOf) stays the same. */
function useStableSet(key: string): ReadonlySet<string> {
  return useMemo(() => new Set(key ? key.split(',') : []), [key]);
}

export function useAlertingOrders(): OrderAlerts {
  const today = useQuery(boardQueryOptions({ today: true }));
  const serverNowByStatus = useServerNow(DEADLINE_TICK_MS);
  const statusOffsetMs = useQuery(serverClockQueryOptions()).data?.offsetMs ?? 0;
  // An order for later is released by the server's clock as the board answer read it (issue 22,
  // docs/decisions/0145-board-scheduled-lane-and-kitchens.md), ticking with the same 5 s timer.
  const serverNow = boardServerNowMs(
    serverNowByStatus - statusOffsetMs,
    today.data ? { serverNow: today.data.serverNow, receivedAtMs: today.dataUpdatedAt } : null,
    serverNowByStatus,
  );
  const orders = today.data?.orders;
  const alertingNow = orders ? alertingOrderNumbers(orders, serverNow) : NONE;
  const alertingKey = keyOf(alertingNow);
  // A stable set while nothing changes: the beep effect compares sets, and must not run every tick.
  const alerting = useStableSet(alertingKey);
  const late = orders ? lateOrderNumbers(orders, serverNow) : NONE;
  // A stable set while nothing changes, so effects keyed on it do not restart every tick.
  const lateKey = keyOf(late);
  const stableLate = useStableSet(lateKey);
  return { alerting, late: stableLate, ready: orders !== undefined, serverNowMs: serverNow };
}

/** Subscribes to the live feed, rings and blinks the title; returns the alerts. `baseTitle` is the tab's own title. */
export function useNewOrderAlerts(baseTitle: string): OrderAlerts {
  useAdminEvents();
  const t = useT();
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

  useBlinkingTitle(lateTitle(late.size, t), baseTitle);
  return alerts;
}
