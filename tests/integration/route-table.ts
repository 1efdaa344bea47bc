/**
 * Every route of the app (read from the Hono router, not written by hand) with its access rule.
 * The authorization matrix and the fuzzing both walk this table; a route the router has and the
 * table lacks fails both, so a new route cannot skip them.
 */
import type { TestApp } from '../setup/test-app';

export type AccessRule =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in person, about themselves only (401 for guests). */
  | 'customer'
  /** A signed-in person's own order/address/payment named in the path, query or body: 404 for anyone else. */
  | 'owner'
  /** The manager only: 401 for guests, 403 for customers. */
  | 'admin'
  /** The payment provider's webhook: only a valid signature over the raw body is accepted. */
  | 'webhook-signed'
  /** The test checkout page: the unguessable session id in the path is the credential (like a hosted checkout URL). */
  | 'capability'
  /** Prometheus metrics: the METRICS_TOKEN bearer token, or (unset) a scraper on the server's own machine; sessions count for nothing. */
  | 'metrics-token'
  /** Middleware mounted on a prefix (security headers, session, JSON 404), not an endpoint. */
  | 'middleware';

export const ROUTE_RULES: Record<string, AccessRule> = {
  'ALL /*': 'middleware',
  'ALL /api/*': 'middleware',
  'ALL /api/addresses/*': 'middleware',
  'ALL /api/admin/board/*': 'middleware',
  'ALL /api/admin/board/:orderNumber/*': 'middleware',
  'ALL /api/admin/catalogue/*': 'middleware',
  'ALL /api/admin/catalogue/photos/*': 'middleware',
  'ALL /api/admin/events/*': 'middleware',
  'ALL /api/admin/inbox/*': 'middleware',
  'ALL /api/admin/locations/*': 'middleware',
  'ALL /api/admin/menu/*': 'middleware',
  'ALL /api/admin/orders/*': 'middleware',
  'ALL /api/admin/orders/:orderNumber/*': 'middleware',
  'ALL /api/admin/staff/*': 'middleware',
  'ALL /api/admin/reports/*': 'middleware',
  'ALL /api/admin/settings/*': 'middleware',
  'ALL /api/geo/*': 'middleware',
  'ALL /api/orders/*': 'middleware',
  'GET /*': 'public',
  'GET /api/health': 'public',
  'GET /manifest.webmanifest': 'public',
  'GET /media/menu/:file': 'public',
  'GET /api/ready': 'public',
  'GET /api/metrics': 'metrics-token',
  'GET /api/auth/google/callback': 'public',
  'GET /api/auth/google/start': 'public',
  'GET /api/auth/me': 'public',
  'GET /api/auth/providers': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/register': 'public',
  'GET /api/map/config': 'public',
  'GET /api/map/style.json': 'public',
  'GET /api/menu': 'public',
  'GET /api/menu/events': 'public',
  'GET /api/restaurant': 'public',
  'GET /api/restaurant/status': 'public',
  'GET /api/locations/:id/slots': 'public',
  'GET /api/locations/slots': 'public',
  'GET /api/push/public-key': 'public',
  'POST /api/contact': 'public',
  'GET /api/payments/test-checkout.css': 'public',
  'POST /api/account/verify-email': 'public',
  'POST /api/account/password-reset/request': 'public',
  'POST /api/account/password-reset/complete': 'public',
  'GET /api/profile': 'customer',
  'PATCH /api/profile': 'customer',
  'PUT /api/profile/language': 'customer',
  'GET /api/account/security': 'customer',
  'POST /api/account/verify-email/resend': 'customer',
  'POST /api/account/password': 'customer',
  'POST /api/account/sign-out-everywhere': 'customer',
  'GET /api/account/export': 'customer',
  'POST /api/account/delete': 'customer',
  'GET /api/push/subscriptions': 'customer',
  'POST /api/push/subscriptions': 'customer',
  'GET /api/addresses': 'customer',
  'POST /api/addresses': 'customer',
  'GET /api/orders': 'customer',
  'POST /api/orders': 'customer',
  'GET /api/geo/autocomplete': 'customer',
  'GET /api/geo/reverse': 'customer',
  'POST /api/geo/validate-address': 'customer',
  'PUT /api/addresses/:id': 'owner',
  'GET /api/addresses/:id/kitchen': 'owner',
  'DELETE /api/addresses/:id': 'owner',
  'DELETE /api/push/subscriptions/:id': 'owner',
  'POST /api/addresses/:id/default': 'owner',
  'DELETE /api/addresses/:id/default': 'owner',
  'GET /api/orders/:orderNumber': 'owner',
  'GET /api/orders/:orderNumber/events': 'owner',
  'GET /api/orders/:orderNumber/receipt': 'owner',
  'POST /api/orders/:orderNumber/feedback': 'owner',
  'POST /api/orders/:orderNumber/retry-payment': 'owner',
  'POST /api/orders/:orderNumber/cancel': 'owner',
  'POST /api/payments/create-checkout-session': 'owner',
  'POST /api/payments/retry-payment/:orderNumber': 'owner',
  'GET /api/payments/session-status': 'owner',
  'GET /api/payments/test-receipt/:orderNumber': 'owner',
  'POST /api/payments/webhook': 'webhook-signed',
  'GET /api/payments/test-checkout/:sessionId': 'capability',
  'POST /api/payments/test-checkout/:sessionId': 'capability',
  'GET /api/admin/board': 'admin',
  'GET /api/admin/push/subscriptions': 'admin',
  'POST /api/admin/push/subscriptions': 'admin',
  'DELETE /api/admin/push/subscriptions/:id': 'admin',
  'GET /api/admin/mail': 'admin',
  'GET /api/admin/go-live': 'admin',
  'GET /api/admin/inbox': 'admin',
  'POST /api/admin/inbox/:kind/:id/handled': 'admin',
  'GET /api/admin/reports/today': 'admin',
  'GET /api/admin/reports/day': 'admin',
  'POST /api/admin/board/:orderNumber/status': 'admin',
  'POST /api/admin/board/:orderNumber/accept': 'admin',
  'POST /api/admin/board/:orderNumber/cancel': 'admin',
  'POST /api/admin/board/:orderNumber/refunds': 'admin',
  'POST /api/admin/board/:orderNumber/refunds/:refundId/retry': 'admin',
  'POST /api/admin/board/:orderNumber/move': 'admin',
  'GET /api/admin/staff': 'admin',
  'POST /api/admin/staff': 'admin',
  'POST /api/admin/staff/:userId/invitation': 'admin',
  'PUT /api/admin/staff/:userId/location': 'admin',
  'DELETE /api/admin/staff/:userId': 'admin',
  'GET /api/admin/events': 'admin',
  'GET /api/admin/menu': 'admin',
  'POST /api/admin/catalogue/photos': 'admin',
  'GET /api/admin/catalogue': 'admin',
  'POST /api/admin/catalogue/categories': 'admin',
  'PUT /api/admin/catalogue/categories/order': 'admin',
  'PATCH /api/admin/catalogue/categories/:id': 'admin',
  'DELETE /api/admin/catalogue/categories/:id': 'admin',
  'PUT /api/admin/catalogue/categories/:id/dishes/order': 'admin',
  'POST /api/admin/catalogue/dishes': 'admin',
  'PATCH /api/admin/catalogue/dishes/:id': 'admin',
  'POST /api/admin/catalogue/dishes/:id/duplicate': 'admin',
  'DELETE /api/admin/catalogue/dishes/:id': 'admin',
  'POST /api/admin/catalogue/groups': 'admin',
  'PUT /api/admin/catalogue/groups/:id': 'admin',
  'DELETE /api/admin/catalogue/groups/:id': 'admin',
  'POST /api/admin/catalogue/bulk-price/preview': 'admin',
  'POST /api/admin/catalogue/bulk-price': 'admin',
  'GET /api/admin/catalogue/export.csv': 'admin',
  'POST /api/admin/catalogue/import/preview': 'admin',
  'POST /api/admin/catalogue/import': 'admin',
  'GET /api/admin/catalogue/changes': 'admin',
  'POST /api/admin/menu/items/:id/sold-out': 'admin',
  'POST /api/admin/menu/options/:id/sold-out': 'admin',
  'POST /api/admin/orders/:orderNumber/resend-pos': 'admin',
  'GET /api/admin/settings': 'admin',
  'PUT /api/admin/settings': 'admin',
  'PUT /api/admin/locations/:id/hours': 'admin',
  'PUT /api/admin/locations/:id': 'admin',
};

/**
 * Routes that end the caller's own session when they succeed: the shared test users must not call
 * them (the fuzzing sends them as a guest; the matrix uses a throwaway account).
 */
export const ENDS_CALLERS_SESSION: ReadonlySet<string> = new Set(['POST /api/auth/logout', 'POST /api/account/sign-out-everywhere']);

export interface RouteEntry {
  key: string;
  method: string;
  path: string;
}

/** The router's own list: one entry per method + path. */
export function routerRoutes(t: TestApp): RouteEntry[] {
  const keys = new Set(t.app.routes.map((route) => `${route.method} ${route.path}`));
  return [...keys].sort().map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { key, method, path };
  });
}

/** Endpoints only (no prefix middleware, no SPA fallback), each with its rule (undefined when missing). */
export function endpoints(t: TestApp): (RouteEntry & { rule: AccessRule | undefined })[] {
  return routerRoutes(t)
    .map((route) => ({ ...route, rule: ROUTE_RULES[route.key] }))
    .filter((route) => route.rule !== 'middleware' && route.path.startsWith('/api/'));
}

export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
}
