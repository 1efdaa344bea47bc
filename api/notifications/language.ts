/**
 * The languages notifications are written in. English only for now; issue 23 adds Romanian by
 * adding 'ro' here and a branch in each message function (every message is one function taking a
 * language), and a way to know the customer's language (until then everyone gets English).
 */
export const NOTIFICATION_LANGUAGES = ['en'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

/** The customer's language for their notifications (issue 23 will read it from the account). */
export function languageOfCustomer(_customerId: number): NotificationLanguage {
  return 'en';
}
