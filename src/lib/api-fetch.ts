/**
 * How the PWA talks to /api, below the typed client (./api-client.ts): same origin, cookies included,
 * JSON answers, errors turned into ApiRequestError carrying the server's status, code and message
 * (spec §7 "answer handling"), no request at all while the browser knows it is offline.
 *
 * The first-load reads (GET /api/restaurant, /api/auth/me, /api/restaurant/status) call apiFetch
 * with a path typed against the server's AppType instead of the Hono client, so the first paint
 * does not pay for hono/client (docs/decisions/0159-typed-api-client.md); a renamed route still
 * fails `tsc` through ApiReadPath.
 */
import type { ExtractSchema } from 'hono/types';
import type { ZodMiniType } from 'zod/mini';

import type { AppType } from '../../api/app';
import { apiErrorSchema } from '../shared/schemas/common';
import { isKnownOffline } from './online-state';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Thrown when the request never got an answer (offline, DNS, reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** Where the API is mounted (api/app.ts: app.route('/api', …)). */
export const API_BASE = '/api';

type ApiSchema = ExtractSchema<AppType>;
/** Every parameterless GET route of the server, as the browser requests it. */
export type ApiReadPath = {
  [Path in keyof ApiSchema & string]: Path extends `${string}:${string}`
    ? never
    : '$get' extends keyof ApiSchema[Path]
      ? `${typeof API_BASE}${Path}`
      : never;
}[keyof ApiSchema & string];

/**
 * The fetch every /api request goes through (the typed client passes it to hc): the known-offline
 * short-circuit, the session cookie, JSON accepted, and a request that got no answer as NetworkError.
 */
export async function apiTransport(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  // Offline (the browser knows there is no network): fail as a network error without a request, so
  // callers take their offline path (IndexedDB, the outbox's back-off) and nothing fails in the
  // console (issue 27).
  if (isKnownOffline()) throw new NetworkError(new Error('offline'));
  const headers = new Headers(init.headers);
  // A string body is JSON unless the caller says otherwise (the CSV import); FormData sets its own.
  if (typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
  headers.set('accept', 'application/json');
  try {
    return await fetch(input, { ...init, headers, credentials: 'include' });
  } catch (error) {
    throw new NetworkError(error);
  }
}

/** What readAnswer reads of an answer: a fetch Response or the typed client's ClientResponse. */
type Answer = Pick<Response, 'ok' | 'status' | 'statusText' | 'json'>;

/**
 * The answer's body parsed by `schema`, or an ApiRequestError with the server's code and message.
 * The client parses every answer: the server may be a newer or older deploy than this bundle (a
 * cached PWA), so a shape that changed fails here, loudly, instead of deep inside a screen.
 */
export async function readAnswer<T>(response: Answer, schema: ZodMiniType<T>): Promise<T> {
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const parsed = apiErrorSchema.safeParse(body);
    if (parsed.success)
      throw new ApiRequestError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details);
    throw new ApiRequestError(response.status, 'http_error', `Request failed with status ${response.status}: ${response.statusText}`);
  }
  if (response.status === 204) return schema.parse(undefined);
  return schema.parse(await response.json());
}

/** GET one first-load read: a path the server has (typed), its answer parsed by `schema`. */
export async function apiFetch<T>(path: ApiReadPath, schema: ZodMiniType<T>): Promise<T> {
  return readAnswer(await apiTransport(path), schema);
}
