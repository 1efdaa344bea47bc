/**
 * The words of the closed-restaurant notice at the top of home and the menu (issue 27: a closed
 * restaurant showed nothing until checkout): "Closed now — opens at 11:00". Pure: the instants come
 * from GET /api/restaurant/status (the server's clock), shown in Europe/Bucharest; it chooses the
 * messages and their values, the notice words them in the screen's language.
 */
import type { MessageId, MessageValues } from '../../lib/i18n';
import { localClockText, localParts } from '../../shared/domain/opening-hours';
import type { RestaurantStatus } from '../../shared/schemas/admin';
import { SCHEDULE_DAYS_AHEAD } from '../../shared/schemas/locations';

const MS_PER_DAY = 24 * 60 * 60 * 1_000;
/** Within this many days an opening is named by its weekday ("opens Monday at 11:00"). */
const WEEKDAY_NAMING_DAYS = 6;

export interface Message {
  id: MessageId;
  values?: MessageValues;
}

export interface ClosedNotice {
  title: Message;
  detail: Message;
}

/** "opens at 11:00", "opens tomorrow at 11:00", "opens Monday at 11:00", "opens on 25.12 at 11:00". */
function opensTitle(nextOpeningAt: string, serverNow: string): Message {
  const now = localParts(new Date(serverNow));
  const opens = localParts(new Date(nextOpeningAt));
  const time = localClockText(new Date(nextOpeningAt));
  if (opens.date === now.date) return { id: 'common.closed.opensAt', values: { time } };
  if (opens.date === localParts(new Date(Date.parse(serverNow) + MS_PER_DAY)).date)
    return { id: 'common.closed.opensTomorrowAt', values: { time } };
  if (Date.parse(nextOpeningAt) - Date.parse(serverNow) < WEEKDAY_NAMING_DAYS * MS_PER_DAY)
    return { id: 'common.closed.opensWeekdayAt', values: { weekday: opens.weekday, time } };
  return { id: 'common.closed.opensOnDateAt', values: { date: `${opens.date.slice(8, 10)}.${opens.date.slice(5, 7)}`, time } };
}

/** What to say while the restaurant takes no orders, or null while it is open. */
export function closedNotice(status: RestaurantStatus): ClosedNotice | null {
  if (status.isOpen) return null;
  if (!status.acceptingOrders) {
    return { title: { id: 'common.closed.notTakingOrders' }, detail: { id: 'common.closed.untilReopens' } };
  }
  // Issue 22: while a kitchen opens within the days orders for later reach, the customer can order now
  // for a time then (the checkout offers that kitchen's slots) instead of coming back.
  const orderForLater =
    status.nextOpeningAt !== null && Date.parse(status.nextOpeningAt) - Date.parse(status.serverNow) < SCHEDULE_DAYS_AHEAD * MS_PER_DAY;
  return {
    title: status.nextOpeningAt ? opensTitle(status.nextOpeningAt, status.serverNow) : { id: 'common.closed.now' },
    detail: { id: orderForLater ? 'common.closed.orderForLater' : 'common.closed.untilOpen' },
  };
}
