/**
 * Table types of migration 0016 (issue 20: Web Push subscriptions, the stored VAPID key pair, the
 * notifier's cursor over order_events, and the embedded Mail default's kept messages). Part of
 * `Database` in ./schema.ts.
 */
import type { Generated } from 'kysely';

/** One device's Web Push subscription; unique per (endpoint, audience). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  /** 'customer' (the account's own orders) | 'board' (every new order, the manager's tablet). */
  audience: string;
  user_id: number;
  endpoint: string;
  /** The browser's P-256 public key (base64url), what the payload is encrypted for. */
  p256dh: string;
  /** The browser's 16-byte auth secret (base64url). */
  auth: string;
  /** What the person sees in their list ("Chrome on Android"), from the browser's own description. */
  device_label: string;
  created_at: string;
  updated_at: string;
}

/** The one generated VAPID key pair (id 1), used when VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are unset. */
export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: string;
}

/** How far a reader of order_events has come, by reader name. */
export interface NotificationCursorsTable {
  name: string;
  last_event_id: number;
  updated_at: string;
}

/** A message the embedded Mail default kept instead of sending it (no SMTP_URL). */
export interface SentMailTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: string;
}
