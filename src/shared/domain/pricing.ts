/**
 * Line and cart pricing in integer bani. The client uses these for display; the order route uses
 * the same functions over prices it loads itself, so client-sent prices never matter.
 */
import type { Bani } from '../money';
import { addBani, asBani, multiplyBani } from '../money';

export interface PricedLine {
  unitPriceBani: Bani;
  modifierPricesBani: readonly Bani[];
  quantity: number;
}

/** (base + modifiers) x quantity. */
export function linePriceBani(line: PricedLine): Bani {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) throw new RangeError(`Bad quantity ${line.quantity}`);
  return multiplyBani(addBani(line.unitPriceBani, ...line.modifierPricesBani), line.quantity);
}

export function subtotalBani(lines: readonly PricedLine[]): Bani {
  return addBani(asBani(0), ...lines.map(linePriceBani));
}
