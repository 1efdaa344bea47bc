/**
 * The clock part of GET /api/restaurant/status (restaurantStatusSchema in ./admin.ts): what a
 * screen that only needs the server's time reads (src/lib/server-clock.ts), so the storefront's menu
 * does not load the manager's schemas with it (QUALITY P1, /menu's first-paint JS).
 */
import { z } from 'zod/mini';

export const serverTimeSchema = z.object({ serverNow: z.string() });
export type ServerTime = z.infer<typeof serverTimeSchema>;
