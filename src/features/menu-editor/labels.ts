/**
 * The editor's words for the contract's codes: the 14 allergens of EU Regulation 1169/2011 Annex II,
 * the dietary tags, the units and the weekdays (1 = Monday … 7 = Sunday, as the windows store them).
 */
import type { MenuUnit } from '../../shared/schemas/menu';

// The allergens' and tags' names are the storefront's, so the editor and the dish dialog say the same.
export { ALLERGEN_FULL_LABELS as ALLERGEN_LABELS } from '../../shared/allergen-names';
export { DIETARY_TAG_LABELS } from '../../shared/dish-facts';

export const UNIT_LABELS: Record<MenuUnit, string> = {
  Buc: 'Piece (Buc)',
  Kg: 'Per Kg',
  'Felie 50g': 'Slice of 50 g',
  '200g': '200 g',
};

export const WEEKDAYS = [
  { day: 1, short: 'Mon', name: 'Monday' },
  { day: 2, short: 'Tue', name: 'Tuesday' },
  { day: 3, short: 'Wed', name: 'Wednesday' },
  { day: 4, short: 'Thu', name: 'Thursday' },
  { day: 5, short: 'Fri', name: 'Friday' },
  { day: 6, short: 'Sat', name: 'Saturday' },
  { day: 7, short: 'Sun', name: 'Sunday' },
] as const;

/** "Mon–Fri 11:00–15:00" / "Sat, Sun 10:00–14:00": a window on one line, 24 h. */
export function describeWindow(window: { days: readonly number[]; from: string; to: string }): string {
  const days = [...window.days].sort((a, b) => a - b);
  const consecutive = days.length > 2 && days.every((day, index) => index === 0 || day === days[index - 1]! + 1);
  const short = (day: number) => WEEKDAYS[day - 1]?.short ?? String(day);
  const dayText = days.length === 7 ? 'Every day' : consecutive ? `${short(days[0]!)}–${short(days.at(-1)!)}` : days.map(short).join(', ');
  return `${dayText} ${window.from}–${window.to}`;
}
