/**
 * /api/admin/reports (issue 19, "The day"), the manager only:
 * - GET /today: the board header's live figures for today (the Bucharest day of the injected clock);
 * - GET /day?date=YYYY-MM-DD&location=all|delivery|<id>[&format=csv]: the end-of-day report as JSON,
 *   or as a CSV download.
 * Reads only (api/lib/day-report.ts, one store query per figure). Offline: the board and the reports
 * screen need the network for these (figures the server has not computed would be guesses).
 */
import { Hono } from 'hono';

import { dayReportQuerySchema } from '../../src/shared/schemas/reports';
import type { AppDeps, AppEnv } from '../deps';
import { ALL_LOCATIONS_NAME, dayReport, dayReportCsv, DELIVERY_LOCATION_NAME, todayFigures } from '../lib/day-report';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { requireAdmin } from '../middleware/session';
import { validate } from '../middleware/validate';

export function adminReportsRoutes(deps: AppDeps) {
  const db = deps.store.db;
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .get('/today', async (c) => c.json(await todayFigures(db, deps.clock.now())))
    .get('/day', validate('query', dayReportQuerySchema), async (c) => {
      const { date, location, format } = c.req.valid('query');
      let name = location === 'all' ? ALL_LOCATIONS_NAME : DELIVERY_LOCATION_NAME;
      if (location !== 'all' && location !== 'delivery') {
        const row = await db.selectFrom('locations').select('name').where('id', '=', Number(location)).executeTakeFirst();
        if (!row) throw apiError(HTTP_STATUS.NOT_FOUND, 'location_not_found', 'This location does not exist.');
        name = row.name;
      }
      const report = await dayReport(db, { date, location: { id: location, name }, now: deps.clock.now() });
      if (format === 'json') return c.json(report);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="report-${date}-${location}.csv"`);
      return c.body(dayReportCsv(report));
    });
}
