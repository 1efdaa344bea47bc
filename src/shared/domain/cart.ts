/**
 * Cart rules (spec §4 "Cart"), pure and in integer bani:
 * - adding a line with the same menu item, an identical SET of modifiers (order of choice does
 *   not matter) and the same special instructions raises that line's quantity; anything else is a
 *   new line. A different note makes a different line (docs/decisions/0040-a-note-makes-a-different-cart-line.md): '2 x Mici' and
 *   '1 x Mici, fără ceapă' are two things for the kitchen, and merging would lose or misapply a note;
 * - a quantity of 0 or less removes the line; quantities are capped at MAX_ITEM_QUANTITY;
 * - line price = (base price + modifier prices) x quantity; the cart total sums the lines.
 * The cart feature stores lines in IndexedDB and calls these; checkout on the server recomputes
 * prices from its own catalogue, so nothing here is trusted for money on the wire.
 */
import type { Bani } from '../money';
import { asBani } from '../money';
import { MAX_ITEM_QUANTITY } from '../schemas/menu';
import { linePriceBani, subtotalBani } from './pricing';

export interface CartModifier {
  modifierId: number;
  modifierGroupId: number;
  name: string;
  sku: string;
  priceBani: number;
}

export interface CartLine {
  /** Time-based id (spec §3), unique per line. */
  id: string;
  menuItemId: number;
  name: string;
  sku: string;
  unitPriceBani: number;
  quantity: number;
  selectedModifiers: CartModifier[];
  specialInstructions: string;
  imageUrl: string | null;
  addedAt: string;
  /**
   * Per-kg dishes (issue 27): the portion in grams, and unitPriceBani is the kilogram price.
   * Absent on dishes sold by the piece (and on lines saved before weights existed).
   */
  weightGrams?: number;
}

/** What "add to cart" hands over: a line without identity. */
export type CartAddition = Omit<CartLine, 'id' | 'addedAt'>;

/** A note as the kitchen reads it: surrounding and repeated spaces and letter case do not matter. */
export function normaliseNote(note: string | undefined): string {
  return (note ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase('ro');
}

/**
 * Identity of a configuration: the item, its modifier ids sorted so choice order never matters,
 * and its normalised special instructions.
 */
export function cartLineKey(
  line: Pick<CartLine, 'menuItemId' | 'selectedModifiers'> & { specialInstructions?: string; weightGrams?: number | undefined },
): string {
  const modifierIds = line.selectedModifiers.map((m) => m.modifierId).sort((a, b) => a - b);
  // A different portion is a different line: "2 × 500 g" and "1 × 750 g" are weighed apart.
  const weight = line.weightGrams === undefined ? '' : `@${line.weightGrams}`;
  return `${line.menuItemId}${weight}:${modifierIds.join(',')}:${JSON.stringify(normaliseNote(line.specialInstructions))}`;
}

export function clampQuantity(quantity: number): number {
  return Math.min(MAX_ITEM_QUANTITY, Math.max(0, Math.trunc(quantity)));
}

/**
 * Add `addition` to `lines`: merge into the line with the same key (quantities add up, capped; the
 * existing line keeps its note text), or append a new line with `id`/`addedAt`.
 * Returns a new array; the input is not changed.
 */
export function addToCartLines(lines: readonly CartLine[], addition: CartAddition, id: string, addedAt: string): CartLine[] {
  if (addition.quantity <= 0) return [...lines];
  const key = cartLineKey(addition);
  const index = lines.findIndex((line) => cartLineKey(line) === key);
  if (index === -1) return [...lines, { ...addition, quantity: clampQuantity(addition.quantity), id, addedAt }];
  return lines.map((line, i) => (i === index ? { ...line, quantity: clampQuantity(line.quantity + addition.quantity) } : line));
}

/** Set a line's quantity; 0 or less removes it. */
export function setLineQuantity(lines: readonly CartLine[], lineId: string, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((line) => line.id !== lineId);
  return lines.map((line) => (line.id === lineId ? { ...line, quantity: clampQuantity(quantity) } : line));
}

type PricedCartLine = Pick<CartLine, 'unitPriceBani' | 'selectedModifiers' | 'quantity' | 'weightGrams'>;

function pricedLine(line: PricedCartLine) {
  return {
    unitPriceBani: asBani(line.unitPriceBani),
    modifierPricesBani: line.selectedModifiers.map((m) => asBani(m.priceBani)),
    quantity: line.quantity,
    weightGrams: line.weightGrams,
  };
}

/** (base + modifiers) x quantity, in bani; a per-kg dish's base is its portion's price. */
export function cartLineTotalBani(line: PricedCartLine): Bani {
  return linePriceBani(pricedLine(line));
}

/** One unit of a configuration (base or weighed portion + modifiers), in bani. */
export function cartUnitPriceBani(line: Omit<PricedCartLine, 'quantity'>): Bani {
  return cartLineTotalBani({ ...line, quantity: 1 });
}

export function cartTotalBani(lines: readonly PricedCartLine[]): Bani {
  return subtotalBani(lines.map(pricedLine));
}

/** The number the header badge shows: units, not lines. */
export { cartItemCount } from './cart-count';

/** Units in the cart per menu item (for the quantity badge on menu cards). */
export function quantitiesByMenuItem(lines: readonly Pick<CartLine, 'menuItemId' | 'quantity'>[]): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const line of lines) quantities.set(line.menuItemId, (quantities.get(line.menuItemId) ?? 0) + line.quantity);
  return quantities;
}
