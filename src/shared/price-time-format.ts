/**
 * The time in the offline menu notice ("prices as of 14:05"): Bucharest wall-clock hours and
 * minutes whatever the device's zone.
 */
import { localClockText } from './domain/opening-hours';

export function priceTimeText(fetchedAt: string): string {
  return localClockText(new Date(fetchedAt));
}
