/**
 * Opening hours with the live "open now / opens at …" line per location (issue 7), for the footer,
 * the contact page and the full menu's 'Pentru comenzi' box. The weekly schedule, closed days and the
 * next two weeks' holiday exceptions come from the locations (shown once when every location keeps
 * the same hours); the live state from the server (GET /api/restaurant/status). Until that answers
 * (or offline with nothing cached) only the schedule shows; without locations, the caller's fallback.
 */
import { useQuery } from '@tanstack/react-query';

import { restaurantStatusQueryOptions } from '../entities/restaurant/api/get-restaurant-status';
import { liveStatusText, upcomingExceptions, weeklyHoursLines } from '../entities/restaurant/opening-hours-text';
import type { Location, OpeningHours } from '../shared/schemas/restaurant';
import './opening-hours-info.css';

function Schedule({
  hours,
  serverNow,
  dailyLabel,
}: {
  hours: OpeningHours;
  serverNow: string | undefined;
  dailyLabel: string | undefined;
}) {
  const exceptions = serverNow ? upcomingExceptions(hours, serverNow) : [];
  return (
    <ul className="opening-hours__list" data-testid="opening-hours-schedule">
      {weeklyHoursLines(hours, dailyLabel).map((line) => (
        <li key={line.days}>
          {line.days} {line.hours}
        </li>
      ))}
      {exceptions.map((line) => (
        <li key={line.days}>
          {line.days}: {line.hours}
        </li>
      ))}
    </ul>
  );
}

export function OpeningHoursInfo({
  locations,
  fallback,
  dailyLabel,
}: {
  locations: readonly Location[] | undefined;
  fallback: string;
  /** How "every day" reads (default 'Zilnic'; the contact card says 'Deschis zilnic'). */
  dailyLabel?: string;
}) {
  const status = useQuery(restaurantStatusQueryOptions());
  if (!locations || locations.length === 0) return <p>{fallback}</p>;
  const live = status.data;
  const first = JSON.stringify(locations[0]!.openingHours);
  const shared = locations.every((location) => JSON.stringify(location.openingHours) === first);
  const nowLine = (location: Location) => {
    const state = live?.locations.find((l) => l.id === location.id);
    if (!live || !state) return null;
    return (
      <p className="opening-hours__now" data-testid="opening-hours-now">
        {locations.length > 1 ? `${location.name}: ` : ''}
        {liveStatusText(state, live.acceptingOrders, live.serverNow)}
      </p>
    );
  };
  if (shared) {
    return (
      <div className="opening-hours">
        <Schedule hours={locations[0]!.openingHours} serverNow={live?.serverNow} dailyLabel={dailyLabel} />
        {locations.map((location) => (
          <div key={location.id}>{nowLine(location)}</div>
        ))}
      </div>
    );
  }
  return (
    <div className="opening-hours">
      {locations.map((location) => (
        <div key={location.id} className="opening-hours__location">
          <p className="opening-hours__name">{location.name}</p>
          {nowLine(location)}
          <Schedule hours={location.openingHours} serverNow={live?.serverNow} dailyLabel={dailyLabel} />
        </div>
      ))}
    </div>
  );
}
