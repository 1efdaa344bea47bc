/**
 * GET /api/admin/go-live (issue 21, defect 4): what still stands between this install and taking real
 * orders. Each item is computed on the server from its configuration (and, for the manager's
 * password, from the store). The server sends ids and codes, the client words them in the screen's
 * language (issue 23): the item's name and what to set to finish it by its id, what is in use now by
 * `current`; `names` are the words that read the same in every language (variables, paths).
 */
import { z } from 'zod/mini';

export const GO_LIVE_ITEM_IDS = ['payments', 'pos', 'geocoder', 'map-style', 'mail', 'admin-password'] as const;
export type GoLiveItemId = (typeof GO_LIVE_ITEM_IDS)[number];

/** What is in use now, per item: the adapter, the default, or the state of the password. */
export const GO_LIVE_CURRENT_CODES = [
  'stripe-checkout',
  'test-checkout',
  'vendor-pos',
  'kitchen-board',
  'gazetteer',
  'nominatim',
  'google',
  'hosted-map-style',
  'offline-map-style',
  'smtp',
  'mail-files',
  'first-run-password',
  'password-changed',
] as const;
export type GoLiveCurrent = (typeof GO_LIVE_CURRENT_CODES)[number];

export const goLiveItemSchema = z.object({
  id: z.enum(GO_LIVE_ITEM_IDS),
  done: z.boolean(),
  /** What is in use now ('test-checkout', 'kitchen-board', ...), worded by the client. */
  current: z.enum(GO_LIVE_CURRENT_CODES),
  /**
   * The variables, values and paths the item's words name (`PAYMENTS=stripe`, `DATA_DIR/mail`), by the
   * placeholder that shows them; what to set to finish the item is said whether or not it is done.
   */
  names: z.record(z.string(), z.string()),
});
export type GoLiveItem = z.infer<typeof goLiveItemSchema>;

export const goLiveResponseSchema = z.object({
  /** PAYMENTS=test: card orders are "paid" on the test checkout and no money moves. */
  testPayments: z.boolean(),
  items: z.array(goLiveItemSchema),
});
export type GoLiveResponse = z.infer<typeof goLiveResponseSchema>;
