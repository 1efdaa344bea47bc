/**
 * /api/admin/reports (issue 19, "The day"), the manager only:
 * - GET /today: the board header's live figures for today (the Bucharest day of the injected clock);
 * - GET /day?date=YYYY-MM-DD&location=all|delivery|<id>[&format=csv]: the end-of-day report as JSON,
 *   or as a CSV download in the requester's language (the lang cookie, else Accept-Language).
 * Reads only (api/lib/day-report.ts, one store query per figure). Offline: the board and the reports
 * screen need the network for these (figures the server has not computed would be guesses).
 *
 * A location-limited manager (issue 22, api/lib/manager-scope.ts) gets their own kitchen's figures:
 * /today is their kitchen's, /day answers their kitchen for `all` (named after it, so the report says
 * what it covers) and for its own id, and 403 location_forbidden for another kitchen or every kitchen's
 * deliveries (docs/decisions/0151-an-orders-kitchen-in-the-pos-and-the-figures.md).
 */
import { Hono } from 'hono';

import { dayReportQuerySchema } from '../../src/shared/schemas/reports';
import type { AppDeps, AppEnv } from '../deps';
import { dayReport, dayReportCsv, todayFigures } from '../lib/day-report';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { requestLocale } from '../lib/request-locale';
import { managerLocationOf } from '../lib/manager-scope';
import { requireAdmin, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';

export function adminReportsRoutes(deps: AppDeps) {
  const db = deps.store.db;
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .get('/today', async (c) => {
      const own = managerLocationOf(sessionUser(c));
      return c.json(await todayFigures(db, deps.clock.now(), own === null ? 'all' : String(own)));
    })
    .get('/day', validate('query', dayReportQuerySchema), async (c) => {
      const { date, format } = c.req.valid('query');
      let { location } = c.req.valid('query');
      const own = managerLocationOf(sessionUser(c));
      if (own !== null) {
        if (location === 'all') location = String(own);
        if (location !== String(own))
          throw apiError(HTTP_STATUS.FORBIDDEN, 'location_forbidden', 'This account works for another kitchen.');
      }
      // Every location and delivery orders have no name of their own: the reader words them by id.
      let name: string | null = null;
      if (location !== 'all' && location !== 'delivery') {
        const row = await db.selectFrom('locations').select('name').where('id', '=', Number(location)).executeTakeFirst();
        if (!row) throw apiError(HTTP_STATUS.NOT_FOUND, 'location_not_found', 'This location does not exist.');
        name = row.name;
      }
      const report = await dayReport(db, { date, location: { id: location, name }, now: deps.clock.now() });
      if (format === 'json') return c.json(report);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="report-${date}-${location}.csv"`);
      return c.body(dayReportCsv(report, requestLocale(c)));
    });
}
