/**
 * The manager's day figures (issue 19): reads only. The board header's figures and the open report
 * live under the board's query key, so every live board event (use-admin-events.ts invalidates
 * adminKeys.board()) refreshes them with the board, with no second event listener.
 *
 * Offline: these reads need the network (figures are the server's); the query pauses and the last
 * figures stay on screen, the report section says it cannot load.
 */
import { queryOptions } from '@tanstack/react-query';

import { api, apiPath, call } from '../../../lib/api-client';
import { dayReportSchema, todayFiguresSchema } from '../../../shared/schemas/reports';
import { adminKeys } from './admin-api';

/** The local day rolls over at midnight without an order event: look again every minute. */
const TODAY_REFRESH_MS = 60_000;

export const reportKeys = {
  today: () => [...adminKeys.board(), 'day-figures'] as const,
  // Under the board's key too: an open report of today follows the day's orders as they change.
  day: (date: string, location: string) => [...adminKeys.board(), 'day-report', date, location] as const,
};

export const todayFiguresQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.today(),
    queryFn: () => call(api.admin.reports.today.$get(), todayFiguresSchema),
    staleTime: 0,
    refetchInterval: TODAY_REFRESH_MS,
  });

/** The CSV download's address (the server names the file in Content-Disposition). */
export const dayReportCsvUrl = (date: string, location: string) =>
  apiPath(api.admin.reports.day.$path({ query: { date, location, format: 'csv' } }));

export const dayReportQueryOptions = (date: string, location: string) =>
  queryOptions({
    queryKey: reportKeys.day(date, location),
    queryFn: () => call(api.admin.reports.day.$get({ query: { date, location } }), dayReportSchema),
    staleTime: 0,
  });
