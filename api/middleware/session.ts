/**
 * Loads the session (if any) on every /api request into c.var.user; requireUser / requireAdmin guard
 * routes. Guests get 401, signed-in non-admins 403 on admin routes — enforced here, not only in the UI.
 */
import type { MiddlewareHandler } from 'hono';

import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { loadSession, readSessionToken, setSessionCookie } from '../lib/sessions';
import { ADMIN_ROLE } from '../store/admin-account';

export function sessionMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    const token = readSessionToken(c);
    if (token) {
      const session = await loadSession(deps.store.db, deps.clock, token);
      if (session) {
        c.set('user', session.user);
        c.set('sessionId', session.sessionId);
        if (session.refreshedExpiresAt) setSessionCookie(c, token, session.refreshedExpiresAt, deps.env);
      }
    }
    await next();
  };
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw apiError(HTTP_STATUS.UNAUTHORIZED, 'unauthenticated', 'Please sign in.');
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  if (!user) throw apiError(HTTP_STATUS.UNAUTHORIZED, 'unauthenticated', 'Please sign in.');
  if (user.role !== ADMIN_ROLE) throw apiError(HTTP_STATUS.FORBIDDEN, 'forbidden', 'Only the restaurant manager can do this.');
  await next();
};

/** The signed-in user inside a route behind requireUser. */
export function sessionUser(c: { get(key: 'user'): AppEnv['Variables']['user'] }) {
  const user = c.get('user');
  if (!user) throw apiError(HTTP_STATUS.UNAUTHORIZED, 'unauthenticated', 'Please sign in.');
  return user;
}
