/**
 * The one way the PWA calls /api: same origin, cookies included, JSON in and out, errors turned
 * into ApiRequestError carrying the server's status, code and message (spec §7 "answer handling").
 */
import type { ZodType } from 'zod';

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

export async function apiFetch<T>(path: string, schema: ZodType<T>, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  headers.set('accept', 'application/json');
  // Offline (the browser knows there is no network): fail as a network error without a request, so
  // callers take their offline path (IndexedDB, the outbox's back-off) and nothing fails in the
  // console (issue 27). Every /api read and write goes through here.
  if (isKnownOffline()) throw new NetworkError(new Error('offline'));
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: 'include' });
  } catch (error) {
    throw new NetworkError(error);
  }
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
