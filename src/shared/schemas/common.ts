import { z } from 'zod/mini';

/** The one JSON shape of every 4xx/5xx answer from /api. */
export const apiErrorSchema = z.object({
  error: z.object({
    status: z.number().check(z.int()),
    code: z.string(),
    message: z.string(),
    details: z.optional(z.unknown()),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const baniSchema = z.number().check(z.int(), z.nonnegative(), z.lte(100_000_000));

export const isoDateTimeSchema = z.string().check(z.iso.datetime({ offset: true }));
