/**
 * Bulk price changes for a category (issue 18): every dish's price by a percentage or by an amount.
 * Pure, so the preview and the applied change are one computation: what the manager saw is what is
 * saved (unless a dish's price changed in between, when the applied answer says so).
 */
import type { BulkPrice } from '../../src/shared/schemas/menu-editor';

/** The percentages a manager may apply in one go (a 90 % cut, a 500 % rise are already typos). */
export const BULK_PERCENT_MIN = -90;
export const BULK_PERCENT_MAX = 500;
/** One decimal at most: "7.5 %". */
const PERCENT_STEPS_PER_UNIT = 10;
/** 100 % in tenths of a percent. */
const TENTHS_PER_WHOLE = 1000;

export interface PricedDish {
  id: number;
  name: string;
  priceBani: number;
}

export interface BulkPriceChange {
  dishId: number;
  name: string;
  beforeBani: number;
  afterBani: number;
}

export type BulkPriceResult =
  | { ok: true; changes: BulkPriceChange[] }
  | { ok: false; field: 'value'; message: string; dish?: { id: number; name: string; afterBani: number } };

/**
 * The new price of every dish whose price moves; percent rounds half up to whole bani.
 * Refused (never partly applied) when the value is out of range or any dish would cost 0 or less.
 */
export function bulkPriceChanges(dishes: readonly PricedDish[], change: Pick<BulkPrice, 'mode' | 'value'>): BulkPriceResult {
  if (change.mode === 'percent') {
    if (change.value < BULK_PERCENT_MIN || change.value > BULK_PERCENT_MAX)
      return { ok: false, field: 'value', message: `Use a percentage from ${BULK_PERCENT_MIN} to ${BULK_PERCENT_MAX}.` };
    if (!Number.isInteger(Math.round(change.value * PERCENT_STEPS_PER_UNIT * 1e6) / 1e6))
      return { ok: false, field: 'value', message: 'Use at most one decimal in the percentage.' };
  } else if (!Number.isSafeInteger(change.value)) {
    return { ok: false, field: 'value', message: 'The amount must be whole bani.' };
  }
  const changes: BulkPriceChange[] = [];
  for (const dish of dishes) {
    const afterBani =
      change.mode === 'percent'
        ? // Tenths of a percent as integers, so +7.5 % of 1990 bani is exactly 2139.25 before rounding (half up).
          Math.round((dish.priceBani * (TENTHS_PER_WHOLE + Math.round(change.value * PERCENT_STEPS_PER_UNIT))) / TENTHS_PER_WHOLE)
        : dish.priceBani + change.value;
    if (afterBani <= 0)
      return {
        ok: false,
        field: 'value',
        message: `${dish.name} would cost ${(afterBani / 100).toFixed(2)} lei: a price must stay above 0.`,
        dish: { id: dish.id, name: dish.name, afterBani },
      };
    if (afterBani !== dish.priceBani) changes.push({ dishId: dish.id, name: dish.name, beforeBani: dish.priceBani, afterBani });
  }
  return { ok: true, changes };
}
