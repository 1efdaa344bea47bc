/** zValidator with our error shape: every route input is parsed by a shared zod schema at the edge. */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodMiniType } from 'zod/mini';

import { HTTP_STATUS } from '../lib/http-errors';
import { errorBody, zodIssues } from './errors';

export function validate<Target extends keyof ValidationTargets, Schema extends ZodMiniType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      return c.json(
        errorBody(HTTP_STATUS.BAD_REQUEST, 'invalid_input', 'The request is not valid.', zodIssues(result.error)),
        HTTP_STATUS.BAD_REQUEST,
      );
    }
    return undefined;
  });
}
