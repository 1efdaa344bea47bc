/**
 * Dishes sold by weight (issue 27): a dish whose unit is 'Kg' is priced per kilogram, and the
 * customer chooses a portion in the restaurant's steps for that dish (default 250 g from 250 g:
 * 250, 500, 750, 1000 g ...). The portion's price is the kilogram price times the weight, rounded
 * half up to the ban. Pure: the dish dialog and the cart use it to show prices, the order route to
 * decide them from its own catalogue.
 */
import type { Locale } from '../i18n/locales';
import { DEFAULT_LOCALE, perLocale } from '../i18n/locales';
import type { Bani } from '../money';
import { asBani } from '../money';

export const GRAMS_PER_KG = 1000;
export const DEFAULT_WEIGHT_STEP_GRAMS = 250;
export const DEFAULT_WEIGHT_MIN_GRAMS = 250;
/** 10 kg in one portion: more is a typo, and a catering order is a phone call. */
export const MAX_WEIGHT_GRAMS = 10_000;
/** The weight a line without one means for a per-kg dish: older clients sold whole kilograms. */
export const LEGACY_WEIGHT_GRAMS = GRAMS_PER_KG;

export interface Weighing {
  stepGrams: number;
  minGrams: number;
}

/** The unit and optional per-dish steps as the menu contract carries them. */
export interface WeighableItem {
  unit: string;
  weightStepGrams?: number | undefined;
  weightMinGrams?: number | undefined;
}

/** The dish's weighing rule, or null when it is sold by the piece. */
export function weighingOf(item: WeighableItem): Weighing | null {
  if (item.unit !== 'Kg') return null;
  const stepGrams = item.weightStepGrams ?? DEFAULT_WEIGHT_STEP_GRAMS;
  return { stepGrams, minGrams: item.weightMinGrams ?? stepGrams };
}

export type WeightProblem = 'below_minimum' | 'off_step' | 'above_maximum' | 'not_whole_grams';

/** Why `grams` is not a portion this dish sells, or null when it is. */
export function weightProblem(weighing: Weighing, grams: number): WeightProblem | null {
  if (!Number.isSafeInteger(grams)) return 'not_whole_grams';
  if (grams < weighing.minGrams) return 'below_minimum';
  if (grams > MAX_WEIGHT_GRAMS) return 'above_maximum';
  if ((grams - weighing.minGrams) % weighing.stepGrams !== 0) return 'off_step';
  return null;
}

/** One step up or down from `grams`, kept within the portions sold (min ... the largest step under MAX_WEIGHT_GRAMS). */
export function nextWeight(weighing: Weighing, grams: number, direction: 1 | -1): number {
  const next = grams + direction * weighing.stepGrams;
  return Math.min(MAX_WEIGHT_GRAMS - ((MAX_WEIGHT_GRAMS - weighing.minGrams) % weighing.stepGrams), Math.max(weighing.minGrams, next));
}

/**
 * kilogram price x grams / 1000, rounded half up to the ban, in integers only (no float error:
 * 129 lei/kg x 750 g = 96.75 lei exactly; 55.55 lei/kg x 250 g = 13.8875 -> 13.89 lei).
 */
export function portionPriceBani(pricePerKgBani: Bani, grams: number): Bani {
  if (!Number.isSafeInteger(grams) || grams < 0) throw new RangeError(`Bad weight ${grams}`);
  return asBani(Math.floor((pricePerKgBani * grams + GRAMS_PER_KG / 2) / GRAMS_PER_KG));
}

const kilogramFormat = perLocale((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 3, useGrouping: 'min2' }));

/** "750 g", "1 kg", "1.25 kg" ("1,25 kg" in Romanian): how the weight reads on the cart, the order and the ticket. */
export function formatWeight(grams: number, locale: Locale = DEFAULT_LOCALE): string {
  if (grams < GRAMS_PER_KG) return `${grams} g`;
  return `${kilogramFormat(locale).format(grams / GRAMS_PER_KG)} kg`;
}
