/**
 * Line and cart pricing in integer bani. The client uses these for display; the order route uses
 * the same functions over prices it loads itself, so client-sent prices never matter.
 */
import type { Bani } from '../money';
import { addBani, asBani, multiplyBani } from '../money';
import { portionPriceBani } from './weight-pricing';

export interface PricedLine {
  unitPriceBani: Bani;
  modifierPricesBani: readonly Bani[];
  quantity: number;
  /** Dishes sold by weight: the portion in grams, and unitPriceBani is the kilogram price. */
  weightGrams?: number | null | undefined;
}

/** One portion: the dish (its weighed price for per-kg dishes) plus its options. */
export function unitPriceWithModifiersBani(line: Omit<PricedLine, 'quantity'>): Bani {
  const dish =
    line.weightGrams === null || line.weightGrams === undefined
      ? line.unitPriceBani
      : portionPriceBani(line.unitPriceBani, line.weightGrams);
  return addBani(dish, ...line.modifierPricesBani);
}

/** (base + modifiers) x quantity; a weighed dish's base is its portion's price. */
export function linePriceBani(line: PricedLine): Bani {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) throw new RangeError(`Bad quantity ${line.quantity}`);
  return multiplyBani(unitPriceWithModifiersBani(line), line.quantity);
}

export function subtotalBani(lines: readonly PricedLine[]): Bani {
  return addBani(asBani(0), ...lines.map(linePriceBani));
}
