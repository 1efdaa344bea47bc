/**
 * Web Push facts both the API and the service worker need, without zod (the service worker does not
 * load it): the longest text a push carries, and where tapping a notification goes.
 */

/** Short text shown in the notification, in the customer's language. */
export const MAX_PUSH_TEXT_LENGTH = 160;

/** Where tapping a notification takes the person: the order's own page, or the board. */
export function pushTargetPath(payload: { audience: 'customer' | 'board'; orderNumber: string }): string {
  return payload.audience === 'board' ? '/admin?section=orders' : `/order-details/${encodeURIComponent(payload.orderNumber)}`;
}
