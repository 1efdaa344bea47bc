/**
 * What the service worker does with a Web Push (issue 20), as pure functions the worker (src/sw.ts)
 * calls and unit tests read: the payload checked by hand (the worker does not load zod for three
 * fields), the notification it shows, and where tapping it goes — the order's own page for a
 * customer (it opens offline too, from IndexedDB), the board for the manager's tablet.
 */
import type { PushPayload } from '../schemas/push';
import { MAX_PUSH_TEXT_LENGTH, pushTargetPath } from './push-target';
import type { OrderStatus } from '../schemas/order-statuses';
import { ORDER_STATUSES } from '../schemas/order-statuses';

const AUDIENCES = new Set(['customer', 'board']);
const KINDS = new Set(['status', 'new-order', 'waiting']);
const ICON_PATH = '/icons/icon-192.png';

/** The payload if it has the shape the server sends, else null (never throws). */
export function readPushPayload(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const { audience, kind, orderNumber, status, text } = data as Record<string, unknown>;
  if (typeof audience !== 'string' || !AUDIENCES.has(audience)) return null;
  if (typeof kind !== 'string' || !KINDS.has(kind)) return null;
  if (typeof orderNumber !== 'string' || orderNumber.length === 0 || orderNumber.length > 40) return null;
  if (typeof status !== 'string' || !(ORDER_STATUSES as readonly string[]).includes(status)) return null;
  if (typeof text !== 'string' || text.length === 0) return null;
  return {
    audience: audience as PushPayload['audience'],
    kind: kind as PushPayload['kind'],
    orderNumber,
    status: status as OrderStatus,
    text: text.slice(0, MAX_PUSH_TEXT_LENGTH),
  };
}

export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string; orderNumber: string; audience: PushPayload['audience'] }; renotify?: boolean };
}

/**
 * One notification per order and audience (the tag): a newer status replaces the older one on the
 * lock screen instead of piling up. The board's stay until someone acts on them, and ring again.
 */
export function notificationFor(payload: PushPayload): ShownNotification {
  const board = payload.audience === 'board';
  const title = board
    ? payload.kind === 'waiting'
      ? `Order ${payload.orderNumber} is waiting`
      : `New order ${payload.orderNumber}`
    : `Order ${payload.orderNumber}`;
  return {
    title,
    options: {
      body: payload.text,
      tag: `${payload.audience}-${payload.orderNumber}`,
      icon: ICON_PATH,
      badge: ICON_PATH,
      requireInteraction: board,
      renotify: true,
      data: { url: pushTargetPath(payload), orderNumber: payload.orderNumber, audience: payload.audience },
    },
  };
}

/** A push that cannot be read still has to show something (browsers require it for userVisibleOnly). */
export const UNREADABLE_PUSH: ShownNotification = {
  title: 'Casa Grătarului',
  options: {
    body: 'Your order has news: open the app to see it.',
    tag: 'unreadable',
    icon: ICON_PATH,
    data: { url: '/orders', orderNumber: '', audience: 'customer' },
  },
};

/** The same-origin path a notification's data names, or the orders list when it names none. */
export function targetUrlOf(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) return new URL(url, origin).href;
  return new URL('/orders', origin).href;
}

interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<WindowLike | null>;
}

/**
 * Tapping a notification: a tab already on that page is brought forward; else an open tab of the
 * app is taken there; else a new window opens. Focusing is best effort (a browser may refuse it).
 */
export async function openOrFocus(
  target: string,
  clients: { matchAll(): Promise<readonly WindowLike[]>; openWindow(url: string): Promise<unknown> },
  origin: string,
): Promise<'focused' | 'navigated' | 'opened'> {
  const windows = await clients.matchAll();
  const focus = (client: WindowLike) => client.focus().catch(() => undefined);
  const exact = windows.find((client) => client.url === target);
  if (exact) {
    await focus(exact);
    return 'focused';
  }
  const ours = windows.find((client) => client.url.startsWith(`${origin}/`) && typeof client.navigate === 'function');
  if (ours?.navigate) {
    const navigated = await ours.navigate(target).catch(() => null);
    if (navigated) {
      await focus(navigated);
      return 'navigated';
    }
  }
  await clients.openWindow(target);
  return 'opened';
}
