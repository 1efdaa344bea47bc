/**
 * Opening hours per location with the live "open now / opens at …" line (issue 7), for the footer,
 * the contact page and the full menu's 'Pentru comenzi' box. The weekly schedule, closed days and the
 * next two weeks' holiday exceptions come from the locations; the live state from the server
 * (GET /api/restaurant/status). Until that answers (or offline with nothing cached) only the
 * schedule shows; without locations, the caller's fallback text.
 */
import { useQuery } from '@tanstack/react-query';

import type { TimeStyle } from '../lib/opening-hours-text';
import { liveStatusText, upcomingExceptions, weeklyHoursLines } from '../lib/opening-hours-text';
import { restaurantStatusQueryOptions } from '../lib/restaurant-status';
import type { Location } from '../shared/schemas/restaurant';
import './opening-hours-info.css';

export function OpeningHoursInfo({
  locations,
  fallback,
  timeStyle = '24h',
}: {
  locations: readonly Location[] | undefined;
  fallback: string;
  timeStyle?: TimeStyle;
}) {
  const status = useQuery(restaurantStatusQueryOptions());
  if (!locations || locations.length === 0) return <p>{fallback}</p>;
  const live = status.data;
  return (
    <div className="opening-hours">
      {locations.map((location) => {
        const state = live?.locations.find((l) => l.id === location.id);
        const exceptions = live ? upcomingExceptions(location.openingHours, live.serverNow, timeStyle) : [];
        return (
          <div key={location.id} className="opening-hours__location" data-testid="opening-hours">
            {locations.length > 1 ? <p className="opening-hours__name">{location.name}</p> : null}
            {live && state ? (
              <p className="opening-hours__now" data-open={state.isOpen}>
                {liveStatusText(state, live.acceptingOrders, live.serverNow)}
              </p>
            ) : null}
            <ul className="opening-hours__list">
              {weeklyHoursLines(location.openingHours, timeStyle).map((line) => (
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
          </div>
        );
      })}
    </div>
  );
}
