/**
 * The one typed API client (docs/decisions/0159-typed-api-client.md): `hc<AppType>` from the
 * server's own route types, so a renamed route, a wrong method or a wrong body fails `tsc`, not
 * Playwright. Every request goes through apiTransport (offline short-circuit, cookie, JSON accepted,
 * NetworkError) and every answer through readAnswer (ApiRequestError, zod parse):
 *
 *   const addresses = await call(api.addresses.$get(), addressListResponseSchema);
 *
 * Offline: a request the browser knows cannot go fails at once as NetworkError; queued writes store
 * the path apiPath() makes from the same typed route (src/sync/outbox.ts sends them later).
 */
import type { ClientRequestOptions, ClientResponse } from 'hono/client';
import { hc } from 'hono/client';
import type { ZodMiniType } from 'zod/mini';

import type { AppType } from '../../api/app';
import { API_BASE, apiTransport, readAnswer } from './api-fetch';

export const api = hc<AppType>(API_BASE, { fetch: apiTransport });

/** Sends one typed request and answers its body parsed by `schema` (or throws ApiRequestError / NetworkError). */
export async function call<T>(request: Promise<ClientResponse<unknown>>, schema: ZodMiniType<T>): Promise<T> {
  return readAnswer(await request, schema);
}

/**
 * For a write with nothing to send: an empty JSON body all the same. Browsers send no Content-Length
 * on a bodiless POST or DELETE, which the server's same-origin rule (unsafe methods carry JSON)
 * cannot tell from a form post.
 */
export const EMPTY_JSON_BODY = { init: { body: '{}' } } satisfies ClientRequestOptions;

/**
 * The browser path of a typed route, for what is stored or linked rather than sent now (an outbox
 * entry, an EventSource, a download link): `apiPath(api.addresses[':id'].$path({ param: { id } }))`.
 * `$url()` needs an absolute base; the client's base is the relative API_BASE, so `$path()` plus the base.
 */
export function apiPath(routePath: string): `${typeof API_BASE}/${string}` {
  return `${API_BASE}${routePath.startsWith('/') ? routePath : `/${routePath}`}` as `${typeof API_BASE}/${string}`;
}
