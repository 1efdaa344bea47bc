/**
 * Web Push between the PWA, the API and the service worker (issue 20): the subscription a browser
 * hands over (PushSubscription.toJSON()), what the API lists back, and the payload the service
 * worker receives (encrypted on the way, RFC 8291) — no more than the order number, its status and
 * a short text, so a push service or a lost phone's lock screen learns nothing else.
 */
import { z } from 'zod/mini';

import { MAX_PUSH_TEXT_LENGTH } from '../domain/push-target';
import { orderStatusSchema } from './order';

export { MAX_PUSH_TEXT_LENGTH, pushTargetPath } from '../domain/push-target';

/** Push service endpoints are URLs of a few hundred characters; anything far longer is not one. */
export const MAX_PUSH_ENDPOINT_LENGTH = 1000;
export const MAX_DEVICE_LABEL_LENGTH = 80;

/** base64url without padding, as browsers give the keys. */
const base64Url = (min: number, max: number) =>
  z.string().check(z.minLength(min), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+$/, 'expected base64url'));

/** POST /api/push/subscriptions and /api/admin/push/subscriptions. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url().check(z.maxLength(MAX_PUSH_ENDPOINT_LENGTH)),
  keys: z.object({
    // An uncompressed P-256 point is 65 bytes (87 characters); the auth secret 16 bytes (22).
    p256dh: base64Url(80, 100),
    auth: base64Url(16, 40),
  }),
  /** "Chrome on Android": what the person sees in their list of devices. */
  deviceLabel: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_DEVICE_LABEL_LENGTH))),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushAudienceSchema = z.enum(['customer', 'board']);
export type PushAudience = z.infer<typeof pushAudienceSchema>;

export const pushSubscriptionSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  endpoint: z.string(),
  deviceLabel: z.string(),
  createdAt: z.string(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionsResponseSchema = z.object({ subscriptions: z.array(pushSubscriptionSchema) });
export const pushSubscriptionResponseSchema = z.object({ subscription: pushSubscriptionSchema });
export const pushPublicKeyResponseSchema = z.object({ publicKey: z.string() });

/**
 * What the service worker receives. `kind`: 'status' (a customer's order moved), 'new-order' and
 * 'waiting' (the board: a new order, one not accepted in time).
 */
export const pushPayloadSchema = z.object({
  audience: pushAudienceSchema,
  kind: z.enum(['status', 'new-order', 'waiting']),
  orderNumber: z.string().check(z.minLength(1), z.maxLength(40)),
  status: orderStatusSchema,
  text: z.string().check(z.minLength(1), z.maxLength(MAX_PUSH_TEXT_LENGTH)),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
