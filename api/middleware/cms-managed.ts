/**
 * CMS=directus: the catalogue, settings and opening hours are the restaurant's Directus data (mirrored
 * into our store on every read, api/integrations/cms/mirror.ts). A save through our admin would be
 * overwritten by the next read, so the admin's write routes say where to make the change instead.
 */
import type { MiddlewareHandler } from 'hono';

import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';

export const MANAGED_IN_CMS_MESSAGE = 'The menu, settings and opening hours are managed in Directus: change them there.';

export function refuseWritesWhenCmsIsRemote(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (deps.cmsSync && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      throw apiError(HTTP_STATUS.CONFLICT, 'managed_in_cms', MANAGED_IN_CMS_MESSAGE);
    }
    await next();
  };
}
