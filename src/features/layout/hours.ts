import type { Location } from '../../shared/schemas/restaurant';
import { WEEKDAYS } from '../../shared/schemas/restaurant';

/** "11:00-22:00" when every day has the same single interval, else null (then show per day). */
export function dailyHours(location: Pick<Location, 'openingHours'> | undefined): string | null {
  if (!location) return null;
  const first = location.openingHours.weekly.mon?.[0];
  if (!first) return null;
  const same = WEEKDAYS.every((day) => {
    const intervals = location.openingHours.weekly[day] ?? [];
    return intervals.length === 1 && intervals[0]!.open === first.open && intervals[0]!.close === first.close;
  });
  return same ? `${first.open}-${first.close}` : null;
}
