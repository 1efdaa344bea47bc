/**
 * The preparation time chosen when accepting an order (issue 19): a preset (15 / 30 / 45 / 60 min)
 * or the kitchen's own whole number of minutes within the server's bounds. Pure, so the rule is
 * tested without a dialog; the server validates the same bounds (acceptOrderSchema).
 */
import { MAX_PREP_MINUTES } from '../../shared/schemas/order';

export type PrepChoice = { kind: 'preset'; minutes: number } | { kind: 'custom' };

/** The chosen minutes, or null while nothing valid is chosen. */
export function chosenPrepMinutes(choice: PrepChoice | null, customText: string): number | null {
  if (!choice) return null;
  if (choice.kind === 'preset') return choice.minutes;
  const text = customText.trim();
  if (!/^\d+$/.test(text)) return null;
  const minutes = Number(text);
  return minutes >= 1 && minutes <= MAX_PREP_MINUTES ? minutes : null;
}
