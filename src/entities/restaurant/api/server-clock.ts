/**
 * The server's time as this device estimates it (issue 19). Deadlines the server sets (an order's
 * acceptDeadlineAt) are instants on the server's clock; comparing them with the device's clock would
 * escalate too early or never on a tablet or phone whose clock is off (and in the e2e runs, whose
 * server clock is pinned by CLOCK_START_AT). One read of GET /api/restaurant/status measures the
 * offset (its serverNow against the middle of the request); the estimate is then the device clock
 * plus that offset, ticking locally. Measured again every half hour (drift), not on every board
 * refresh: a single late answer must not make an escalation flicker. Offline the last measurement
 * stays (the query pauses), and with none yet the device clock stands alone (offset 0).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { serverTimeSchema } from '../../../shared/schemas/server-time';
import { apiFetch } from '../../../lib/api-fetch';

export const serverClockKeys = { all: ['server-clock'] as const };

/** How often the offset is measured again, for a device clock that drifts or is corrected. */
export const SERVER_CLOCK_REMEASURE_MS = 30 * 60 * 1_000;

/** server time − device time (ms), from a serverNow read between `sentAtMs` and `receivedAtMs` on the device. */
export function serverClockOffsetMs(serverNowIso: string, sentAtMs: number, receivedAtMs: number): number {
  const server = Date.parse(serverNowIso);
  if (Number.isNaN(server)) return 0;
  // The server read its clock somewhere inside the round trip: the middle halves the error.
  return server - Math.round((sentAtMs + receivedAtMs) / 2);
}

export const serverClockQueryOptions = () =>
  queryOptions({
    queryKey: serverClockKeys.all,
    queryFn: async () => {
      const sentAtMs = Date.now();
      const status = await apiFetch('/api/restaurant/status', serverTimeSchema);
      return { offsetMs: serverClockOffsetMs(status.serverNow, sentAtMs, Date.now()) };
    },
    staleTime: SERVER_CLOCK_REMEASURE_MS,
    refetchInterval: SERVER_CLOCK_REMEASURE_MS,
    refetchOnWindowFocus: false,
    networkMode: 'online',
  });

/** The server's time now (ms since the epoch), re-read every `tickMs` so deadlines pass on screen. */
export function useServerNow(tickMs: number): number {
  const { data } = useQuery(serverClockQueryOptions());
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setDeviceNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return deviceNow + (data?.offsetMs ?? 0);
}
