/**
 * The time in the offline menu notice ("prices as of 14:05"): Bucharest wall-clock hours and
 * minutes whatever the device's zone. Shared by the menu screen and the first-paint template.
 */
export const PRICE_TIME_FORMAT = new Intl.DateTimeFormat('ro-RO', { timeZone: 'Europe/Bucharest', hour: '2-digit', minute: '2-digit' });
