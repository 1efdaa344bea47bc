/**
 * Composes the Hono app: middleware, one sub-app per resource under /api, then the PWA.
 * Route modules are chained so AppType carries every route's types to the client.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';

import '../src/shared/schemas/english-messages';
import type { AppDeps, AppEnv } from './deps';
import { apiError, HTTP_STATUS } from './lib/http-errors';
import { menuMediaRoutes } from './menu-photos/media-routes';
import { appMetrics } from './lib/metrics';
import { apiNotFound, handleError } from './middleware/errors';
import { outboxOwnerCheck } from './middleware/outbox-owner';
import { requestContext } from './middleware/request-context';
import { sameOriginJson } from './middleware/same-origin-json';
import { cspSourcesFromEnv, securityHeaders, transportSecurityHeaders } from './middleware/security-headers';
import { sessionMiddleware } from './middleware/session';
import { accountRoutes } from './routes/account';
import { addressRoutes } from './routes/addresses';
import { adminCatalogueRoutes, CATALOGUE_CSV_IMPORT_PATHS } from './routes/admin-catalogue';
import { adminEventsRoutes, menuEventsRoutes } from './routes/admin-events';
import { adminGoLiveRoutes } from './routes/admin-go-live';
import { adminInboxRoutes } from './routes/admin-inbox';
import { adminMailRoutes } from './routes/admin-mail';
import { adminMenuRoutes } from './routes/admin-menu';
import { adminOrderBoardRoutes } from './routes/admin-order-board';
import { adminOrdersRoutes } from './routes/admin-orders';
import { adminPhotosRoutes, MENU_PHOTO_UPLOAD_PATH } from './routes/admin-photos';
import { adminReportsRoutes } from './routes/admin-reports';
import { adminStaffRoutes } from './routes/admin-staff';
import { adminLocationsRoutes, adminSettingsRoutes } from './routes/admin-settings';
import { authRoutes } from './routes/auth';
import { contactRoutes } from './routes/contact';
import { geoRoutes } from './routes/geo';
import { healthRoutes, readyRoutes } from './routes/health';
import { locationsRoutes } from './routes/locations';
import { mapRoutes } from './routes/map';
import { menuRoutes } from './routes/menu';
import { metricsRoutes } from './routes/metrics';
import { orderFeedbackRoutes } from './routes/order-feedback';
import { ordersRoutes } from './routes/orders';
import { paymentsRoutes } from './routes/payments';
import { profileRoutes } from './routes/profile';
import { adminPushRoutes, pushRoutes } from './routes/push';
import { restaurantInfo, restaurantRoutes } from './routes/restaurant';
import { restaurantStatusRoutes } from './routes/restaurant-status';
import { staticRoutes } from './routes/static';

/** Largest JSON body any route accepts; an order of 99 lines fits well within it. */
export const MAX_BODY_BYTES = 256 * 1024;

/** The photo upload is mounted before the catalogue router (/admin/catalogue): its own body type and limit. */
export function createApiRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/health', healthRoutes(deps))
    .route('/ready', readyRoutes(deps))
    .route('/metrics', metricsRoutes(deps))
    .route('/auth', authRoutes(deps))
    .route('/profile', profileRoutes(deps))
    .route('/account', accountRoutes(deps))
    .route('/menu', menuRoutes(deps))
    .route('/restaurant', restaurantRoutes(deps))
    .route('/locations', locationsRoutes(deps))
    .route('/contact', contactRoutes(deps))
    .route('/geo', geoRoutes(deps))
    .route('/addresses', addressRoutes(deps))
    .route('/map', mapRoutes(deps))
    .route('/orders', ordersRoutes(deps))
    .route('/orders', orderFeedbackRoutes(deps))
    .route('/payments', paymentsRoutes(deps))
    .route('/admin/orders', adminOrdersRoutes(deps))
    .route('/admin/settings', adminSettingsRoutes(deps))
    .route('/admin/locations', adminLocationsRoutes(deps))
    .route('/admin/menu', adminMenuRoutes(deps))
    .route('/admin/catalogue/photos', adminPhotosRoutes(deps))
    .route('/admin/catalogue', adminCatalogueRoutes(deps))
    .route('/admin/events', adminEventsRoutes(deps))
    .route('/admin/board', adminOrderBoardRoutes(deps))
    .route('/admin/staff', adminStaffRoutes(deps))
    .route('/admin/go-live', adminGoLiveRoutes(deps))
    .route('/admin/inbox', adminInboxRoutes(deps))
    .route('/push', pushRoutes(deps))
    .route('/admin/push', adminPushRoutes(deps))
    .route('/admin/mail', adminMailRoutes(deps))
    .route('/admin/reports', adminReportsRoutes(deps))
    .route('/menu/events', menuEventsRoutes(deps))
    .route('/restaurant/status', restaurantStatusRoutes(deps));
}

