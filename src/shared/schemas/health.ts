import { z } from 'zod/mini';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  store: z.object({ status: z.enum(['ok', 'error']), dialect: z.string() }),
  uptimeSeconds: z.number().check(z.nonnegative()),
});
export type Health = z.infer<typeof healthSchema>;
