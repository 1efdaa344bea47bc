/**
 * The Push port (ARCHITECTURE "integrations/<port>"): hands one encrypted Web Push message to the
 * browser's push service (RFC 8030 + RFC 8291 payload encryption + RFC 8292 VAPID). The adapter only
 * delivers; what to say, to whom and when is api/notifications/. Every send runs from the durable
 * outbox, never on a request's path.
 */
import type { PushPayload } from '../../../src/shared/schemas/push';

/** A stored subscription: where to post and whose keys the payload is encrypted for. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSendOptions {
  /** How long the push service keeps the message for a device that is offline, in seconds. */
  ttlSeconds: number;
  /** 'high' wakes a sleeping phone at once (a new order on the tablet); 'normal' otherwise. */
  urgency: 'normal' | 'high';
  /** A later message with the same topic replaces an undelivered earlier one (an order's status). */
  topic?: string;
  signal?: AbortSignal;
}

/** 'sent': the push service took it; 'gone': the subscription no longer exists (404/410), delete it. */
export type PushOutcome = { kind: 'sent'; status: number } | { kind: 'gone'; status: number };

export interface Push {
  /** Names the adapter in logs. */
  readonly name: string;
  /** The VAPID public key browsers subscribe with (applicationServerKey), base64url. */
  publicKey(): Promise<string>;
  /** Throws for anything worth retrying (network, 429, 5xx); resolves 'gone' for 404/410. */
  send(target: PushTarget, payload: PushPayload, options: PushSendOptions): Promise<PushOutcome>;
}