/**
 * Exempt from the JSON + Origin rule: the provider webhook (verified by its signature over the raw
 * body) and the test checkout's HTML form (which checks the Origin itself).
 */
export function isSelfVerifyingPath(path: string): boolean {
  return path === '/api/payments/webhook' || /^\/api\/payments\/test-checkout\/[^/]+$/.test(path);
}

/** Routes whose body is not JSON and that check its content type themselves (still same-origin only). */
export function checksOwnBodyType(path: string): boolean {
  return path === MENU_PHOTO_UPLOAD_PATH || CATALOGUE_CSV_IMPORT_PATHS.has(path);
}

/** Routes with a body limit of their own, above MAX_BODY_BYTES (the photo upload, 15 MB). */
function hasOwnBodyLimit(path: string): boolean {
  // The photo upload (15 MB) and the menu CSV import (2 MB).
  return path === MENU_PHOTO_UPLOAD_PATH || CATALOGUE_CSV_IMPORT_PATHS.has(path);
}

export type AppType = ReturnType<typeof createApiRoutes>;

export function createApp(deps: AppDeps, options: { serveStatic?: boolean } = {}) {
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(deps.logger, appMetrics(deps)));
  app.use('*', securityHeaders(cspSourcesFromEnv(deps.env), transportSecurityHeaders(deps.env)));
  app.onError(handleError);

  const api = new Hono<AppEnv>();
  // The API's default Cache-Control, set before the route builds its answer (a route's own replaces it):
  // written onto a finished answer it would make @hono/node-server rebuild and stream it
  // (docs/decisions/0154-app-headers-before-the-answer.md). An answer built without the context gets it after.
  api.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => {
      // The rest of the body was never read, so this connection cannot carry another request:
      // say so, and Node closes it after the answer (a kept-alive socket would be reset under the
      // client's next request on it).
      c.header('Connection', 'close');
      throw apiError(HTTP_STATUS.PAYLOAD_TOO_LARGE, 'too_large', 'The request body is too large.');
    },
  });
  api.use('*', (c, next) => (hasOwnBodyLimit(c.req.path) ? next() : jsonBodyLimit(c, next)));
  api.use(
    '*',
    sameOriginJson({
      publicOrigin: deps.env.PUBLIC_URL ? new URL(deps.env.PUBLIC_URL).origin : undefined,
      exempt: isSelfVerifyingPath,
      checksOwnBodyType,
    }),
  );
  api.use('*', sessionMiddleware(deps));
  // A queued write names its owner; under anyone else's session it is refused (issue 21, defect 7).
  api.use('*', outboxOwnerCheck);
  api.route('/', createApiRoutes(deps));
  // Any other /api path is a JSON 404, never the PWA shell.
  api.all('*', apiNotFound);
  api.onError(handleError);
  app.route('/api', api);
  // Uploaded dish photos live in DATA_DIR, not in the build: served whatever STATIC_DIR holds.
  app.route('/media/menu', menuMediaRoutes(deps.env.DATA_DIR));

  if (options.serveStatic !== false)
    app.route(
      '/',
      staticRoutes(deps.env.STATIC_DIR, {
        menu: () => deps.menuCache.get().then((body) => body.menu),
        restaurant: () => restaurantInfo(deps),
        testPayments: deps.payments.name === 'test',
        now: () => deps.clock.now(),
        logger: deps.logger,
      }),
    );
  return app;
}
