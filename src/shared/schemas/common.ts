import { z } from 'zod';

/** The one JSON shape of every 4xx/5xx answer from /api. */
export const apiErrorSchema = z.object({
  error: z.object({
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const baniSchema = z.number().int().nonnegative().max(100_000_000);

export const isoDateTimeSchema = z.string().datetime({ offset: true });
