/**
 * One JSON error shape for every failure. Bad input is a 4xx with a reason; only our own bugs are
 * a 500, and then without a stack trace or internals in the answer.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod/mini';

import type { ApiError } from '../../src/shared/schemas/common';
import type { AppEnv } from '../deps';
import { CmsUnavailableError } from '../integrations/cms/directus';
import { ApiHttpError, HTTP_STATUS } from '../lib/http-errors';

export function errorBody(status: number, code: string, message: string, details?: unknown): ApiError {
  return { error: { status, code, message, ...(details === undefined ? {} : { details }) } };
}

export function zodIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ApiHttpError) {
    return c.json(errorBody(error.status, error.code, error.message, error.details), error.status);
  }
  if (error instanceof z.core.$ZodError) {
    return c.json(
      errorBody(HTTP_STATUS.BAD_REQUEST, 'invalid_input', 'The request is not valid.', zodIssues(error)),
      HTTP_STATUS.BAD_REQUEST,
    );
  }
  if (error instanceof CmsUnavailableError) {
    // Directus is down or answered nonsense and no good copy is cached: the client may retry; nothing was written.
    (c.get('logger') ?? console).warn('cms unavailable', { error: error.message });
    return c.json(
      errorBody(
        HTTP_STATUS.SERVICE_UNAVAILABLE,
        'cms_unavailable',
        'The menu service is not reachable right now. Please try again in a minute.',
      ),
      HTTP_STATUS.SERVICE_UNAVAILABLE,
    );
  }
  if (error instanceof HTTPException) {
    // Hono's own (body limit, malformed JSON in validators): keep the status, our shape.
    const status = error.status as ContentfulStatusCode;
    return c.json(
      errorBody(status, status === HTTP_STATUS.PAYLOAD_TOO_LARGE ? 'too_large' : 'bad_request', error.message || 'Bad request'),
      status,
    );
  }
  (c.get('logger') ?? console).error('unhandled error', {
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  return c.json(errorBody(HTTP_STATUS.INTERNAL, 'internal', 'Something went wrong on our side. Please try again.'), HTTP_STATUS.INTERNAL);
};

export const apiNotFound: NotFoundHandler<AppEnv> = (c: Context<AppEnv>) =>
  c.json(errorBody(HTTP_STATUS.NOT_FOUND, 'not_found', 'No such API route.'), HTTP_STATUS.NOT_FOUND);
