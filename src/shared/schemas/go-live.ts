/**
 * GET /api/admin/go-live (issue 21, defect 4): what still stands between this install and taking real
 * orders. Each item is computed on the server from its configuration (and, for the manager's
 * password, from the store); `todo` says what to set to finish it.
 */
import { z } from 'zod/mini';

export const GO_LIVE_ITEM_IDS = ['payments', 'pos', 'geocoder', 'map-style', 'mail', 'admin-password'] as const;
export type GoLiveItemId = (typeof GO_LIVE_ITEM_IDS)[number];

export const goLiveItemSchema = z.object({
  id: z.enum(GO_LIVE_ITEM_IDS),
  label: z.string().check(z.minLength(1)),
  done: z.boolean(),
  /** What is in use now ('Test checkout', 'Kitchen board', ...). */
  current: z.string(),
  /** What to set to finish the item; said whether or not it is done, so the manager knows what it was. */
  todo: z.string().check(z.minLength(1)),
});
export type GoLiveItem = z.infer<typeof goLiveItemSchema>;

export const goLiveResponseSchema = z.object({
  /** PAYMENTS=test: card orders are "paid" on the test checkout and no money moves. */
  testPayments: z.boolean(),
  items: z.array(goLiveItemSchema),
});
export type GoLiveResponse = z.infer<typeof goLiveResponseSchema>;
