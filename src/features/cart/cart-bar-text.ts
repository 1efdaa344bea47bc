/** The bottom cart bar's words (issue 27: "3 items · 71.80 lei"). */
import { asBani, formatLei } from '../../shared/money';

/** "1 item" / "3 items". */
export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** "3 items · 71.80 lei": units and the cart's total at the device's prices. */
export function cartBarSummaryText(count: number, totalBani: number): string {
  return `${itemCountText(count)} · ${formatLei(asBani(totalBani))}`;
}
