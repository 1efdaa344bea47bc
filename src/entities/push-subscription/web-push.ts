/**
 * This browser's Web Push subscription (issue 20), for the customer's offer and profile
 * (src/features/notifications/) and the board's "Notify this tablet" (src/features/admin/): whether
 * the browser can do it, asking for the permission (only ever from a click, never on page load),
 * subscribing with the server's VAPID public key, and telling the server. Loaded only by the pages
 * that offer it (never on the first paint of / or /menu).
 *
 * Offline: nothing here works without the network (the push service and our server must both be
 * reached); callers disable their buttons offline and say so, and nothing is queued.
 */
import { z } from 'zod/mini';

import {
  pushPublicKeyResponseSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionResponseSchema,
  pushSubscriptionsResponseSchema,
} from '../../shared/schemas/push';
import type { PushSubscriptionView } from '../../shared/schemas/push';
import { api, call } from '../../lib/api-client';

export type PushAudience = 'customer' | 'board';

/** The customer's and the board's subscriptions: the same three routes under two bases. */
const SUBSCRIPTIONS = { customer: api.push.subscriptions, board: api.admin.push.subscriptions } as const;

/** Service worker, Push API and notifications all there (iOS: only in the home-screen app, 16.4+). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

/** "Chrome on Android": what the person sees in their list of devices. */
export function deviceLabel(userAgent: string = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /(Chrome|Chromium|CriOS)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'this device';
  return `${browser} on ${system}`;
}

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** This browser's current subscription, or null (none, or no service worker yet). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

export async function listPushSubscriptions(audience: PushAudience): Promise<PushSubscriptionView[]> {
  return (await call(SUBSCRIPTIONS[audience].$get(), pushSubscriptionsResponseSchema)).subscriptions;
}

/**
 * Asks for the permission (call from a click), subscribes this browser and registers it for the
 * audience. Resolves 'denied' when the person said no; throws when the network or the push service
 * failed (the caller says so; nothing is retried behind their back).
 */
export async function turnOnPush(audience: PushAudience): Promise<'on' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { publicKey } = await call(api.push['public-key'].$get(), pushPublicKeyResponseSchema);
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key (the key was changed) cannot receive our pushes.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && !sameBytes(new Uint8Array(key), base64UrlToBytes(publicKey))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  const json = subscription.toJSON();
  await call(
    // The browser's toJSON() types every field optional; the contract says what the server needs.
    SUBSCRIPTIONS[audience].$post({
      json: pushSubscriptionInputSchema.parse({ endpoint: json.endpoint, keys: json.keys, deviceLabel: deviceLabel() }),
    }),
    pushSubscriptionResponseSchema,
  );
  return 'on';
}

/**
 * Stops one registered device (this one or another of the account's) for the audience. The
 * browser's own subscription is kept: the other audience (a manager's phone that is also a
 * customer's) may still use it, and without a row on the server nothing is sent to it.
 */
export async function turnOffPush(audience: PushAudience, id: number): Promise<void> {
  await call(SUBSCRIPTIONS[audience][':id'].$delete({ param: { id: String(id) } }), z.optional(pushSubscriptionsResponseSchema));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
