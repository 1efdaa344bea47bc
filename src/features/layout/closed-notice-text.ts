/**
 * The words of the closed-restaurant notice at the top of home and the menu (issue 27: a closed
 * restaurant showed nothing until checkout): "Closed now — opens at 11:00". Pure: the instants come
 * from GET /api/restaurant/status (the server's clock), shown in Europe/Bucharest.
 */
import { localClockText, localParts } from '../../shared/domain/opening-hours';
import type { RestaurantStatus } from '../../shared/schemas/admin';
import { SCHEDULE_DAYS_AHEAD } from '../../shared/schemas/locations';
import type { Weekday } from '../../shared/schemas/restaurant';

const MS_PER_DAY = 24 * 60 * 60 * 1_000;
/** Within this many days an opening is named by its weekday ("opens Monday at 11:00"). */
const WEEKDAY_NAMING_DAYS = 6;

const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export interface ClosedNotice {
  title: string;
  detail: string;
}

/** "at 11:00", "tomorrow at 11:00", "Monday at 11:00", "on 25.12 at 11:00". */
function openingWhen(nextOpeningAt: string, serverNow: string): string {
  const now = localParts(new Date(serverNow));
  const opens = localParts(new Date(nextOpeningAt));
  const time = localClockText(new Date(nextOpeningAt));
  if (opens.date === now.date) return `at ${time}`;
  if (opens.date === localParts(new Date(Date.parse(serverNow) + MS_PER_DAY)).date) return `tomorrow at ${time}`;
  if (Date.parse(nextOpeningAt) - Date.parse(serverNow) < WEEKDAY_NAMING_DAYS * MS_PER_DAY)
    return `${WEEKDAY_NAMES[opens.weekday]} at ${time}`;
  return `on ${opens.date.slice(8, 10)}.${opens.date.slice(5, 7)} at ${time}`;
}

/** What to say while the restaurant takes no orders, or null while it is open. */
export function closedNotice(status: RestaurantStatus): ClosedNotice | null {
  if (status.isOpen) return null;
  if (!status.acceptingOrders) {
    return {
      title: 'Closed now — not taking orders',
      detail: 'You can look through the menu; orders can be placed again once the restaurant reopens.',
    };
  }
  // Issue 22: while a kitchen opens within the days orders for later reach, the customer can order now
  // for a time then (the checkout offers that kitchen's slots) instead of coming back.
  const orderForLater =
    status.nextOpeningAt !== null && Date.parse(status.nextOpeningAt) - Date.parse(status.serverNow) < SCHEDULE_DAYS_AHEAD * MS_PER_DAY;
  return {
    title: status.nextOpeningAt ? `Closed now — opens ${openingWhen(status.nextOpeningAt, status.serverNow)}` : 'Closed now',
    detail: orderForLater
      ? 'You can order now for later: add your dishes and choose a time at checkout.'
      : 'You can look through the menu; orders can be placed once we are open.',
  };
}
